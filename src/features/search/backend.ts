import type {SearchHit} from '../../../lib/search/engine';
import {TITLE_SEPARATOR} from '../../../lib/search/types';
import {retryingCache} from './retrying-cache';
import {FIRST_HITS, openShardedIndex, type SearchLexicon, type SearchPage} from './sharded-index';
import {toSiteRelative} from './url';

/** Where the modal and the search page get results from. */
export interface SearchBackend {
  readonly kind: 'local' | 'algolia';
  /**
   * Resolves with up to `limit` hits and the true total; rejects when results cannot be fetched. A backend that
   * downloads per query may pass the first few hits to `onFirstHits` before the rest have arrived.
   */
  search(query: string, limit: number, onFirstHits?: (page: SearchPage) => Promise<void> | void): Promise<SearchPage>;
  /** Starts downloading what the first hits of `query` need, so that a search for it soon after answers sooner. */
  prefetch?(query: string): void;
  /** Starts downloading what every query needs (the local index's lexicon), so that the first keystroke answers sooner. */
  warm?(): void;
}

export interface AlgoliaConfig {
  appId: string;
  apiKey: string;
  indexName: string;
}

export interface SearchConfig {
  /** Hosted index; when absent the site's own index is used. */
  algolia: AlgoliaConfig | null;
  /** Hits whose URL matches stay absolute (spec 7.2). */
  externalUrlRegex?: string;
  siteUrl: string;
  /** URL of the local sharded index's lexicon; its shards are files beside it. */
  lexiconUrl: string;
  language: string;
  docsTag: string;
}

type Fetch = typeof fetch;

/** Fetches a file of the local index; a non-OK answer is an error naming the file. */
async function fetchIndexFile(fetchImpl: Fetch, url: string): Promise<Response> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`Search index request for ${url} failed with HTTP ${response.status}`);
  return response;
}

/** The local index in shards: the lexicon once, then the shards each query needs; failed loads are retried. */
function shardedBackend(config: SearchConfig, fetchImpl: Fetch): SearchBackend {
  const dir = config.lexiconUrl.slice(0, config.lexiconUrl.lastIndexOf('/') + 1);
  const text = async (url: string) => (await fetchIndexFile(fetchImpl, url)).text();
  const open = retryingCache(async () => openShardedIndex(JSON.parse(await text(config.lexiconUrl)) as SearchLexicon, (file) => text(`${dir}${file}`)));
  const search: SearchBackend['search'] = async (query, limit, onFirstHits) =>
    (await open('')).search(query, limit, {language: config.language, docsTag: config.docsTag}, onFirstHits);
  return {
    kind: 'local',
    search,
    // Failures surface in the search that follows, which fetches again.
    prefetch(query) {
      search(query, FIRST_HITS).catch(() => undefined);
    },
    warm() {
      open('').catch(() => undefined);
    },
  };
}

interface AlgoliaHit {
  url: string;
  content?: string | null;
  hierarchy: Record<string, string | null>;
}

/** Queries a DocSearch-style Algolia index over its REST API, with the spec's facet filters. */
function algoliaBackend(config: SearchConfig & {algolia: AlgoliaConfig}, fetchImpl: Fetch): SearchBackend {
  const {appId, apiKey, indexName} = config.algolia;
  return {
    kind: 'algolia',
    async search(query, limit) {
      const response = await fetchImpl(`https://${appId}-dsn.algolia.net/1/indexes/${encodeURIComponent(indexName)}/query`, {
        method: 'POST',
        headers: {'X-Algolia-Application-Id': appId, 'X-Algolia-API-Key': apiKey, 'Content-Type': 'application/json'},
        body: JSON.stringify({
          query,
          hitsPerPage: limit,
          facetFilters: [`language:${config.language}`, [`docusaurus_tag:default`, `docusaurus_tag:${config.docsTag}`]],
        }),
      });
      if (!response.ok) throw new Error(`Algolia answered HTTP ${response.status}`);
      const body = (await response.json()) as {hits: AlgoliaHit[]; nbHits: number};
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      const hits = body.hits.map((h, i): SearchHit => {
        const url = toSiteRelative(h.url, config.siteUrl, config.externalUrlRegex);
        const levels = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((l) => h.hierarchy[l]).filter((v): v is string => Boolean(v));
        return {
          url,
          pageUrl: url.split('#')[0],
          group: h.hierarchy.lvl0 ?? '',
          pageTitle: h.hierarchy.lvl1 ?? '',
          heading: levels.join(TITLE_SEPARATOR),
          text: h.content ?? '',
          score: body.hits.length - i,
          terms,
          queryTerms: terms,
        };
      });
      return {hits, total: body.nbHits};
    },
  };
}

/** Picks the hosted backend when Algolia is configured, the site's own sharded index otherwise. */
export function createSearchBackend(config: SearchConfig, fetchImpl: Fetch = (...args) => fetch(...args)): SearchBackend {
  return config.algolia ? algoliaBackend({...config, algolia: config.algolia}, fetchImpl) : shardedBackend(config, fetchImpl);
}
