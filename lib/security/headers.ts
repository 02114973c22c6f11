// The security policy of the built site, shared by the build (plugins/api-settings writes it into the pages and the
// static hosts' _headers file) and the server (server/security-headers.ts sends it).
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/**
 * The file the build writes beside its pages (plugins/api-settings) naming the other origins they call: its API when
 * built with CHAT_API_URL or QUERY_LOG_URL, and Algolia when search uses it. The server reads it for its CSP.
 */
export const API_SETTINGS_FILE = 'api-settings.json';

export function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** SHA-256 hashes (CSP form) of every inline script in the build: the only inline scripts the policy allows. */
export function inlineScriptHashes(buildDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(buildDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      // Data blocks (JSON-LD and the like) never run, so the policy does not need them.
      const type = match[1].match(/\stype=["']?([^"'\s>]+)/)?.[1];
      if (type && !/^(text\/javascript|module)$/i.test(type)) continue;
      if (match[2].trim()) hashes.add(`'sha256-${createHash('sha256').update(match[2]).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

const apiOriginsSchema = z.object({origins: z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'an http(s) origin without a path'))});

/**
 * The other origins the build's pages call (its API, when built with CHAT_API_URL or QUERY_LOG_URL; Algolia, when
 * built with ALGOLIA_*), which the policy's connect-src must allow: exactly those, none for a same-origin build
 * without Algolia or a build without the file. The build's own pages carry the same policy (plugins/api-settings).
 */
export function builtApiOrigins(buildDir: string): string[] {
  const file = path.join(buildDir, API_SETTINGS_FILE);
  if (!existsSync(file)) return [];
  const parsed = apiOriginsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not what the build writes (${parsed.error.issues[0].message}): rebuild with npm run build.`);
  return parsed.data.origins;
}

/** The Content-Security-Policy: only the site's own origin, hashed inline scripts, no eval, no framing. */
export function contentSecurityPolicy(scriptHashes: string[], extraConnect: string[] = []): string {
  // An origin named twice (Algolia both in the server's settings and in the build's file) is listed once.
  extraConnect = [...new Set(extraConnect)];
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // React style attributes and the theme's inline styles need this; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${extraConnect.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Directives a `<meta http-equiv>` policy cannot carry: browsers ignore them there, with a console error. */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The policy as a `<meta http-equiv>` element can carry it: the same directives, less those only a header can. */
export function metaContentSecurityPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !HEADER_ONLY_DIRECTIVES.has(directive.split(/\s+/)[0].toLowerCase()))
    .join('; ');
}

const META_CSP = /<meta\s+http-equiv=["']?Content-Security-Policy["']?[^>]*>/gi;

/**
 * The page with the policy in a `<meta http-equiv>` as the first element of its head after the charset (a policy
 * applies only to what follows it), replacing any it had. The page is returned unchanged when it has no head.
 */
export function withMetaContentSecurityPolicy(html: string, policy: string): string {
  const content = metaContentSecurityPolicy(policy).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${content}">`;
  const page = html.replace(META_CSP, '');
  const anchor = page.match(/<head(\s[^>]*)?>(\s*<meta\s+charset=[^>]*>)?/i);
  if (!anchor || anchor.index === undefined) return html;
  const at = anchor.index + anchor[0].length;
  return `${page.slice(0, at)}${meta}${page.slice(at)}`;
}

export const STATIC_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/**
 * The security headers in the `_headers` format of Netlify and Cloudflare Pages, for every path: what the server
 * sends (Strict-Transport-Security aside, which such hosts set themselves) on a static host that reads the file.
 */
export function staticHostHeadersFile(policy: string): string {
  const headers = {'content-security-policy': policy, ...STATIC_SECURITY_HEADERS};
  return `/*\n${Object.entries(headers).map(([name, value]) => `  ${name.replace(/(^|-)([a-z])/g, (_all, dash: string, ch: string) => dash + ch.toUpperCase())}: ${value}`).join('\n')}\n`;
}
