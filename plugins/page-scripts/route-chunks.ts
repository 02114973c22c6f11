import {existsSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {EAGER_SCRIPTS_ATTRIBUTE, PAGE_SCRIPTS_ID, pageScriptUrls} from './loader';

/** The parts of Docusaurus's client manifest (generated folder, client-manifest.json) read here. */
interface ClientManifest {
  /** Chunk name or module -> ids of the chunks it needs. */
  origins: Record<string, string[]>;
  /** Chunk id -> its files. */
  assets: Record<string, {js?: Array<{publicPath: string}>}>;
}

/** Every string in a nested object: the chunk names of a routesChunkNames entry. */
const stringLeaves = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringLeaves) : [];

/** Script URLs of a route's own chunks (its page component, its data, their shared vendors), in manifest order. */
export function routeChunkScripts(routePath: string, routesChunkNames: Record<string, unknown>, manifest: ClientManifest): string[] {
  const bare = (p: string) => p.replace(/\/$/, '') || '/';
  const key = Object.keys(routesChunkNames).find((k) => bare(k.replace(/-[^-]+$/, '')) === bare(routePath));
  if (!key) return [];
  const chunkNames = stringLeaves(routesChunkNames[key]);
  const ids = chunkNames.flatMap((name) => manifest.origins[name] ?? []);
  return [...new Set(ids.flatMap((id) => manifest.assets[id]?.js?.map((file) => file.publicPath) ?? []))];
}

/**
 * Adds the route's own chunks to the script list of every page marked with EAGER_SCRIPTS_ATTRIBUTE, so that they
 * download with the main bundle instead of after it has run. Docusaurus lists only the entry scripts in the HTML.
 */
export async function addRouteChunksToEagerPages(outDir: string, generatedFilesDir: string, htmlFiles: string[]): Promise<number> {
  const manifestFile = path.join(generatedFilesDir, 'client-manifest.json');
  if (!existsSync(manifestFile)) return 0;
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ClientManifest;
  const routesChunkNames = JSON.parse(await readFile(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8')) as Record<string, unknown>;
  let changed = 0;
  for (const file of htmlFiles) {
    const html = await readFile(file, 'utf8');
    if (!new RegExp(`<html[^>]*\\s${EAGER_SCRIPTS_ATTRIBUTE}[\\s=>]`).test(html)) continue;
    const route = `/${path.relative(outDir, file).split(path.sep).join('/')}`.replace(/(index)?\.html$/, '');
    const scripts = pageScriptUrls(html);
    const extra = routeChunkScripts(route, routesChunkNames, manifest).filter((url) => !scripts.includes(url));
    if (extra.length === 0) continue;
    const block = new RegExp(`(<script[^>]*\\bid=["']?${PAGE_SCRIPTS_ID}["']?[^>]*>)[\\s\\S]*?(</script>)`);
    await writeFile(file, html.replace(block, (_all, open: string, close: string) => `${open}${JSON.stringify([...scripts, ...extra])}${close}`));
    changed += 1;
  }
  return changed;
}
