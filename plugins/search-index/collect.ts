import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import type {Section} from '../../lib/search/types';
import {sidebarGroups} from '../../data/sidebar-groups';
import type {PageKind} from '../../lib/search/rank';
import {readRoutes, type DocRoute} from '../routes';
import {extractSections, type DocSource} from './extract-sections';
import {attachQuestions, readQuestionFiles} from './questions';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

/** Route of a doc file: its front-matter slug if any, else its path under docs/. */
function routeOf(docsDir: string, file: string, slug: unknown): string {
  if (typeof slug === 'string') return `/docs${slug === '/' ? '/' : slug.startsWith('/') ? slug : `/${slug}`}`;
  return `/docs/${path.relative(docsDir, file).replace(/\.mdx?$/, '').split(path.sep).join('/')}`;
}

function groupOf(route: string, sidebarRoutes: Set<string>): string {
  const id = route.replace(/^\/docs\//, '');
  if (!sidebarRoutes.has(route)) return 'Documentation';
  return sidebarGroups.find((g) => g.prefixes.some((p) => id === p || id.startsWith(`${p}/`)))?.label ?? 'Documentation';
}

/**
 * What a page is, from its route data: hand-written pages are guides; generated pages are integration references in
 * the Ingestion group, API references in the APIs group and metadata-model references elsewhere; pages written from a
 * data file are release notes when their route says so (the managed edition's in the Managed DataHub group), and
 * otherwise references looked up like the API's (the SDK, the environment variables); hand-written pages of the
 * Managed DataHub group are managed-edition guides.
 */
export function pageKindOf(origin: DocRoute['origin'] | undefined, group: string, route = ''): PageKind {
  if (origin === 'generated') return group === 'Ingestion' ? 'integration' : group === 'APIs and SDKs' ? 'api-reference' : 'model-reference';
  if (origin === 'data') {
    if (!/^\/docs\/releases$|\/release-notes\//.test(route)) return 'api-reference';
    return group === 'Managed DataHub' ? 'managed-release-note' : 'release-note';
  }
  return group === 'Managed DataHub' ? 'managed-guide' : 'guide';
}

/** Reads every doc page under siteDir/docs (hand-written and generated) and splits it into sections. */
export function collectSections(siteDir: string): Section[] {
  const docsDir = path.join(siteDir, 'docs');
  const routesFile = path.join(siteDir, 'data/routes.tsv');
  const routes = existsSync(routesFile) ? readRoutes(readFileSync(routesFile, 'utf8')) : [];
  const sidebarRoutes = new Set(routes.filter((r) => r.sidebar === 'overview').map((r) => r.path));
  const origins = new Map(routes.map((r) => [r.path, r.origin]));
  const sections = markdownFiles(docsDir).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const front = source.match(/^---\n([\s\S]*?)\n---/);
    const data = (front ? parseYaml(front[1]) : {}) as {title?: string; slug?: string; description?: string};
    const route = routeOf(docsDir, file, data.slug);
    const group = groupOf(route, sidebarRoutes);
    const doc: DocSource = {route, title: data.title ?? route, ...(typeof data.description === 'string' ? {description: data.description} : {}), group, kind: pageKindOf(origins.get(route), group, route), source};
    return extractSections(doc);
  });
  return attachQuestions(sections, readQuestionFiles(siteDir));
}
