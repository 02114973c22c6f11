import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {ApiSettings} from '../../plugins/api-settings';

/** Where this build sends chat questions, query-log rows and page ratings (set at build time, plugins/api-settings). */
export function useApiSettings(): ApiSettings {
  return useDocusaurusContext().siteConfig.customFields!.api as ApiSettings;
}
