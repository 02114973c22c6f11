/**
 * Lighthouse scores of a production build, mobile (Lighthouse's default form factor and throttling), for the pages
 * readers land on. Serves the build with server/server.ts (what `npm run serve` runs) on a free port, runs
 * Lighthouse (the project's devDependency, on Debian's Chromium) once per page and run, and prints the median scores
 * and metrics as a Markdown table. Usage:
 *
 *   npx tsx scripts/lighthouse.ts [--runs 3] [--build-dir build] [--json out.json] [--check] [route ...]
 *
 * With --check it measures only accessibility, best practices and SEO, and exits 1 when one is below 100 on a page,
 * naming the audits. Performance is not checked: it depends on how busy the machine is (`npm run bench` measures it against
 * a vanilla Docusaurus site in the same run).
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {freePort} from '../server/free-port';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {resolveChromium} from './chromium';

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

type Category = (typeof categories)[number];
type Metric = keyof typeof metrics;

/** One Lighthouse run of one page, reduced to what the table shows. */
export interface PageScore {
  route: string;
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Audits below a perfect score in the accessibility, best-practices and SEO categories, by id. */
  failedAudits: string[];
}

interface LighthouseReport {
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
  return {route, scores, metrics: values, failedAudits: [...new Set(failedAudits)]};
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

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`server/server.ts exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not answer at ${url}`);
}

const LIGHTHOUSE_BIN = path.resolve('node_modules/.bin/lighthouse');
/** Tries per Lighthouse run before the page counts as failed. */
const ATTEMPTS = 3;

/** Serves `buildDir` with the production server and returns the median Lighthouse run of each route. */
export async function measure(
  buildDir: string,
  routes: readonly string[],
  runs: number,
  log: (line: string) => void = () => undefined,
  measured: readonly Category[] = categories,
): Promise<PageScore[]> {
  if (!existsSync(LIGHTHOUSE_BIN)) throw new Error('Lighthouse is not installed: run `npm install`.');
  if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error(`No production build in ${buildDir}: run \`npm run build\` first.`);
  const browser = await resolveChromium();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  const server = spawn('npx', ['tsx', 'server/server.ts'], {
    env: {...process.env, PORT: String(port), HOST: '127.0.0.1', BUILD_DIR: buildDir, QUERY_LOG_SQLITE_PATH: path.join(dataDir, 'query-log.sqlite')},
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await waitForServer(`${base}/`, server);
    const results: PageScore[] = [];
    for (const route of routes) {
      const pageRuns: PageScore[] = [];
      for (let run = 0; run < runs; run++) {
        const output = path.join(dataDir, `report-${results.length}-${run}.json`);
        // Headless Chromium now and then loses the trace of a load (Lighthouse's NO_NAVSTART): run that load again.
        for (let attempt = 1; ; attempt++) {
          const result = spawnSync(
            LIGHTHOUSE_BIN,
            [
              `${base}${route}`,
              `--only-categories=${measured.join(',')}`,
              '--output=json',
              `--output-path=${output}`,
              '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
              '--quiet',
            ],
            {env: {...process.env, ...browser.env, CHROME_PATH: process.env.CHROME_PATH ?? browser.path}, stdio: ['ignore', 'inherit', 'inherit']},
          );
          if (result.status === 0) break;
          if (attempt === ATTEMPTS) throw new Error(`lighthouse failed on ${route} ${ATTEMPTS} times (last exit ${result.status ?? result.signal})`);
          log(`${route}: lighthouse exited with ${result.status ?? result.signal}, trying again (${attempt + 1} of ${ATTEMPTS})`);
        }
        pageRuns.push(summarize(route, JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport));
      }
      const chosen = median(pageRuns);
      results.push(chosen);
      log(`${route}: ${measured.map((c) => `${c} ${chosen.scores[c]}`).join(', ')}${chosen.failedAudits.length ? `; below 100: ${chosen.failedAudits.join(', ')}` : ''}`);
    }
    return results;
  } finally {
    // The server runs in its own process group (npx -> tsx -> node); end the whole group.
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(dataDir, {recursive: true, force: true});
  }
}

async function main() {
  const {values, positionals} = parseArgs({
    options: {runs: {type: 'string', default: '1'}, json: {type: 'string'}, 'build-dir': {type: 'string', default: 'build'}, check: {type: 'boolean', default: false}},
    allowPositionals: true,
  });
  const routes = positionals.length ? positionals : defaultRoutes;
  // The check leaves performance out: its score depends on the machine, and its simulated load costs most of a run.
  const measured = values.check ? checkedCategories : categories;
  const results = await measure(path.resolve(values['build-dir']), routes, Math.max(1, Number(values.runs)), (line) => console.error(line), measured);
  console.log(table(results));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`);
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
