import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import * as z from 'zod';

/** The file that lists moved doc routes, relative to the site folder. */
export const REDIRECTS_FILE = 'data/redirects.yaml';

/** The same list in the build, `{from: to}`, which the server answers with 301 (it reads the build, not data/). */
export const BUILT_REDIRECTS_FILE = 'redirects.json';

/** The moved routes of a build (none for a build without the file). */
export function readBuiltRedirects(buildDir: string): ReadonlyMap<string, string> {
  let text: string;
  try {
    text = readFileSync(path.join(buildDir, BUILT_REDIRECTS_FILE), 'utf8');
  } catch {
    return new Map();
  }
  return new Map(Object.entries(JSON.parse(text) as Record<string, string>));
}

const docPath = z
  .string()
  .regex(/^\/docs\/[a-z0-9][a-z0-9._/-]*[a-z0-9]$/, 'must be a lowercase /docs/ path without a trailing slash, query or anchor');

/** One moved route. */
export const redirectSchema = z.object({
  /** The old route, which readers may still have links to. */
  from: docPath,
  /** The route it moved to. */
  to: docPath,
});

export type Redirect = z.infer<typeof redirectSchema>;

/** Parses data/redirects.yaml; a bad entry throws naming the file, the entry and the field. */
export function parseRedirects(yamlText: string, file = REDIRECTS_FILE): Redirect[] {
  const parsed = z.array(redirectSchema).safeParse(parse(yamlText) ?? []);
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `entry ${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** The redirects of the site folder (the server reads them at start, the build when it writes the forwarding pages). */
export function loadRedirects(siteDir = process.cwd()): Redirect[] {
  const file = path.join(siteDir, REDIRECTS_FILE);
  return parseRedirects(readFileSync(file, 'utf8'), file);
}

/** What is wrong with a redirect list against the site's routes: each problem names the entry. */
export function redirectProblems(redirects: Redirect[], routes: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const sources = new Set<string>();
  for (const {from, to} of redirects) {
    if (routes.has(from)) problems.push(`${from}: is still a route of data/routes.tsv; remove the route or the redirect`);
    if (!routes.has(to)) problems.push(`${from}: its target ${to} is not a route of data/routes.tsv`);
    if (sources.has(from)) problems.push(`${from}: is listed twice`);
    sources.add(from);
  }
  // A chain (a -> b -> c) is one hop too many for readers and crawlers: point a at c.
  for (const {from, to} of redirects) {
    if (sources.has(to)) problems.push(`${from}: its target ${to} redirects again; point it at the final route`);
  }
  return problems;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page a static host serves at a moved route: it forwards at once with a meta refresh (no script, so the pages'
 * Content-Security-Policy needs no hash for it), names the canonical route for search engines, and keeps a link for
 * whoever has refreshes turned off.
 */
export function forwardingPage(to: string): string {
  const target = escapeHtml(to);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>Moved to ${target}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${target}">`,
    `<meta http-equiv="refresh" content="0; url=${target}">`,
    '</head>',
    `<body><p>This page has moved to <a href="${target}">${target}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}
