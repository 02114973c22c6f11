/**
 * Checks the production build: every route of data/routes.tsv is a page, and
 * every generated or data page shows its title and at least one table or code block.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {readRoutes} from '../plugins/routes';

const siteDir = process.cwd();
const buildDir = path.join(siteDir, 'build');
const routes = readRoutes(readFileSync(path.join(siteDir, 'data/routes.tsv'), 'utf8'));
const failures: string[] = [];

const decode = (html: string) =>
  html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").trim();

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

const generated = routes.filter((r) => r.origin !== 'hand').length;
console.log(`Build has ${routes.length} doc routes checked; ${generated} generated/data pages with ${generatedWords} words in their articles.`);
if (failures.length) {
  console.error(`${failures.length} problem(s):\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
