import * as z from 'zod';
import type {AlgoliaConfig} from '../../src/features/search/search-types';

const envSchema = z.object({
  /** Algolia application id; with the key and index name it switches search to the hosted index. */
  ALGOLIA_APP_ID: z.string().min(1).optional(),
  /** Search-only (public) Algolia API key. */
  ALGOLIA_API_KEY: z.string().min(1).optional(),
  ALGOLIA_INDEX_NAME: z.string().min(1).optional(),
  /** Regular expression of hit URLs that stay absolute. */
  SEARCH_EXTERNAL_URL_REGEX: z.string().min(1).optional(),
});

export interface SearchSiteConfig {
  algolia: AlgoliaConfig | null;
  externalUrlRegex?: string;
}

/** Reads the build-time search settings; all three Algolia variables or none. */
export function readSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchSiteConfig {
  const parsed = envSchema.parse(env);
  const algoliaValues = [parsed.ALGOLIA_APP_ID, parsed.ALGOLIA_API_KEY, parsed.ALGOLIA_INDEX_NAME];
  const set = algoliaValues.filter(Boolean).length;
  if (set !== 0 && set !== 3) {
    throw new Error('Set all of ALGOLIA_APP_ID, ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME to use Algolia, or none to use the built-in index.');
  }
  if (parsed.SEARCH_EXTERNAL_URL_REGEX) new RegExp(parsed.SEARCH_EXTERNAL_URL_REGEX);
  return {
    algolia: set === 3 ? {appId: parsed.ALGOLIA_APP_ID!, apiKey: parsed.ALGOLIA_API_KEY!, indexName: parsed.ALGOLIA_INDEX_NAME!} : null,
    externalUrlRegex: parsed.SEARCH_EXTERNAL_URL_REGEX,
  };
}
