/**
 * `npm run bench [-- --write]`: every benchmark of the project in one run, against the production build served by
 * the project's server, phase after phase, each announced with its elapsed time. The report goes to
 * .scratch/bench/results.md and .json (ignored by git); with --write, to the tracked bench/results.md and
 * bench/results.json instead. Targets a figure missed are listed at the end; a phase whose service is missing
 * (PostgreSQL, Redis) reports "skipped" rows instead of figures.
 */
import {benchRetrieval} from './bench/retrieval';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {buildApp} from '../server/app';
import {describeBrowser, launchChromium, resolveChromium} from './chromium';
import {benchSearch} from './bench/search';
import {benchInstances} from './bench/instances';
import {benchServer} from './bench/server';
import {benchFlood} from './bench/flood';
import {benchBuild} from './bench/build';
import {benchLighthouse} from './bench/lighthouse';
import {benchModalOpen} from './bench/modal-open';
import {benchQueryLogYear} from './bench/query-log-year';
import {benchScale} from './bench/scale';
import {benchScaleBuild} from './bench/scale-build';
import {missedTargets, skipReason, toMarkdown, type BenchRow} from './bench/report';
import {answerHelp} from './cli-usage';

/** What the phases share: our build, the baseline site's build when there is one, and the load duration. */
interface BenchContext {
  buildDir: string;
  baselineBuildDir: string | null;
  loadSeconds: number;
}

/** One phase of the run: a name for its progress lines, and the rows it measures. */
interface Phase {
  name: string;
  run: (context: BenchContext) => Promise<BenchRow[]>;
}

/** Search index size, load and keystroke latency in Chromium, relevance; served by the production server. */
async function searchPhase({buildDir}: BenchContext): Promise<BenchRow[]> {
  const app = await buildApp({buildDir});
  const baseURL = await app.listen({port: 0, host: '127.0.0.1'});
  const browser = await launchChromium();
  try {
    return await benchSearch(browser, baseURL, buildDir);
  } finally {
    await browser.close();
    await app.close();
  }
}

/**
 * The phases after the builds, in order. A new benchmark is one more entry here (its rows join the report, its
 * progress lines and elapsed time come with it).
 */
const PHASES: Phase[] = [
  {name: 'Search (index, Chromium latency, relevance)', run: searchPhase},
  {name: 'Retrieval quality (npm run eval, 5-fold cross-validated) and CPU per hostile request body', run: ({buildDir}) => benchRetrieval(buildDir)},
  {name: 'Chat and query log (one server, SQLite and PostgreSQL)', run: ({buildDir, loadSeconds}) => benchServer(buildDir, loadSeconds)},
  {name: 'Chat under a three-address flood (a reader asking once a second)', run: ({buildDir, loadSeconds}) => benchFlood(buildDir, loadSeconds)},
  {name: 'Two API instances (PostgreSQL and Redis)', run: ({buildDir, loadSeconds}) => benchInstances(buildDir, loadSeconds)},
  {name: 'Lighthouse (mobile, median of 3 runs)', run: ({buildDir, baselineBuildDir}) => benchLighthouse(buildDir, baselineBuildDir)},
  // BENCH_BEFORE_BUILD: a build of the previous version, measured in the same run as the baseline.
  {name: 'First use: click on Search and "Ask our AI" to a usable dialog', run: ({buildDir}) => benchModalOpen(buildDir, process.env.BENCH_BEFORE_BUILD ? path.resolve(process.env.BENCH_BEFORE_BUILD) : null)},
];

const runStarted = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs one phase between a start line and an end line with its elapsed time and the run's so far. */
async function timed<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  console.error(`=== ${name}: started at ${seconds(runStarted)}`);
  const result = await run();
  console.error(`=== ${name}: done in ${seconds(started)} (run so far: ${seconds(runStarted)})`);
  return result;
}

const USAGE = `
Usage: npm run bench [-- --write]
       npm run bench -- [--scale 1,3,10] [--scale-build 1,3 [--scale-sidebar groups|none]] [--query-log-rows N]

Every benchmark, phase by phase: builds (a minimal classic-preset Docusaurus site as the baseline, then ours, then
ours without its optimizations, SITE_OPTIMIZATIONS=off, into build-plain/, whose first load is reported beside ours),
search, retrieval and CPU per hostile request, chat and query log, a chat flood, two instances, Lighthouse. Takes
several minutes; each phase is announced on stderr. Rows that need PostgreSQL (TEST_DATABASE_URL) or redis-server
say they were skipped without them.

  --write               write the tracked bench/results.md and results.json (default: .scratch/bench/)
  --scale 1,3,10        only the scale phase, offline, no build needed: the site's sections made 1, 3 and 10 times as
                        many (copies under other paths, 30% of their words altered); per size, the search index's
                        bytes, a first query's bytes and the search's latency (Node, on the code the browser's
                        worker runs), the chat's worker pool start, task time and memory, and the growth against
                        the first size; prints its own table (1 and 3 take about 2 minutes, 10 about 5 more)
  --scale-build 1,3     only the production build at scale: the project copied to a temporary folder with its docs
                        (hand-written and generated) 1 and 3 times over (copies under /docs/copyN/, in the sidebar,
                        30% of their prose words altered), each built cold by docusaurus build in its own process;
                        per size, wall and CPU time, peak memory, the build's phases, output files and bytes, the
                        search index, and the growth against the first size; prints its own table, writes the
                        build logs to .scratch/bench/scale-build/ (on two busy shared cores: 1 took 3 minutes, 3
                        took 6, 10 took 26 and 7.7 GiB of memory at its peak)
  --scale-sidebar none  with --scale-build: the copies left out of the sidebar (rendered without one), instead of
                        placed in their originals' groups (groups, the default), whose items every page of the
                        group renders
  --query-log-rows N    only the query log at a year's size: SQLite (and PostgreSQL with TEST_DATABASE_URL) seeded
                        with N rows of a year's traffic (1000000 takes a few minutes; 30000000, about an hour and
                        10 GB of disk), then insert latency empty and full, npm run report's time and peak memory,
                        and retention; prints its own table
  --help, -h            this text

Settings: BENCH_LOAD_SECONDS (seconds of each load phase, default 20), BENCH_BEFORE_BUILD (an earlier build, to
compare the time from a click to a usable dialog).
`;

