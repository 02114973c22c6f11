import {useEffect, useRef, useState, type KeyboardEvent} from 'react';
import {createPortal, flushSync} from 'react-dom';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {searchLimits, searchText} from '@site/src/site';
import {openChat, prepareChat} from '@site/src/features/chat/open-chat';
import type {SearchHit} from '../../../../lib/search/engine';
import {isFavorite} from '../query-store';
import {useSavedQueries} from '../use-saved-queries';
import {useSearch} from '../use-search';
import {siteSearchBackend} from '../site-backends';
import {FetchError, NoResults} from '../components/SearchMessages';
import {optionId, ResultList} from './ResultList';
import {FavoriteToggle} from './SavedQueries';
import {EmptyQuery} from './EmptyQuery';
import {ASK_OPTION_ID, AskAiOption} from './AskAiOption';
import {useFocusTrap} from './use-focus-trap';
import styles from './styles.module.css';

/** Starts the download of what every query needs; the search button calls it on hover and focus. */
export function warmSearchIndex(): void {
  siteSearchBackend().warm?.();
}

/** Search page URL for a query. */
export const searchPageUrl = (q: string) => `/search?q=${encodeURIComponent(q.trim())}`;

/** The active option's index when it is the Ask action, which comes before the results. */
const ASK = -1;

/** The search dialog: combobox input, grouped results, saved searches and the spec's messages. */
export default function SearchModal({initialQuery, onClose}: {initialQuery: string; onClose: () => void}) {
  const backend = siteSearchBackend();
  const history = useHistory();
  const saved = useSavedQueries();
  const [query, setQuery] = useState(initialQuery);
  const [activeIndex, setActiveIndex] = useState(0);
  const [retry, setRetry] = useState(0);
  const state = useSearch(backend, query, searchLimits.modalResults, retry);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog);
  useEffect(warmSearchIndex, []);

  const hits = state.status === 'done' ? state.hits : [];
  const question = query.trim();
  // Offered with the results (or their absence) of what was typed, before them: ↑ from the first result reaches it.
  const offersAsk = state.status === 'done' && question !== '';
  const order = offersAsk ? [ASK, ...hits.keys()] : [...hits.keys()];
  // The first result is active until the reader moves; with none, the Ask action.
  const active: number | undefined = order.includes(activeIndex) ? activeIndex : hits.length > 0 ? 0 : order[0];
  const activeId = active === undefined ? undefined : active === ASK ? ASK_OPTION_ID : optionId(active);
  useEffect(() => {
    if (active === ASK) prepareChat();
  }, [active]);

  const go = (url: string) => {
    saved.addRecent(query);
    onClose();
    history.push(url);
  };
  const pick = (hit: SearchHit) => go(hit.url);
  const askChat = () => {
    // Closed first, so this modal gives focus back to its opener before the chat dialog takes it.
    flushSync(onClose);
    openChat(question);
  };
  const changeQuery = (q: string) => {
    setQuery(q);
    setActiveIndex(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (active === undefined) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = order[(order.indexOf(active) + step + order.length) % order.length];
      setActiveIndex(next);
      document.getElementById(next === ASK ? ASK_OPTION_ID : optionId(next))?.scrollIntoView({block: 'nearest'});
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active === ASK) askChat();
      else if (active !== undefined && hits[active]) pick(hits[active]);
      else if (question) go(searchPageUrl(query));
    }
  };
  const askOption = offersAsk && <AskAiOption question={question} active={active === ASK} onAsk={askChat} onHover={() => setActiveIndex(ASK)} />;

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-label="Search the documentation"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}>
        <div className={styles.searchRow}>
          <input
            className={styles.input}
            type="search"
            role="combobox"
            aria-expanded={order.length > 0}
            aria-controls="search-results"
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-label={searchText.placeholder}
            placeholder={searchText.placeholder}
            value={query}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => changeQuery(e.target.value)}
            onKeyDown={onKeyDown}
          />
          {query.trim() && (
            <FavoriteToggle query={query.trim()} saved={isFavorite(saved.lists, query)} onToggle={saved.toggleFavorite} />
          )}
          <button type="button" className={styles.close} onClick={onClose}>
            Close
          </button>
        </div>
        <div className={styles.body}>
          {state.status === 'idle' && <EmptyQuery saved={saved} onRun={changeQuery} />}
          {state.status === 'loading' && <p className={styles.hint}>Searching…</p>}
          {state.status === 'error' && <FetchError onRetry={() => setRetry((n) => n + 1)} />}
          {state.status === 'done' && state.total === 0 && (
            <>
              {askOption && <ResultList hits={[]} activeIndex={ASK} onPick={pick} onHover={setActiveIndex} leading={askOption} />}
              <NoResults query={state.query} onSuggestion={changeQuery} />
            </>
          )}
          {state.status === 'done' && state.total > 0 && (
            <>
              <ResultList hits={hits} activeIndex={active ?? 0} onPick={pick} onHover={setActiveIndex} leading={askOption} />
              <Link className={styles.seeAll} to={searchPageUrl(state.query)} onClick={() => go(searchPageUrl(state.query))}>
                See all {state.total} results
              </Link>
            </>
          )}
        </div>
        <p className={styles.footer} aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to navigate · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </div>,
    document.body,
  );
}
