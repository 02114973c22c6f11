import {usePluginData} from '@docusaurus/useGlobalData';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {createSearchBackend, type SearchBackend} from './backend';
import type {SearchSiteConfig} from '../../../plugins/search-index/config';

let cached: SearchBackend | null = null;

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
  });
  return cached;
}
