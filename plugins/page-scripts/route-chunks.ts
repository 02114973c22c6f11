import {existsSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {EAGER_SCRIPTS_ATTRIBUTE, FIRST_SCRIPT_ATTRIBUTE, PAGE_SCRIPTS_ID, pageScriptUrls} from './loader';
import {STYLESHEET} from '../css-prune';

/** The parts of Docusaurus's client manifest (generated folder, client-manifest.json) read here. */
interface ClientManifest {
  /** Chunk name or module -> ids of the chunks it needs. */
  origins: Record<string, string[]>;
  /** Chunk id -> its files. */
  assets: Record<string, {js?: Array<{publicPath: string}>; css?: Array<{publicPath: string}>}>;
}

/** Every string in a nested object: the chunk names of a routesChunkNames entry. */
const stringLeaves = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringLeaves) : [];

/** A route path without its trailing slash. */
const bare = (routePath: string) => routePath.replace(/\/$/, '') || '/';

/** Bare route path -> its first key in routesChunkNames (the path with a hash suffix), built once for all pages. */
function routeKeys(routesChunkNames: Record<string, unknown>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const key of Object.keys(routesChunkNames)) {
    const route = bare(key.replace(/-[^-]+$/, ''));
    if (!keys.has(route)) keys.set(route, key);
  }
  return keys;
}

/** URLs of the files of one kind of the given chunks (a route's page component, its data, their shared vendors), in manifest order. */
function chunkFiles(chunkNames: string[], manifest: ClientManifest, kind: 'js' | 'css'): string[] {
  const ids = chunkNames.flatMap((name) => manifest.origins[name] ?? []);
  return [...new Set(ids.flatMap((id) => manifest.assets[id]?.[kind]?.map((file) => file.publicPath) ?? []))];
}

/** Stylesheets of the given chunks but the shared one (Docusaurus's "styles" chunk, which every page links already). */
const ownStylesheets = (chunkNames: string[], manifest: ClientManifest) =>
  chunkFiles(chunkNames, manifest, 'css').filter((url) => !STYLESHEET.test(path.posix.basename(url)));

/** Chunk names of a route, with or without its trailing slash; none for a route Docusaurus did not generate. */
function chunkNamesOf(routePath: string, routesChunkNames: Record<string, unknown>, keys = routeKeys(routesChunkNames)): string[] {
  const key = keys.get(bare(routePath));
  return key ? stringLeaves(routesChunkNames[key]) : [];
}

/** Script URLs of a route's own chunks. */
export const routeChunkScripts = (routePath: string, routesChunkNames: Record<string, unknown>, manifest: ClientManifest) =>
  chunkFiles(chunkNamesOf(routePath, routesChunkNames), manifest, 'js');

/** Stylesheet URLs of a route's own chunks: the CSS of the site's pages, which the shared stylesheet leaves out (plugins/css-prune). */
export const routeChunkStylesheets = (routePath: string, routesChunkNames: Record<string, unknown>, manifest: ClientManifest) =>
  ownStylesheets(chunkNamesOf(routePath, routesChunkNames), manifest);

/**
 * A route stylesheet written into the page: no request of its own before the first paint. `data-href` names its file,
 * as the bundler's CSS loader looks for it before adding a stylesheet, so a client-side visit does not load it again.
 */
function inlineStylesheet(url: string, css: string): string {
  if (/<\/style/i.test(css)) throw new Error(`[page-scripts] ${url} contains "</style", which would end the inline stylesheet early`);
  return `<style data-href="${url}">${css}</style>`;
}

/**
 * Completes each page's HTML with its route's own chunks, which Docusaurus leaves out (it lists only the entry
 * scripts and the shared stylesheet): every page gets its route's stylesheets written into its head, so it paints
 * styled before any script runs, without a request more; a page marked with EAGER_SCRIPTS_ATTRIBUTE or
 * FIRST_SCRIPT_ATTRIBUTE (its scripts do not wait for a paint) also lists its route's scripts, so that they download
 * with the main bundle instead of after it has run. Returns how many pages gained stylesheets and scripts.
 */
export async function addRouteChunks(outDir: string, generatedFilesDir: string, htmlFiles: string[]): Promise<{styled: number; eager: number}> {
  const counts = {styled: 0, eager: 0};
  const manifestFile = path.join(generatedFilesDir, 'client-manifest.json');
  if (!existsSync(manifestFile)) return counts;
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ClientManifest;
  const routesChunkNames = JSON.parse(await readFile(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8')) as Record<string, unknown>;
  const keys = routeKeys(routesChunkNames);
  for (const file of htmlFiles) {
    const original = await readFile(file, 'utf8');
    let html = original;
    const route = `/${path.relative(outDir, file).split(path.sep).join('/')}`.replace(/(index)?\.html$/, '');
    const chunkNames = chunkNamesOf(route, routesChunkNames, keys);
    const stylesheets = ownStylesheets(chunkNames, manifest).filter((url) => !html.includes(url));
    if (stylesheets.length > 0) {
      const styles = await Promise.all(stylesheets.map(async (url) => inlineStylesheet(url, await readFile(path.join(outDir, url), 'utf8'))));
      html = html.replace('</head>', `${styles.join('')}</head>`);
      counts.styled += 1;
    }
    if (new RegExp(`<html[^>]*\\s(${EAGER_SCRIPTS_ATTRIBUTE}|${FIRST_SCRIPT_ATTRIBUTE})[\\s=>]`).test(html)) {
      const scripts = pageScriptUrls(html);
      const extra = chunkFiles(chunkNames, manifest, 'js').filter((url) => !scripts.includes(url));
      if (extra.length > 0) {
        const block = new RegExp(`(<script[^>]*\\bid=["']?${PAGE_SCRIPTS_ID}["']?[^>]*>)[\\s\\S]*?(</script>)`);
        html = html.replace(block, (_all, open: string, close: string) => `${open}${JSON.stringify([...scripts, ...extra])}${close}`);
        counts.eager += 1;
      }
    }
    if (html !== original) await writeFile(file, html);
  }
  return counts;
}