/** Whole factors of 1 or more from a comma-separated list, such as 1,3,10. */
function parseFactors(option: string, list: string): number[] {
  const factors = list.split(',').map(Number);
  if (factors.length === 0 || factors.some((f) => !Number.isInteger(f) || f < 1)) throw new Error(`${option} takes whole factors of 1 or more, separated by commas, such as 1,3,10`);
  return factors;
}

const machineLine = () => `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`;

async function main() {
  answerHelp(USAGE);
  const {values} = parseArgs({options: {write: {type: 'boolean', default: false}, scale: {type: 'string'}, 'scale-build': {type: 'string'}, 'scale-sidebar': {type: 'string', default: 'groups'}, 'query-log-rows': {type: 'string'}}});
  // The phases asked for by name run alone, without the builds: each prints its own table.
  if (values.scale !== undefined || values['scale-build'] !== undefined || values['query-log-rows'] !== undefined) {
    if (values.scale !== undefined) {
      const factors = parseFactors('--scale', values.scale);
      const {table} = await timed(`Scale ${factors.join(', ')}`, () => benchScale(factors));
      console.log(`Scale: the site's sections ${factors.map((f) => `${f}×`).join(', ')}, ${machineLine()}\n\n${table}`);
    }
    if (values['scale-build'] !== undefined) {
      const factors = parseFactors('--scale-build', values['scale-build']);
      const sidebar = values['scale-sidebar'];
      if (sidebar !== 'groups' && sidebar !== 'none') throw new Error('--scale-sidebar is groups (the copies in their originals\' sidebar groups) or none (left out of the sidebar)');
      const logDir = path.join('.scratch', 'bench', 'scale-build');
      mkdirSync(logDir, {recursive: true});
      const {table} = await timed(`Scale build ${factors.join(', ')}`, () => benchScaleBuild(factors, sidebar, console.error, logDir));
      console.log(`Scale build: the site's docs ${factors.map((f) => `${f}×`).join(', ')}, the copies ${sidebar === 'none' ? 'out of the sidebar' : 'in their originals\' sidebar groups'}, built cold, ${machineLine()}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end\n\n${table}`);
    }
    if (values['query-log-rows'] !== undefined) {
      const rows = Number(values['query-log-rows']);
      if (!Number.isInteger(rows) || rows < 1) throw new Error('--query-log-rows must be a positive whole number of rows, such as 1000000');
      const {table} = await timed(`Query log at a year's size (${rows.toLocaleString('en-US')} rows)`, () => benchQueryLogYear(rows));
      console.log(`Query log: a year of traffic (${rows.toLocaleString('en-US')} rows), ${machineLine()}\n\n${table}`);
    }
    return;
  }
  const buildDir = path.resolve('build');
  const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
  // Builds the baseline site and ours first, so every later figure is taken on this build.
  const built = await timed('Builds (the baseline site, ours, ours with SITE_OPTIMIZATIONS=off)', benchBuild);
  if ('skipped' in built.baseline) console.error(`Baseline skipped: ${built.baseline.skipped}; ours is measured alone.`);
  if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error('No production build: run "npm run build" first.');
  const context: BenchContext = {buildDir, baselineBuildDir: 'buildDir' in built.baseline ? built.baseline.buildDir : null, loadSeconds};
  const rows: BenchRow[] = [...built.rows];
  for (const phase of PHASES) {
    const phaseRows = await timed(phase.name, () => phase.run(context));
    for (const row of phaseRows) {
      const reason = skipReason(row);
      if (reason !== null) console.error(`${phase.name}: ${row.metric}: skipped: ${reason}`);
    }
    rows.push(...phaseRows);
  }

  const machine = `${machineLine()}, browser ${describeBrowser(await resolveChromium())}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end`;
  // Only --write touches the tracked report: a trial run on a laptop must not replace the recorded figures.
  const outDir = values.write ? 'bench' : path.join('.scratch', 'bench');
  mkdirSync(outDir, {recursive: true});
  writeFileSync(path.join(outDir, 'results.md'), toMarkdown(rows, `# Benchmark results\n\nMachine: ${machine}`));
  writeFileSync(path.join(outDir, 'results.json'), `${JSON.stringify({machine, rows}, null, 2)}\n`);
  console.log(toMarkdown(rows, `Machine: ${machine}`));
  const missed = missedTargets(rows);
  for (const line of missed) console.log(line);
  console.log(`${missed.length === 0 ? 'Every target met' : `${missed.length} target(s) missed`}; report in ${outDir}/results.md (${values.write ? 'the tracked one' : 'npm run bench -- --write updates bench/results.md'}); ${seconds(runStarted)} in all.`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
