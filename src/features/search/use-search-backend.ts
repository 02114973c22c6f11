import {usePluginData} from '@docusaurus/useGlobalData';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {createSearchBackend, type SearchBackend} from './backend';
import {workerHost, type IndexHost} from './index-host';
import type {SearchSiteConfig} from '../../../plugins/search-index/config';

let cached: SearchBackend | null = null;

/** Parsing the index takes a few hundred milliseconds of CPU: a worker keeps the page responsive meanwhile. */
function browserIndexHost(): IndexHost {
  return workerHost(new Worker(new URL('./search.worker.ts', import.meta.url), {type: 'module'}));
}

/** The build's search settings and the URL of its local index. */
function useSearchSettings() {
  const {siteConfig} = useDocusaurusContext();
  const {indexUrl} = usePluginData('datahub-search-index') as {indexUrl: string};
  return {siteConfig, indexUrl, config: siteConfig.customFields?.search as SearchSiteConfig};
}

/** URL of the site's own index, or null when a hosted (Algolia) index answers instead. */
export function useLocalIndexUrl(): string | null {
  const {config, indexUrl} = useSearchSettings();
  return config.algolia ? null : indexUrl;
}

/** The configured search backend, created once per page load. */
export function useSearchBackend(): SearchBackend {
  const {siteConfig, indexUrl, config} = useSearchSettings();
  cached ??= createSearchBackend({
    ...config,
    siteUrl: siteConfig.url,
    indexUrl,
    language: siteConfig.i18n?.defaultLocale ?? 'en',
    docsTag: 'docs-default-current',
  }, browserIndexHost);
  return cached;
}
