/**
 * Lighthouse scores of a production build, mobile (Lighthouse's default form factor and throttling), for the pages
 * readers land on. Serves the build with server/server.ts (what `npm run serve` runs) on a free port, runs
 * Lighthouse (the project's devDependency) in the Chromium scripts/chromium.ts resolves (Debian's when installed) once per page and run, and prints the median scores
 * and metrics as a Markdown table. Usage:
 *
 *   npx tsx scripts/lighthouse.ts [--runs 3] [--build-dir build] [--baseline-dir DIR] [--json out.json] [--check]
 *                                 [--cpu-slowdown 4] [route ...]
 *
 * It prints the browser and version the figures came from (Lighthouse's record of the browser it drove) and the load
 * average. --baseline-dir measures the bench's vanilla Docusaurus site (.cache/bench-baseline-minimal/build) in the
 * same run, its comparable page after each of ours. Lighthouse slows the CPU of every host by the same 4x in its
 * simulation, so a fast machine (a high benchmark index) scores a page better than a slow one; --cpu-slowdown N plays
 * a slower host: 4 times the ratio of this machine's index to the other's (4 × 3,900 / 1,500 ≈ 10).
 *
 * With --check it measures only accessibility, best practices and SEO, and exits 1 when one is below 100 on a page,
 * naming the audits. Performance is not checked: it depends on how busy the machine is (`npm run bench` measures it against
 * a vanilla Docusaurus site in the same run).
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os, {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {describeBrowser, parseBrowserVersion, resolveChromium, type ResolvedChromium} from './chromium';
import {baselineRouteOf} from './bench/baseline-routes';
import {serveBuild, type ServedBuild} from './serve-build';

export const defaultRoutes = ['/', '/docs/features', '/docs/generated/ingestion/sources/snowflake', '/integrations', '/search?q=lineage'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Categories whose score does not depend on the machine's speed: they must be 100 on every page. */
export const checkedCategories = ['accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

export type Category = (typeof categories)[number];
type Metric = keyof typeof metrics;

/** One Lighthouse run of one page, reduced to what the table shows. */
export interface PageScore {
  route: string;
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Audits below a perfect score in the accessibility, best-practices and SEO categories, by id. */
  failedAudits: string[];
  /**
   * The browser the run loaded the page in: its user agent's name and major version ("Chromium 156.0.0.0", as
   * Chromium reduces it), replaced by measureSites with the binary's own account ("Chromium 156.0.8078.108 (system
   * /usr/bin/chromium)") when the major versions agree.
   */
  browser: string;
  /** Lighthouse's version. */
  lighthouse: string;
  /**
   * Lighthouse's measure of the machine's CPU speed at the run (its benchmark index; NaN when absent). The simulated
   * mobile load slows the observed one by a fixed 4×, so the same page scores better on a machine with a higher index.
   */
  benchmarkIndex: number;
}

interface LighthouseReport {
  lighthouseVersion?: string;
  environment?: {hostUserAgent?: string; benchmarkIndex?: number};
  categories: Record<string, {score: number | null; auditRefs: Array<{id: string; weight: number}>}>;
  audits: Record<string, {score: number | null; numericValue?: number; scoreDisplayMode?: string}>;
}

/** Reads the parts of a Lighthouse JSON report that the table needs. */
export function summarize(route: string, report: LighthouseReport): PageScore {
  // A category left out of the run (--check skips performance) has no score: NaN, shown as "-".
  const scores = Object.fromEntries(categories.map((c) => [c, c in report.categories ? Math.round((report.categories[c].score ?? 0) * 100) : NaN])) as Record<Category, number>;
  const values = Object.fromEntries(Object.entries(metrics).map(([name, id]) => [name, report.audits[id]?.numericValue ?? NaN])) as Record<Metric, number>;
  const failedAudits = categories
    .filter((c) => c !== 'performance')
    .flatMap((c) => report.categories[c]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && (report.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const browser = parseBrowserVersion(report.environment?.hostUserAgent ?? '') ?? 'unknown browser';
  return {
    route,
    scores,
    metrics: values,
    failedAudits: [...new Set(failedAudits)],
    browser,
    lighthouse: report.lighthouseVersion ?? 'unknown',
    benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
  };
}

/** The run with the median performance score (Lighthouse's own advice for variable runs). */
export function median(runs: PageScore[]): PageScore {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Markdown table of the scores and metrics, one row per page. */
export function table(results: PageScore[]): string {
  const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '-');
  const score = (v: number) => (Number.isFinite(v) ? String(v) : '-');
  const rows = results.map((r) =>
    [r.route, ...categories.map((c) => score(r.scores[c])), ms(r.metrics.FCP), ms(r.metrics.LCP), ms(r.metrics.TBT), r.metrics.CLS.toFixed(3), ms(r.metrics.SI)].join(' | '),
  );
  return [
    '| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** Pages whose machine-independent categories are below 100, each with its scores and failing audits. */
export function imperfect(results: PageScore[]): string[] {
  return results
    .filter((r) => checkedCategories.some((c) => r.scores[c] < 100))
    .map((r) => `${r.route}: ${checkedCategories.map((c) => `${c} ${r.scores[c]}`).join(', ')}; audits below 100: ${r.failedAudits.join(', ') || 'none listed'}`);
}

const LIGHTHOUSE_BIN = path.resolve('node_modules/.bin/lighthouse');
/** Tries per Lighthouse run before the page counts as failed. */
const ATTEMPTS = 3;

/** A build to measure, and its pages. */
export interface Site {
  buildDir: string;
  routes: readonly string[];
}

/** Lighthouse's own CPU multiplier for its simulated mobile load. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * Lighthouse's option for a CPU multiplier other than its default (DEFAULT_CPU_SLOWDOWN): a higher one plays a slower
 * host machine on a fast one (the multiplier times the ratio of the two machines' benchmark indexes). None for the
 * default.
 */
export const cpuSlowdownArgs = (cpuSlowdown: number | undefined): string[] => (cpuSlowdown === undefined ? [] : [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`]);

/** Reads a --cpu-slowdown value: a number of 1 or more, or undefined (Lighthouse's default) when absent. */
export function parseCpuSlowdown(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const multiplier = Number(value);
  if (!Number.isFinite(multiplier) || multiplier < 1) throw new Error(`--cpu-slowdown takes a multiplier of 1 or more, such as 10 (Lighthouse's default is ${DEFAULT_CPU_SLOWDOWN}); got "${value}"`);
  return multiplier;
}

/**
 * Runs Lighthouse on `url` with the measured categories, the given output options (`--output=json …` or `-G=dir`) and
 * a CPU multiplier in place of its default when `cpuSlowdown` is set, again when headless Chromium loses the trace of
 * the load; throws after the last try.
 */
export function spawnLighthouse(
  url: string,
  measured: readonly Category[],
  outputArgs: readonly string[],
  browser: ResolvedChromium,
  log: (line: string) => void,
  cpuSlowdown?: number,
): void {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      LIGHTHOUSE_BIN,
      [url, `--only-categories=${measured.join(',')}`, ...outputArgs, ...cpuSlowdownArgs(cpuSlowdown), '--chrome-flags=--headless=new --no-sandbox --disable-gpu', '--quiet'],
      {env: {...process.env, ...browser.env, CHROME_PATH: process.env.CHROME_PATH ?? browser.path}, stdio: ['ignore', 'inherit', 'inherit']},
    );
    if (result.status === 0) return;
    // Lighthouse's NO_NAVSTART: the trace of the load was lost.
    if (attempt === ATTEMPTS) throw new Error(`lighthouse failed on ${url} ${ATTEMPTS} times (last exit ${result.status ?? result.signal})`);
    log(`${url}: lighthouse exited with ${result.status ?? result.signal}, trying again (${attempt + 1} of ${ATTEMPTS})`);
  }
}

/** One Lighthouse run of `url`, its report written to `output` and read back. */
function runLighthouse(url: string, output: string, measured: readonly Category[], browser: ResolvedChromium, log: (line: string) => void, cpuSlowdown?: number): LighthouseReport {
  spawnLighthouse(url, measured, ['--output=json', `--output-path=${output}`], browser, log, cpuSlowdown);
  return JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
}

/**
 * Serves each site's build with the production server and returns, per site, the median Lighthouse run of each of its
 * routes. The runs are interleaved: run 1 of every page of every site, then run 2, so a machine that gets busier
 * part way through weighs on all of them alike. `cpuSlowdown` replaces Lighthouse's CPU multiplier (4).
 */
export async function measureSites(
  sites: readonly Site[],
  runs: number,
  log: (line: string) => void = () => undefined,
  measured: readonly Category[] = categories,
  cpuSlowdown?: number,
): Promise<PageScore[][]> {
  if (!existsSync(LIGHTHOUSE_BIN)) throw new Error('Lighthouse is not installed: run `npm install`.');
  const browser = await resolveChromium();
  const label = describeBrowser(browser);
  log(`on ${label}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  const servers: ServedBuild[] = [];
  try {
    for (const site of sites) servers.push(await serveBuild(site.buildDir));
    const pageRuns = sites.map((site) => site.routes.map((): PageScore[] => []));
    for (let run = 0; run < runs; run++) {
      const longest = Math.max(...sites.map((site) => site.routes.length));
      for (let r = 0; r < longest; r++) {
        sites.forEach((site, s) => {
          const route = site.routes[r];
          if (route === undefined) return;
          const report = runLighthouse(`${servers[s].base}${route}`, path.join(dataDir, `report-${s}-${r}-${run}.json`), measured, browser, log, cpuSlowdown);
          const score = summarize(route, report);
          if (majorOf(score.browser) === majorOf(label)) score.browser = label;
          pageRuns[s][r].push(score);
          log(`run ${run + 1}, site ${s + 1}: ${route}: performance ${score.scores.performance}, TBT ${Math.round(score.metrics.TBT)} ms on ${score.browser}; benchmark index ${Math.round(score.benchmarkIndex)}; load average ${loadAverage()}`);
        });
      }
    }
    return pageRuns.map((site) => site.map(median));
  } finally {
    for (const server of servers) server.close();
    rmSync(dataDir, {recursive: true, force: true});
  }
}

/** Serves `buildDir` with the production server and returns the median Lighthouse run of each route. */
export async function measure(
  buildDir: string,
  routes: readonly string[],
  runs: number,
  log: (line: string) => void = () => undefined,
  measured: readonly Category[] = categories,
): Promise<PageScore[]> {
  const [results] = await measureSites([{buildDir, routes}], runs, log, measured);
  for (const chosen of results) {
    log(`${chosen.route}: ${measured.map((c) => `${c} ${chosen.scores[c]}`).join(', ')}${chosen.failedAudits.length ? `; below 100: ${chosen.failedAudits.join(', ')}` : ''}`);
  }
  return results;
}

/** The lowest and highest benchmark index of the runs kept ("1,310–1,972"), for a note beside their figures. */
export function benchmarkRange(scores: readonly PageScore[]): string {
  const indexes = scores.map((s) => s.benchmarkIndex).filter(Number.isFinite);
  if (!indexes.length) return 'unknown';
  const [low, high] = [Math.min(...indexes), Math.max(...indexes)].map((v) => Math.round(v).toLocaleString('en-US'));
  return low === high ? low : `${low}–${high}`;
}

const majorOf = (browser: string) => /\d+/.exec(browser)?.[0];

/** The machine's load average over 1, 5 and 15 minutes, as `uptime` prints it. */
export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The vanilla site's pages comparable with `routes`, each once, in the order ours first reach them. */
export const baselineRoutes = (routes: readonly string[]): string[] => [...new Set(routes.map(baselineRouteOf).filter((r): r is string => r !== null))];

async function main() {
  const {values, positionals} = parseArgs({
    options: {
      runs: {type: 'string', default: '1'},
      json: {type: 'string'},
      'build-dir': {type: 'string', default: 'build'},
      'baseline-dir': {type: 'string'},
      check: {type: 'boolean', default: false},
      'cpu-slowdown': {type: 'string'},
    },
    allowPositionals: true,
  });
  const routes = positionals.length ? positionals : defaultRoutes;
  // The check leaves performance out: its score depends on the machine, and its simulated load costs most of a run.
  const measured = values.check ? checkedCategories : categories;
  const runs = Math.max(1, Number(values.runs));
  const log = (line: string) => console.error(line);
  const startLoad = loadAverage();
  const sites: Site[] = [{buildDir: path.resolve(values['build-dir']), routes}];
  if (values['baseline-dir']) sites.push({buildDir: path.resolve(values['baseline-dir']), routes: baselineRoutes(routes)});
  const cpuSlowdown = parseCpuSlowdown(values['cpu-slowdown']);
  const [results, baseline] = await measureSites(sites, runs, log, measured, cpuSlowdown);
  const multiplier = cpuSlowdown === undefined ? '' : `, CPU slowdown ${cpuSlowdown}x instead of ${DEFAULT_CPU_SLOWDOWN}x`;
  const browsers = [...new Set([...results, ...(baseline ?? [])].map((r) => r.browser))].join(', ');
  console.log(`Lighthouse ${results[0]?.lighthouse ?? ''} on ${browsers}, median of ${runs} run(s)${multiplier}; Lighthouse's benchmark index ${benchmarkRange([...results, ...(baseline ?? [])])} in the median runs; load average ${startLoad} at the start, ${loadAverage()} at the end\n`);
  console.log(table(results));
  if (baseline) console.log(`\nThe vanilla Docusaurus site (${values['baseline-dir']}), in the same run:\n\n${table(baseline)}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(baseline ? {ours: results, baseline} : results, null, 2)}\n`);
  const problems = imperfect(results);
  if (values.check && problems.length) {
    console.error(`\nLighthouse: ${problems.length} page(s) below 100 in accessibility, best practices or SEO:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
