/**
 * Checks the production build: every route of data/routes.tsv is a page, every
 * generated or data page shows its title and at least one table or code block,
 * and every doc route of the sitemap has a clean Markdown twin that llms.txt links once.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {readRoutes} from '../plugins/routes';
import {twinPathOf} from '../lib/markdown/twin-path';
import {decodeEntities, llmsTxtProblems, twinProblems} from '../plugins/markdown-twins/check-twin';
import {site} from '../src/site';

const siteDir = process.cwd();
const buildDir = path.join(siteDir, 'build');
if (!existsSync(path.join(buildDir, 'index.html'))) {
  console.error('No production build in build/: run `npm run build` first (this checks what it wrote).');
  process.exit(1);
}
const routes = readRoutes(readFileSync(path.join(siteDir, 'data/routes.tsv'), 'utf8'));
const failures: string[] = [];

const decode = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, '')).trim();

function sourceTitle(id: string): string | null {
  const file = ['.md', '.mdx'].map((ext) => path.join(siteDir, 'docs', id + ext)).find(existsSync);
  if (!file) return null;
  const match = readFileSync(file, 'utf8').match(/^---\n([\s\S]*?)\n---/);
  return match ? (parseYaml(match[1]) as {title?: string}).title ?? null : null;
}

let generatedWords = 0;
for (const route of routes) {
  const html = path.join(buildDir, route.path, 'index.html');
  if (!existsSync(html)) {
    failures.push(`${route.path}: no page in build/ (expected ${path.relative(siteDir, html)})`);
    continue;
  }
  if (route.origin === 'hand') continue;
  const page = readFileSync(html, 'utf8');
  const h1 = page.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
  const expected = sourceTitle(route.path.replace(/^\/docs\//, ''));
  if (!h1 || (expected && decode(h1) !== expected)) failures.push(`${route.path}: h1 is "${h1 ? decode(h1) : ''}", expected "${expected}"`);
  if (!/<table[\s>]/.test(page) && !/<pre[\s>]/.test(page)) failures.push(`${route.path}: has no table or code block`);
  const article = page.match(/<article[\s\S]*?<\/article>/)?.[0] ?? '';
  generatedWords += decode(article.replace(/<(script|style)[\s\S]*?<\/\1>/g, '')).split(/\s+/).filter(Boolean).length;
}

// Markdown twins of every doc route the sitemap lists (spec routes and the docs home).
const sitemap = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
const docRoutes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).filter((p) => p.startsWith('/docs/'));
let twinBytes = 0;
for (const route of docRoutes) {
  const twin = path.join(buildDir, twinPathOf(route));
  if (!existsSync(twin)) {
    failures.push(`${route}: no Markdown twin (expected ${path.relative(siteDir, twin)})`);
    continue;
  }
  const markdown = readFileSync(twin, 'utf8');
  twinBytes += markdown.length;
  for (const problem of twinProblems(markdown, readFileSync(path.join(buildDir, route, 'index.html'), 'utf8'))) failures.push(`${twinPathOf(route)}: ${problem}`);
}
const llmsTxt = path.join(buildDir, 'llms.txt');
if (!existsSync(llmsTxt)) failures.push('build/llms.txt is missing');
else failures.push(...llmsTxtProblems(readFileSync(llmsTxt, 'utf8'), docRoutes, (route) => `${site.url}${twinPathOf(route)}`));
console.log(`${docRoutes.length} Markdown twins checked (${(twinBytes / 1024).toFixed(0)} KB).`);

const generated = routes.filter((r) => r.origin !== 'hand').length;
console.log(`Build has ${routes.length} doc routes checked; ${generated} generated/data pages with ${generatedWords} words in their articles.`);
if (failures.length) {
  console.error(`${failures.length} problem(s):\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
