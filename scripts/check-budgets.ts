/**
 * Bundle budgets: for each page of data/bundle-budgets.ts, sums the gzip size of the JS and CSS its built HTML
 * loads up front (script src, stylesheet and preload links), prints the sizes, and exits 1 when a page is over its
 * budget (`maxGzipBytes`), when its initial chunks carry search-engine or chat code, which must load on demand, or
 * when a doc page's budget has been raised past DOC_PAGE_CEILING; and the same for the built search index and its
 * lexicon against searchIndexBudgets.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {START_RESPONSE_MARKER} from '../contract/completions';
import {bundleBudgets, DOC_PAGE_CEILING, searchIndexBudgets, type BundleBudget} from '../data/bundle-budgets';
import {SEARCH_SHARDS_DIR} from '../plugins/search-index/constants';
import {firstScriptUrl, pageScriptUrls} from '../plugins/page-scripts/loader';

/**
 * Text that only the on-demand features' code contains. The chat's labels are not markers: they live in the site
 * constants module, which the footer's chat button (rightly in the first load) imports.
 */
export const featureMarkers: Record<BundleBudget['mustNotContain'][number], Array<string | RegExp>> = {
  'search engine': [/minisearch/i],
  // The stream parser needs the marker; the markdown renderer names its repository in its error messages.
  chat: [START_RESPONSE_MARKER, 'remarkjs/react-markdown'],
};

