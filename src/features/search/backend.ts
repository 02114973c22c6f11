import {retryingCache} from './retrying-cache';
import {FIRST_HITS, openedIndex} from './first-results';
import type {SearchPage} from './sharded-index';

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

export type Fetch = typeof fetch;

/**
 * The local index in shards: the lexicon once, then the shards each query needs; failed loads are retried. The
 * engine is its own chunk, loaded with the lexicon: a page whose first-results script already opened the index
 * (first-results.ts) uses that one and downloads neither.
 */
function shardedBackend(config: SearchConfig, fetchImpl: Fetch): SearchBackend {
  const open = retryingCache(async () => {
    const opened = openedIndex(config.lexiconUrl);
    if (opened) {
      try {
        return await opened;
      } catch {
        // The script's download failed: this one is the retry.
      }
    }
    const {openShardedIndexAt} = await import('./sharded-index');
    return openShardedIndexAt(config.lexiconUrl, fetchImpl);
  });
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

/** A hosted index's client, a chunk of its own: only a site configured with one downloads it. */
function algoliaBackend(config: SearchConfig & {algolia: AlgoliaConfig}, fetchImpl: Fetch): SearchBackend {
  const client = retryingCache(async () => (await import('./algolia-backend')).algoliaRestBackend(config, fetchImpl));
  return {
    kind: 'algolia',
    search: async (query, limit) => (await client('')).search(query, limit),
    warm() {
      client('').catch(() => undefined);
    },
  };
}

/** Picks the hosted backend when Algolia is configured, the site's own sharded index otherwise. */
export function createSearchBackend(config: SearchConfig, fetchImpl: Fetch = (...args) => fetch(...args)): SearchBackend {
  return config.algolia ? algoliaBackend({...config, algolia: config.algolia}, fetchImpl) : shardedBackend(config, fetchImpl);
}
