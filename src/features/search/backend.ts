import {retryingCache} from './retrying-cache';
import {FIRST_HITS, openedIndex} from './first-results';
import type {AlgoliaConfig, Fetch, SearchBackend, SearchConfig} from './search-types';

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
