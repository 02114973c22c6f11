import {writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import * as z from 'zod';
import {chatService} from '../../src/site';

/** Where the built pages send questions, query-log rows and page ratings, and the public keys they send. */
export interface ApiSettings {
  completionsUrl: string;
  queryLogUrl: string;
  pageFeedbackUrl: string;
  projectKey: string;
  queryLogAnonKey: string;
}

/** The file beside the build that tells the server which other origins its pages call (for its CSP). */
export const API_SETTINGS_FILE = 'api-settings.json';

const baseUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value) && URL.canParse(value), 'must be an http:// or https:// URL, such as https://api.docs.example.com')
  .transform((value) => value.replace(/\/+$/, ''));
const publicKey = z.string().trim().regex(/^\S+$/, 'must be one key without spaces');

/** Build-time settings (`npm run build`): all optional, each unset one keeps the one-process default. */
const buildEnvSchema = z.object({
  /** Origin (and optional path prefix) of the API serving `/v1/completions`; unset: the pages' own origin. */
  CHAT_API_URL: baseUrl.optional(),
  /** Base of the PostgREST-style tables (`<url>/queries`, `<url>/page_feedback`); unset: `<CHAT_API_URL>/rest/v1`. */
  QUERY_LOG_URL: baseUrl.optional(),
  /** Project key the chat sends; the API must list it in CHAT_PROJECT_KEYS. */
  CHAT_PROJECT_KEY: publicKey.optional(),
  /** Insert-only key for the tables; the API's QUERY_LOG_ANON_KEY must be the same. */
  QUERY_LOG_ANON_KEY: publicKey.optional(),
});

/** Reads the build-time API settings; a bad value throws one line per variable, naming it. */
export function readApiSettings(env: NodeJS.ProcessEnv): ApiSettings {
  const given = Object.fromEntries(Object.keys(buildEnvSchema.shape).map((name) => [name, env[name]?.trim() || undefined]));
  const parsed = buildEnvSchema.safeParse(given);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (a build-time setting of npm run build)`).join('\n'));
  }
  const {CHAT_API_URL: api = '', QUERY_LOG_URL: tables, CHAT_PROJECT_KEY, QUERY_LOG_ANON_KEY} = parsed.data;
  return {
    completionsUrl: `${api}${chatService.completionsUrl}`,
    queryLogUrl: tables ? `${tables}/queries` : `${api}${chatService.queryLogUrl}`,
    pageFeedbackUrl: tables ? `${tables}/page_feedback` : `${api}${chatService.pageFeedbackUrl}`,
    projectKey: CHAT_PROJECT_KEY ?? chatService.projectKey,
    queryLogAnonKey: QUERY_LOG_ANON_KEY ?? chatService.queryLogAnonKey,
  };
}

/** The origins other than the pages' own that the settings call, for the CSP's connect-src. */
export function apiOrigins(settings: ApiSettings): string[] {
  const urls = [settings.completionsUrl, settings.queryLogUrl, settings.pageFeedbackUrl].filter((url) => /^https?:\/\//.test(url));
  return [...new Set(urls.map((url) => new URL(url).origin))].sort();
}

/** Writes the API origins beside the build, where the server reads them for the pages' Content-Security-Policy. */
export default function apiSettingsPlugin(settings: ApiSettings): () => Plugin {
  return () => ({
    name: 'datahub-api-settings',
    async postBuild({outDir}) {
      writeFileSync(path.join(outDir, API_SETTINGS_FILE), `${JSON.stringify({origins: apiOrigins(settings)})}\n`);
    },
  });
}
