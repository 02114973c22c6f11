import {lazy, Suspense, useEffect, useState} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Layout from '@theme/Layout';
import {product, searchLimits, searchText} from '@site/src/site';
import {snippet} from '@site/src/features/search/highlight';
import {useSearch} from '@site/src/features/search/use-search';
import {firstResultsSetup, localLexiconUrl, siteSearchBackend} from '@site/src/features/search/site-backends';
import {FIRST_RESULTS_ATTRIBUTE, resultText, type FirstResultsSettings} from '@site/src/features/search/first-results';
import {Highlighted} from '@site/src/features/search/components/Highlighted';
import {FetchError, NoResults} from '@site/src/features/search/components/SearchMessages';
import {holdPrefetch} from '@site/src/features/prefetch/hold';
import {afterNextPaint} from '@site/src/features/after-next-paint';
import {EAGER_SCRIPTS_ATTRIBUTE, FIRST_SCRIPT_ATTRIBUTE} from '@site/plugins/page-scripts/loader';
import styles from './styles.module.css';

/** The list's classes, for the first-results script to write the same markup as the list below. */
const resultClasses: FirstResultsSettings['classes'] = {
  count: styles.count,
  results: styles.results,
  result: styles.result,
  breadcrumbs: styles.breadcrumbs,
  resultTitle: styles.resultTitle,
  snippet: styles.snippet,
};

// Shards: the first results need the lexicon and a few small files, not the whole index. Their download starts as
// this module loads, while the page hydrates, instead of in an effect after it.
// (A client-side navigation loads this module while the previous page's URL is still current: no search then.)
if (ExecutionEnvironment.canUseDOM && /\/search\/?$/.test(window.location.pathname)) {
  const q = new URLSearchParams(window.location.search).get('q')?.trim();
  if (q) siteSearchBackend().prefetch?.(q);
}

// Most visits come with a query: what the page offers without one (saved searches, suggestions) loads on demand.
const EmptySearch = lazy(() => import(/* webpackChunkName: "search-empty" */ './_components/EmptySearch'));

// React never writes into the first-results container: it keeps what the first-results script wrote there.
const LEFT_TO_THE_SCRIPT = {__html: ''};

/** /search: reads `q` on load and keeps it in the URL, in place, as the reader types. */
export default function SearchPage() {
  const location = useLocation();
  const history = useHistory();
  const backend = siteSearchBackend();
  const lexiconUrl = localLexiconUrl();
  const firstResults = firstResultsSetup();
  // Starts empty, as the static HTML was rendered without a query; the effect below reads q once hydrated, so the
  // first client render matches the server's (a mismatch makes React throw away and re-render the page).
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const [retry, setRetry] = useState(0);
  const [urlRead, setUrlRead] = useState(false);
  const state = useSearch(backend, query, pages * searchLimits.pageSize, retry);

  // Follow q on load and when the URL changes from outside (the modal's "See all" link, back/forward).
  useEffect(() => {
    const q = new URLSearchParams(location.search).get('q') ?? '';
    setQuery((current) => (current === q ? current : q));
    setUrlRead(true);
  }, [location.search]);

  // What the first-results script showed stays until this page's own results (or its message) replace it in one
  // commit, or until the reader empties the box.
  const showFirstResults = state.status !== 'done' && state.status !== 'error' && (query.trim() !== '' || !urlRead);

  // Until the first results are on screen, link prefetches wait: they would share the network with the index shards.
  const showing = state.status === 'done' || state.status === 'error';
  useEffect(() => {
    if (showing || !new URLSearchParams(location.search).get('q')) return undefined;
    const release = holdPrefetch();
    return () => void afterNextPaint().then(release);
  }, [showing, location.search]);

  const update = (q: string) => {
    setQuery(q);
    setPages(1);
    history.replace({pathname: location.pathname, search: q ? `?q=${encodeURIComponent(q)}` : ''});
  };

  return (
    <Layout title={query ? `Search results for "${query}"` : 'Search'} description={`Search the ${product.name} documentation.`}>
      <Head>
        {/* The results are what this page shows first. The first-results script shows the first of them before the
            page's scripts start; without it (a hosted index, `npm start`) they need the page's scripts at once. */}
        <html {...(firstResults ? {[FIRST_SCRIPT_ATTRIBUTE]: firstResults.scriptUrl} : {[EAGER_SCRIPTS_ATTRIBUTE]: ''})} />
      </Head>
      {/* Every visit here searches: the lexicon downloads alongside the page's scripts instead of after them. Not
          through Head, which inserts its tags again on hydration: the lexicon was requested twice. */}
      {lexiconUrl && <link rel="preload" href={lexiconUrl} as="fetch" crossOrigin="anonymous" />}
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1>{query ? `Search results for "${query}"` : 'Search the documentation'}</h1>
        <form role="search" onSubmit={(e) => e.preventDefault()}>
          <input
            className={styles.input}
            type="search"
            aria-label={searchText.placeholder}
            placeholder={searchText.placeholder}
            value={query}
            onChange={(e) => update(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </form>
        {firstResults && showFirstResults && (
          <div
            {...{[FIRST_RESULTS_ATTRIBUTE]: JSON.stringify({...firstResults.settings, classes: resultClasses} satisfies FirstResultsSettings)}}
            className={styles.firstResults}
            dangerouslySetInnerHTML={LEFT_TO_THE_SCRIPT}
          />
        )}
        {/* Once the URL is read: the static HTML has no query, also for /search?q=… */}
        {urlRead && !query.trim() && state.status === 'idle' && (
          <Suspense fallback={null}>
            <EmptySearch onRun={update} />
          </Suspense>
        )}
        {/* Hidden by the stylesheet while the first-results script's hits are on screen. */}
        {state.status === 'loading' && (
          <p className={styles.searching} aria-live="polite">
            Searching…
          </p>
        )}
        {state.status === 'error' && <FetchError onRetry={() => setRetry((n) => n + 1)} />}
        {state.status === 'done' && state.total === 0 && <NoResults query={state.query} onSuggestion={update} />}
        {state.status === 'done' && state.total > 0 && (
          <>
            <p className={styles.count} aria-live="polite">
              {resultText.count(state.total)}
            </p>
            <ol className={styles.results}>
              {state.hits.map((hit) => (
                <li key={hit.url} className={styles.result}>
                  {/* Plain text, not a landmark: twenty "Breadcrumb" navigations of one name would only crowd a screen reader's list. */}
                  <div className={styles.breadcrumbs}>{resultText.breadcrumbs(hit)}</div>
                  <h2 className={styles.resultTitle}>
                    <Link to={hit.url}>
                      <Highlighted text={resultText.title(hit)} terms={hit.terms} />
                    </Link>
                  </h2>
                  <p className={styles.snippet}>
                    <Highlighted text={snippet(hit.text, hit.terms, resultText.snippetWidth)} terms={hit.terms} />
                  </p>
                </li>
              ))}
            </ol>
            {!state.partial && state.hits.length < state.total && (
              <button type="button" className="button button--secondary" onClick={() => setPages((p) => p + 1)}>
                Show more results ({state.total - state.hits.length} left)
              </button>
            )}
          </>
        )}
      </main>
    </Layout>
  );
}
