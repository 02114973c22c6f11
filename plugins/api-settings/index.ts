import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import * as z from 'zod';
import {
  API_SETTINGS_FILE,
  contentSecurityPolicy,
  htmlFiles,
  inlineScriptHashes,
  staticHostHeadersFile,
  withMetaContentSecurityPolicy,
} from '../../lib/security/headers';
import {chatService} from '../../src/site';
import type {AlgoliaConfig} from '../../src/features/search/search-types';
import {readSearchConfig} from '../search-index/config';

export {API_SETTINGS_FILE};

/** Where the built pages send questions, query-log rows and page ratings, and the public keys they send. */
export interface ApiSettings {
  completionsUrl: string;
  queryLogUrl: string;
  pageFeedbackUrl: string;
  projectKey: string;
  queryLogAnonKey: string;
}

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

/** Every origin other than their own the pages call: Algolia when search uses it, then the API's. */
export function connectOrigins(settings: ApiSettings, algolia: AlgoliaConfig | null): string[] {
  return [...new Set([...(algolia ? [`https://${algolia.appId}-dsn.algolia.net`] : []), ...apiOrigins(settings)])];
}

/** The name of the static-host headers file (Netlify, Cloudflare Pages), which other hosts serve as a plain file. */
export const HEADERS_FILE = '_headers';

/**
 * Gives a build its Content-Security-Policy wherever it is served: the pages' other origins in api-settings.json,
 * where the server reads them for the header it sends; the same policy in a `<meta http-equiv>` in every page, for a
 * static host that sends none (the server's header and the meta then agree, so enforcing both changes nothing); and
 * in `_headers`, for the hosts that read it. Returns the policy.
 */
export function writeBuildPolicy(outDir: string, origins: string[]): string {
  writeFileSync(path.join(outDir, API_SETTINGS_FILE), `${JSON.stringify({origins})}\n`);
  // Exactly what the server computes from the same build (server/app.ts): the inline scripts' hashes and the origins.
  const policy = contentSecurityPolicy(inlineScriptHashes(outDir), origins);
  for (const file of htmlFiles(outDir)) {
    const html = readFileSync(file, 'utf8');
    const withMeta = withMetaContentSecurityPolicy(html, policy);
    if (withMeta !== html) writeFileSync(file, withMeta);
  }
  writeFileSync(path.join(outDir, HEADERS_FILE), staticHostHeadersFile(policy));
  return policy;
}

/** Writes the build's Content-Security-Policy (writeBuildPolicy) after the pages are written. */
export default function apiSettingsPlugin(settings: ApiSettings): () => Plugin {
  return () => ({
    name: 'datahub-api-settings',
    // No await in here, on purpose: postBuild hooks run concurrently, and one that never yields is done before the
    // others go past their first await (for the precompress plugin, a directory listing): every page it compresses
    // already has its policy.
    async postBuild({outDir}) {
      const policy = writeBuildPolicy(outDir, connectOrigins(settings, readSearchConfig().algolia));
      console.log(`[api-settings] Content-Security-Policy in every page: ${policy.match(/connect-src [^;]*/)![0]}`);
    },
  });
}
