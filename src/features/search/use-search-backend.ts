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

/** URL of the site's own index, or null when a hosted (Algolia) index answers instead. */
export function useLocalIndexUrl(): string | null {
  const {siteConfig} = useDocusaurusContext();
  const {indexUrl} = usePluginData('datahub-search-index') as {indexUrl: string};
  return (siteConfig.customFields?.search as SearchSiteConfig).algolia ? null : indexUrl;
}

/** The configured search backend, created once per page load. */
export function useSearchBackend(): SearchBackend {
  const {siteConfig} = useDocusaurusContext();
  const {indexUrl} = usePluginData('datahub-search-index') as {indexUrl: string};
  const config = siteConfig.customFields?.search as SearchSiteConfig;
  cached ??= createSearchBackend({
    ...config,
    siteUrl: siteConfig.url,
    indexUrl,
    language: siteConfig.i18n?.defaultLocale ?? 'en',
    docsTag: 'docs-default-current',
  }, browserIndexHost);
  return cached;
}
