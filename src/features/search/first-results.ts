import type {ShardedSearchIndex} from './search-types';

/**
 * The search page's first results before React: a stand-alone script (first-results-entry.ts, bundled on its own by
 * plugins/search-index) runs the search for `?q=` in a worker (search-worker-entry.ts) and writes the first hits into a container the page
 * leaves to it, while the page's own scripts wait (plugins/page-scripts). This module is what both sides share; it
 * stays tiny, as the page's first load carries it.
 */

/** Hits a phone shows without scrolling: what the search page shows first, before the rest is downloaded. */
export const FIRST_HITS = 4;

/** Attribute of the container the script writes into; its value is the JSON of FirstResultsSettings. */
export const FIRST_RESULTS_ATTRIBUTE = 'data-first-results';

/** What the script needs from the page: where the index is, the filters, and the CSS-module classes of the list. */
export interface FirstResultsSettings {
  lexiconUrl: string;
  /** The search worker's script (search-worker-entry.ts). */
  workerUrl: string;
  language: string;
  docsTag: string;
  classes: Record<'count' | 'results' | 'result' | 'breadcrumbs' | 'resultTitle' | 'snippet', string>;
}

/** The index the script opened in its worker, with the shards it fetched, left for the page's search to reuse. */
interface OpenedIndex {
  lexiconUrl: string;
  index: Promise<ShardedSearchIndex>;
}

const OPENED_INDEX_KEY = '__datahubSearchIndex';
type WithOpenedIndex = typeof globalThis & {[OPENED_INDEX_KEY]?: OpenedIndex};

/** Leaves the opened index for the page (called by the script). */
export function shareOpenedIndex(lexiconUrl: string, index: Promise<ShardedSearchIndex>): void {
  (globalThis as WithOpenedIndex)[OPENED_INDEX_KEY] = {lexiconUrl, index};
}

/** The index the script opened from this lexicon, if it ran: the page then downloads neither the engine nor the index again. */
export function openedIndex(lexiconUrl: string): Promise<ShardedSearchIndex> | null {
  const opened = (globalThis as WithOpenedIndex)[OPENED_INDEX_KEY];
  return opened?.lexiconUrl === lexiconUrl ? opened.index : null;
}

/** The text of a hit as the results list shows it, shared by the script and the React page so that both look the same. */
export const resultText = {
  count: (total: number) => (total === 1 ? '1 result' : `${total} results`),
  breadcrumbs: (hit: {group: string; pageTitle: string}) => [hit.group, hit.pageTitle].filter(Boolean).join(' › '),
  title: (hit: {pageTitle: string; heading: string}) => (hit.heading ? `${hit.pageTitle} › ${hit.heading}` : hit.pageTitle),
  /** Characters of section text in a snippet. */
  snippetWidth: 220,
};
