import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {loadSiteData, type SiteData} from './load';
import {renderEntity} from './render-entity';
import {renderEnvironmentVariables} from './render-env-vars';
import {graphqlObjectNames, renderGraphqlPages} from './render-graphql';
import {renderIntegration} from './render-integration';
import {managedReleaseId, renderManagedRelease, renderReleases} from './render-releases';
import {renderSdkPage} from './render-sdk';

/** Folders under docs/ that the generator owns entirely, and single files it owns. */
export const generatedDirs = ['generated', 'graphql', 'python-sdk', 'managed-datahub/release-notes'];
export const generatedFiles = ['releases.md', 'deploy/environment-vars.md'];

/** Every generated page, keyed by its path under docs/. Pure: same data, same output. */
export function renderSite(data: SiteData): Map<string, string> {
  const files = new Map<string, string>();
  const objectTypes = graphqlObjectNames(data.schemaSdl);
  const entityNames = new Set(data.entities.map((e) => e.name));

  for (const item of data.integrations) {
    if (!item.docPath) files.set(`generated/ingestion/sources/${item.id}.md`, renderIntegration(item, data.sourceOptions));
  }
  for (const entity of data.entities) {
    files.set(`generated/metamodel/entities/${entity.name.toLowerCase()}.md`, renderEntity(entity, data.entityDocs, entityNames, objectTypes));
  }
  for (const [name, content] of Object.entries(renderGraphqlPages(data.schemaSdl))) files.set(`graphql/${name}.md`, content);
  for (const release of data.managedReleases) files.set(`${managedReleaseId(release.version)}.md`, renderManagedRelease(release));
  files.set('releases.md', renderReleases(data.releases));
  files.set('deploy/environment-vars.md', renderEnvironmentVariables(data.environmentVariables));
  for (const {slug, page} of data.sdkPages) files.set(`python-sdk/${slug}.md`, renderSdkPage(page, slug));

  const missing = data.routes
    .filter((r) => r.origin !== 'hand' && !files.has(`${r.path.replace(/^\/docs\//, '')}.md`))
    .map((r) => r.path);
  if (missing.length) {
    throw new Error(`data/ produces no page for ${missing.length} route(s) of data/routes.tsv: ${missing.join(', ')}. Add the data file for each.`);
  }
  return files;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Writes the generated pages under docsDir, rewriting only files whose content
 * changed (so the dev server reloads just those) and deleting stale ones.
 * Returns the number of files written.
 */
export function writeSite(docsDir: string, files: Map<string, string>): number {
  let written = 0;
  for (const [relative, content] of files) {
    const target = path.join(docsDir, relative);
    if (existsSync(target) && readFileSync(target, 'utf8') === content) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, content);
    written++;
  }
  const owned = generatedDirs.flatMap((d) => listFiles(path.join(docsDir, d)));
  for (const file of owned) {
    if (!files.has(path.relative(docsDir, file).split(path.sep).join('/'))) rmSync(file);
  }
  return written;
}

/** Loads data/, renders every page and writes it under docs/. */
export function generateDocs(siteDir: string): {pages: number; written: number} {
  const files = renderSite(loadSiteData(siteDir));
  return {pages: files.size, written: writeSite(path.join(siteDir, 'docs'), files)};
}
