import {usePluginData} from '@docusaurus/useGlobalData';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {createSearchBackend, createShardedSearchBackend, type SearchBackend, type SearchConfig} from './backend';
import {workerHost, type IndexHost} from './index-host';
import type {SearchSiteConfig} from '../../../plugins/search-index/config';
import type {SearchGlobalData} from '../../../plugins/search-index';

let cachedWhole: SearchBackend | null = null;
let cachedSharded: SearchBackend | null = null;

/** Parsing the index takes a few hundred milliseconds of CPU: a worker keeps the page responsive meanwhile. */
function browserIndexHost(): IndexHost {
  return workerHost(new Worker(new URL('./search.worker.ts', import.meta.url), {type: 'module'}));
}

/** The build's search settings and the URLs of its local index. */
function useSearchSettings() {
  const {siteConfig} = useDocusaurusContext();
  const urls = usePluginData('datahub-search-index') as SearchGlobalData;
  const search = siteConfig.customFields?.search as SearchSiteConfig;
  const config: SearchConfig = {
    ...search,
    siteUrl: siteConfig.url,
    ...urls,
    language: siteConfig.i18n?.defaultLocale ?? 'en',
    docsTag: 'docs-default-current',
  };
  return config;
}

/** URL of the sharded index's lexicon, or null when a hosted (Algolia) index answers instead. */
export function useLocalLexiconUrl(): string | null {
  const config = useSearchSettings();
  return config.algolia ? null : config.lexiconUrl;
}

/** The configured search backend with the whole local index in a worker (the modal), created once per page load. */
export function useSearchBackend(): SearchBackend {
  const config = useSearchSettings();
  cachedWhole ??= createSearchBackend(config, browserIndexHost);
  return cachedWhole;
}

/** The configured search backend reading the local index in shards (the search page), created once per page load. */
export function useShardedSearchBackend(): SearchBackend {
  const config = useSearchSettings();
  cachedSharded ??= createShardedSearchBackend(config);
  return cachedSharded;
}
