import {loadSearchIndex, type LocalSearchIndex, type SearchFilters, type SearchHit, type SearchIndexFile} from '../../../lib/search/engine';
import type {IndexHost} from './index-host';

/** Holds one parsed index and answers queries against it; used by the search worker and by the in-thread host. */
export function createIndexState() {
  let index: LocalSearchIndex | null = null;
  return {
    load(bytes: ArrayBuffer): void {
      index = loadSearchIndex(JSON.parse(new TextDecoder().decode(bytes)) as SearchIndexFile);
    },
    search(query: string, limit: number, filters: SearchFilters): {hits: SearchHit[]; total: number} {
      if (!index) throw new Error('The search index is not loaded yet.');
      const all = index.search(query, Number.MAX_SAFE_INTEGER, filters);
      return {hits: all.slice(0, limit), total: all.length};
    },
  };
}

/** Parses and queries on the calling thread (Node: tests and command-line tools). */
export function inThreadHost(): IndexHost {
  const state = createIndexState();
  return {
    load: async (bytes) => state.load(bytes),
    search: async (query, limit, filters) => state.search(query, limit, filters),
  };
}
