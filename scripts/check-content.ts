/**
 * Content check for hand-written docs: every route of a written group has a
 * page, every page file under docs/ has a route in data/routes.tsv, and every
 * page has front matter, at least 300 words and no placeholder text; every
 * redirect of data/redirects.yaml leaves a gone route for a real one. Prints
 * each offending file and why; exits 1 on any.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {loadRedirects, redirectProblems, REDIRECTS_FILE} from '../plugins/redirects/redirects';
import {readRoutes} from '../plugins/routes';

const MIN_WORDS = 300;

/** Top-level groups of data/routes.tsv whose hand-written pages exist; an issue that writes a group adds it here. */
const writtenGroups = [
  'act-on-metadata', 'actions', 'advanced', 'api', 'architecture', 'authentication', 'authorization', 'browse',
  'browsev2', 'cli', 'code_of_conduct', 'components', 'contributing', 'datahub-frontend', 'datahub-graphql-core',
  'datahub-web-react', 'datahub_lite', 'dataproducts', 'deploy', 'dev-guides', 'developers', 'docker', 'domains',
  'features', 'glossary', 'how', 'introduction', 'lineage', 'links', 'managed-datahub', 'metadata-ingestion',
  'metadata-ingestion-modules', 'metadata-integration', 'metadata-jobs', 'metadata-modeling', 'metadata-models-custom',
  'metadata-service', 'ownership', 'perf-test', 'platform-instances', 'plugins', 'posts', 'quick-ingestion-guides',
  'quickstart', 'rfc', 'roadmap', 'saas', 'schema-history', 'slack', 'sync-status', 'tags', 'tests',
  'townhall-history', 'townhalls', 'troubleshooting', 'ui-ingestion', 'what', 'what-is-datahub',
];

/** Hand-written pages that are not doc routes of routes.tsv. */
const extraPages = new Set(['docs-home']);

export interface PageReport {
  id: string;
  file: string;
  words: number;
  codeBlocks: number;
  diagrams: number;
  problems: string[];
}

/**
 * The page files (docs/-relative, `.md` or `.mdx`, not `_` partials, which Docusaurus does not route) whose route
 * `/docs/<path without extension>` is not in `routePaths` and that are not extra pages; pure, so it is unit-tested.
 */
export function unroutedPages(files: readonly string[], routePaths: ReadonlySet<string>): string[] {
  return files.filter((file) => {
    if (!/\.mdx?$/.test(file) || path.basename(file).startsWith('_')) return false;
    const id = file.replace(/\.mdx?$/, '');
    return !extraPages.has(id) && !routePaths.has(`/docs/${id}`);
  });
}

/** Every file under `dir`, relative to it, with `/` separators. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), {withFileTypes: true}).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

function splitFrontMatter(source: string): {data: Record<string, unknown> | null; body: string} {
  const match = source.match(/^---\n([\s\S]*?)\n---\n?/);
  if (!match) return {data: null, body: source};
  const data = parseYaml(match[1]);
  return {data: typeof data === 'object' && data ? (data as Record<string, unknown>) : null, body: source.slice(match[0].length)};
}

/** Checks one page's text; pure, so it is unit-tested. */
export function checkPage(id: string, file: string, source: string): PageReport {
  const problems: string[] = [];
  const {data, body} = splitFrontMatter(source);
  if (!data) problems.push('no front matter (--- title / description ---)');
  else {
    if (typeof data.title !== 'string' || !data.title.trim()) problems.push('front matter has no title');
    if (typeof data.description !== 'string' || !data.description.trim()) problems.push('front matter has no description');
  }
  const words = body.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
  if (words < MIN_WORDS) problems.push(`only ${words} words (at least ${MIN_WORDS})`);
  const placeholder = body.match(/\b(TODO|TBD|FIXME|lorem ipsum|coming soon)\b/i);
  if (placeholder) problems.push(`contains placeholder text "${placeholder[0]}"`);
  const fences = body.match(/^```\s*([\w-]*)/gm) ?? [];
  const diagrams = fences.filter((f) => /mermaid/.test(f)).length;
  return {id, file, words, codeBlocks: Math.floor(fences.length / 2) - diagrams, diagrams, problems};
}

function main() {
  const siteDir = process.cwd();
  const allRoutes = readRoutes(readFileSync(path.join(siteDir, 'data/routes.tsv'), 'utf8'));
  const routes = allRoutes.filter((r) => r.origin === 'hand');
  const routePaths = new Set(allRoutes.map((r) => r.path));
  const reports: PageReport[] = [];
  const failures: string[] = [];

  // Generated pages (gitignored, written by the build) have their routes too, as `generated` or `data`.
  for (const file of unroutedPages(filesUnder(path.join(siteDir, 'docs')), routePaths)) {
    failures.push(`docs/${file}: no route /docs/${file.replace(/\.mdx?$/, '')} in data/routes.tsv (add it with its sidebar and \`hand\`)`);
  }

  for (const route of routes) {
    const id = route.path.replace(/^\/docs\//, '');
    const group = id.split('/')[0];
    const file = ['.md', '.mdx'].map((ext) => `docs/${id}${ext}`).find((f) => existsSync(path.join(siteDir, f)));
    if (!file) {
      if (writtenGroups.includes(group)) failures.push(`docs/${id}.md: missing page for route ${route.path} (group "${group}" is written)`);
      continue;
    }
    const report = checkPage(id, file, readFileSync(path.join(siteDir, file), 'utf8'));
    reports.push(report);
    for (const problem of report.problems) failures.push(`${file}: ${problem}`);
  }
  const redirects = loadRedirects(siteDir);
  for (const problem of redirectProblems(redirects, routePaths)) failures.push(`${REDIRECTS_FILE}: ${problem}`);

  for (const id of extraPages) {
    const file = ['.md', '.mdx'].map((ext) => `docs/${id}${ext}`).find((f) => existsSync(path.join(siteDir, f))) ?? `docs/${id}.md`;
    const report = checkPage(id, file, readFileSync(path.join(siteDir, file), 'utf8'));
    for (const problem of report.problems) failures.push(`${file}: ${problem}`);
  }

  const words = reports.map((r) => r.words).sort((a, b) => a - b);
  const median = words.length ? words[Math.floor(words.length / 2)] : 0;
  console.log(
    `Checked ${reports.length} hand-written pages: words min ${words[0] ?? 0}, median ${median}, ` +
      `max ${words.at(-1) ?? 0}; ${reports.filter((r) => r.codeBlocks > 0).length} with a code block, ` +
      `${reports.filter((r) => r.codeBlocks > 0 || r.diagrams > 0).length} with a code block or diagram; ` +
      `${redirects.length} redirect(s) of moved routes.`,
  );
  if (failures.length) {
    console.error(`\n${failures.length} problem(s):\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
