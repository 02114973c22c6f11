/**
 * The shapes the search backends share: the backend interface and its configuration, a page of hits, and the sharded
 * index as the first-results script hands it over. Types only, below every module that implements or uses them.
 */
import type {SearchFilters, SearchHit} from '../../../lib/search/engine';

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

/** Hits of a query: up to the limit asked for, and how many sections matched in all. */
export interface SearchPage {
  hits: SearchHit[];
  total: number;
}

/** A sharded index that fetches shards as queries need them; `fetchShard` reads one shard file by name. */
export interface ShardedSearchIndex {
  /**
   * With `onFirstHits`, the first FIRST_HITS hits are passed to it as soon as their sections arrive, and the
   * sections of the others are requested once the promise it returns settles (when the page has painted them): what
   * fills a phone's screen needs fewer downloads.
   */
  search(query: string, limit: number, filters?: SearchFilters, onFirstHits?: (page: SearchPage) => Promise<void> | void): Promise<SearchPage>;
}
