import siteConfig from '@generated/docusaurus.config';
import globalData from '@generated/globalData';
import {createSearchBackend, createShardedSearchBackend, type SearchBackend, type SearchConfig} from './backend';
import {workerHost, type IndexHost} from './index-host';
import type {SearchSiteConfig} from '../../../plugins/search-index/config';
import type {SearchGlobalData} from '../../../plugins/search-index';

// The build's settings come from the generated config modules rather than React context, so the search page can
// start downloading its first results before the page has hydrated.
let config: SearchConfig | null = null;
let wholeIndex: SearchBackend | null = null;
let sharded: SearchBackend | null = null;

/** The build's search settings and the URLs of its local index. */
function searchConfig(): SearchConfig {
  config ??= {
    ...(siteConfig.customFields?.search as SearchSiteConfig),
    siteUrl: siteConfig.url,
    ...(globalData['datahub-search-index']?.default as SearchGlobalData),
    language: siteConfig.i18n?.defaultLocale ?? 'en',
    docsTag: 'docs-default-current',
  };
  return config;
}

/** Parsing the index takes a few hundred milliseconds of CPU: a worker keeps the page responsive meanwhile. */
function browserIndexHost(): IndexHost {
  return workerHost(new Worker(new URL('./search.worker.ts', import.meta.url), {type: 'module'}));
}

/** URL of the sharded index's lexicon, or null when a hosted (Algolia) index answers instead. */
export function localLexiconUrl(): string | null {
  const {algolia, lexiconUrl} = searchConfig();
  return algolia ? null : lexiconUrl;
}

/** The configured search backend with the whole local index in a worker (the modal), created once per page load. */
export function wholeIndexBackend(): SearchBackend {
  wholeIndex ??= createSearchBackend(searchConfig(), browserIndexHost);
  return wholeIndex;
}

/** The configured search backend reading the local index in shards (the search page), created once per page load. */
export function shardedSearchBackend(): SearchBackend {
  sharded ??= createShardedSearchBackend(searchConfig());
  return sharded;
}
