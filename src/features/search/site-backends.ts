import siteConfig from '@generated/docusaurus.config';
import globalData from '@generated/globalData';
import {createSearchBackend} from './backend';
import type {SearchBackend, SearchConfig} from './search-types';
import type {FirstResultsSettings} from './first-results';
import type {SearchSiteConfig} from '../../../plugins/search-index/config';
import type {SearchGlobalData} from '../../../plugins/search-index';

// The build's settings come from the generated config modules rather than React context, so the search page can
// start downloading its first results before the page has hydrated.
let config: SearchConfig | null = null;
let backend: SearchBackend | null = null;

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

/** URL of the sharded index's lexicon, or null when a hosted (Algolia) index answers instead. */
export function localLexiconUrl(): string | null {
  const {algolia, lexiconUrl} = searchConfig();
  return algolia ? null : lexiconUrl;
}

/**
 * What the search page's first-results script needs (first-results.ts), or null when there is no such script: a
 * hosted index answers, or the site runs in `npm start`.
 */
export function firstResultsSetup(): {scriptUrl: string; settings: Omit<FirstResultsSettings, 'classes'>} | null {
  const {algolia, lexiconUrl, language, docsTag} = searchConfig();
  const scripts = (globalData['datahub-search-index']?.default as SearchGlobalData | undefined)?.firstResultsScripts;
  return algolia || !scripts ? null : {scriptUrl: scripts.page, settings: {lexiconUrl, workerUrl: scripts.worker, language, docsTag}};
}

/**
 * The configured search backend, created once per page load and shared by the modal and the search page, so shards
 * one of them downloaded serve the other.
 */
export function siteSearchBackend(): SearchBackend {
  backend ??= createSearchBackend(searchConfig());
  return backend;
}