export interface InitialAsset {
  kind: 'script' | 'style';
  /** Site-relative URL as written in the HTML. */
  href: string;
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g)) {
    attrs.set(m[1].toLowerCase(), (m[2] ?? '').replace(/^["']|["']$/g, ''));
  }
  return attrs;
}

/**
 * The scripts and stylesheets a page's HTML loads before it is interactive, in document order, without duplicates:
 * tags, preloads, and the scripts the page-scripts loader starts: a page's first script and its page scripts.
 */
export function initialAssets(html: string): InitialAsset[] {
  const assets: InitialAsset[] = [];
  for (const [, name, rest] of html.matchAll(/<(script|link|style)\b([^>]*)>/gi)) {
    const attrs = attributes(rest);
    // A stylesheet written into the page (plugins/page-scripts/route-chunks.ts) names its file: the same bytes.
    if (name.toLowerCase() === 'style') {
      if (attrs.get('data-href')) assets.push({kind: 'style', href: attrs.get('data-href')!});
      continue;
    }
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const as = attrs.get('as');
    if (name.toLowerCase() === 'script' && attrs.get('src')) assets.push({kind: 'script', href: attrs.get('src')!});
    else if (rel.includes('stylesheet') && attrs.get('href')) assets.push({kind: 'style', href: attrs.get('href')!});
    else if ((rel.includes('preload') || rel.includes('modulepreload')) && attrs.get('href') && (as === 'script' || as === 'style' || rel.includes('modulepreload'))) {
      assets.push({kind: as === 'style' ? 'style' : 'script', href: attrs.get('href')!});
    }
  }
  const first = firstScriptUrl(html);
  assets.push(...[...(first ? [first] : []), ...pageScriptUrls(html)].map((href): InitialAsset => ({kind: 'script', href})));
  return assets.filter((a, i) => assets.findIndex((b) => b.href === a.href) === i);
}

/** The features whose markers occur in the given code. */
export function featuresIn(code: string, features: BundleBudget['mustNotContain']): string[] {
  return features.filter((feature) => featureMarkers[feature].some((marker) => (typeof marker === 'string' ? code.includes(marker) : marker.test(code))));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Budgets the file must not hold: a doc page's raised past DOC_PAGE_CEILING. */
export function budgetProblems(budgets: readonly BundleBudget[]): string[] {
  return budgets
    .filter((budget) => budget.route.startsWith('/docs/') && budget.maxGzipBytes > DOC_PAGE_CEILING)
    .map((budget) => `${budget.route}: its budget of ${kb(budget.maxGzipBytes)} is past DOC_PAGE_CEILING (${kb(DOC_PAGE_CEILING)}) in data/bundle-budgets.ts`);
}

/** Checks the built search index and the sharded index's lexicon against searchIndexBudgets, printing both. */
function searchIndexProblems(buildDir: string): string[] {
  const problems: string[] = [];
  const lessIndex = 'index less text per section (for reference pages, names and first sentences rather than every field)';
  const files = [
    {label: 'whole search index', dir: buildDir, pattern: /^search-index\.[0-9a-f]+\.json$/, budget: searchIndexBudgets.wholeIndexMaxGzipBytes, remedy: lessIndex},
    {label: 'search lexicon', dir: path.join(buildDir, SEARCH_SHARDS_DIR), pattern: /^lexicon\.[0-9a-f]+\.json$/, budget: searchIndexBudgets.lexiconMaxGzipBytes, remedy: lessIndex},
    {label: 'search worker', dir: path.join(buildDir, 'assets/js'), pattern: /^search-worker\.[0-9a-f]+\.js$/, budget: searchIndexBudgets.searchWorkerMaxGzipBytes, remedy: 'see what the worker bundles (plugins/search-index/first-results-script.ts) and leave out what it never calls'},
  ];
  console.log('\nsearch index and worker');
  for (const {label, dir, pattern, budget, remedy} of files) {
    const name = existsSync(dir) ? readdirSync(dir).find((file) => pattern.test(file)) : undefined;
    if (!name) {
      problems.push(`${label}: not in ${path.relative(process.cwd(), dir)}; the search-index plugin did not run`);
      continue;
    }
    const gzip = gzipSync(readFileSync(path.join(dir, name))).length;
    console.log(`  ${label.padEnd(18)} ${kb(gzip).padStart(9)} gzip, budget ${kb(budget)} (${((gzip / budget) * 100).toFixed(0)}%)`);
    if (gzip > budget) problems.push(`${label}: ${kb(gzip)} gzip, over its budget of ${kb(budget)}; ${remedy}`);
  }
  return problems;
}

function main() {
  const buildDir = path.resolve('build');
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    console.error('No production build in build/: run `npm run build` first (the budgets are measured on it).');
    process.exit(1);
  }
  const failures = budgetProblems(bundleBudgets);
  for (const budget of bundleBudgets) {
    const htmlFile = path.join(buildDir, budget.route, 'index.html');
    if (!existsSync(htmlFile)) {
      failures.push(`${budget.route}: no ${path.relative(process.cwd(), htmlFile)} in the build; is the route still in data/routes.tsv?`);
      continue;
    }
    console.log(`\n${budget.route}`);
    let total = 0;
    for (const asset of initialAssets(readFileSync(htmlFile, 'utf8'))) {
      if (!asset.href.startsWith('/') || asset.href.startsWith('//')) {
        failures.push(`${budget.route}: initial ${asset.kind} from another origin: ${asset.href}`);
        continue;
      }
      const file = path.join(buildDir, decodeURIComponent(asset.href.split(/[?#]/)[0]));
      if (!existsSync(file)) {
        failures.push(`${budget.route}: ${asset.href} is in the HTML but not in build/`);
        continue;
      }
      const code = readFileSync(file);
      const gzip = gzipSync(code).length;
      total += gzip;
      console.log(`  ${asset.kind.padEnd(6)} ${kb(code.length).padStart(9)} raw ${kb(gzip).padStart(9)} gzip  ${asset.href}`);
      for (const feature of featuresIn(code.toString('utf8'), budget.mustNotContain)) {
        failures.push(`${budget.route}: initial chunk ${asset.href} contains ${feature} code; load it on demand (design rule 9)`);
      }
    }
    const budgetBytes = budget.maxGzipBytes;
    console.log(`  total ${kb(total)} gzip, budget ${kb(budgetBytes)} (${((total / budgetBytes) * 100).toFixed(0)}%)`);
    if (total > budgetBytes) failures.push(`${budget.route}: initial JS + CSS is ${kb(total)} gzip, over its budget of ${kb(budgetBytes)}`);
  }
  failures.push(...searchIndexProblems(buildDir));
  if (failures.length) {
    console.error(`\n${failures.length} bundle budget problem(s):\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
