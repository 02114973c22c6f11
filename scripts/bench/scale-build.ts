/**
 * The production build at scale (issue 50 §1): for each factor, the site `factor` times the size (scaled-site.ts) is
 * built by `docusaurus build` in a process of its own, cold (no persistent Rspack cache read or written), and
 * measured: wall time, CPU time and peak resident memory of its whole process tree, the output's files and bytes,
 * the search index's, and the wall and CPU time of the build's phases (Docusaurus's performance log times each phase;
 * the tree's CPU time, sampled beside it, is read at each phase's start and end). Growth is against the first factor.
 * Linux: the tree's CPU time and memory are sampled from /proc.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {CHAT_SECTIONS_FILE, SEARCH_SHARDS_DIR} from '../../plugins/search-index/constants';
import type {BenchRow} from './report';
import {growthTable, type GrowthMeasure} from './scale';
import {writeScaledSite, type CopiesSidebar} from './scaled-site';

const USAGE_PRELOAD = path.resolve(__dirname, 'process-usage.mjs');
const MiB = 2 ** 20;

/** A line the command printed, with when it arrived (s since the start). */
export interface TimedLine {
  at: number;
  text: string;
}

/** The tree's CPU time so far (s, user + system of its live processes) at a moment (s since the start). */
export interface CpuSample {
  at: number;
  cpu: number;
}

/** What one process-tree run cost. */
export interface TreeUsage {
  wallSeconds: number;
  /** User + system CPU time of every Node process of the tree (their threads included), s. */
  cpuSeconds: number;
  /** Peak of the tree's summed resident memory, sampled every 200 ms, MiB. */
  peakTreeMiB: number;
  /** Largest peak resident memory of one process (getrusage), MiB. */
  peakProcessMiB: number;
  processes: number;
  status: number | null;
  lines: TimedLine[];
  cpuSamples: CpuSample[];
}

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

/** Parent pid, CPU time (s) and resident bytes of a live process, from /proc/<pid>/stat. */
function procStat(pid: number): {ppid: number; cpu: number; rss: number} | null {
  try {
    // The command name (2nd field) may hold spaces and parentheses: the fields that follow its last ')' are read.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, rss: Number(fields[21]) * 4096};
  } catch {
    return null; // Gone since the listing.
  }
}

/** The processes under `root` (itself included), from /proc's parent links: their CPU time and resident bytes. */
function sampleTree(root: number): {cpu: number; rss: number} {
  const stats = new Map<number, NonNullable<ReturnType<typeof procStat>>>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat) stats.set(Number(name), stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, {ppid}] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree.reduce((sum, pid) => ({cpu: sum.cpu + (stats.get(pid)?.cpu ?? 0), rss: sum.rss + (stats.get(pid)?.rss ?? 0)}), {cpu: 0, rss: 0});
}

/**
 * Runs `node args` in `cwd` with every Node process of its tree reporting its own usage at exit (process-usage.mjs
 * through NODE_OPTIONS); while it runs, samples the tree's CPU time and resident memory every 200 ms and notes when
 * each line of its output arrives.
 */
export async function runMeasuredTree(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<TreeUsage> {
  const usageDir = mkdtempSync(path.join(tmpdir(), 'bench-usage-'));
  try {
    const nodeOptions = [process.env.NODE_OPTIONS, `--import=${USAGE_PRELOAD}`].filter(Boolean).join(' ');
    const started = performance.now();
    const since = () => (performance.now() - started) / 1000;
    const child = spawn(process.execPath, args, {cwd, env: {...process.env, ...env, NODE_OPTIONS: nodeOptions, BENCH_USAGE_DIR: usageDir}, stdio: ['ignore', 'pipe', 'pipe']});
    const lines: TimedLine[] = [];
    const collect = (stream: NodeJS.ReadableStream) => {
      let partial = '';
      stream.on('data', (chunk: Buffer) => {
        const parts = (partial + chunk.toString()).split('\n');
        partial = parts.pop()!;
        for (const text of parts) lines.push({at: since(), text});
      });
      stream.on('end', () => partial && lines.push({at: since(), text: partial}));
    };
    collect(child.stdout);
    collect(child.stderr);
    let peakTree = 0;
    const cpuSamples: CpuSample[] = [{at: 0, cpu: 0}];
    const sampler = setInterval(() => {
      if (child.pid === undefined) return;
      const {cpu, rss} = sampleTree(child.pid);
      peakTree = Math.max(peakTree, rss);
      cpuSamples.push({at: since(), cpu});
    }, 200);
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearInterval(sampler);
    const wallSeconds = since();
    const usages = readdirSync(usageDir).map((f) => JSON.parse(readFileSync(path.join(usageDir, f), 'utf8')) as {userCPUTime: number; systemCPUTime: number; maxRSS: number});
    const peakProcessMiB = Math.max(0, ...usages.map((u) => u.maxRSS / 1024));
    const cpuSeconds = usages.reduce((sum, u) => sum + u.userCPUTime + u.systemCPUTime, 0) / 1e6;
    cpuSamples.push({at: wallSeconds, cpu: Math.max(cpuSeconds, cpuSamples.at(-1)!.cpu)});
    return {wallSeconds, cpuSeconds, peakTreeMiB: Math.max(peakTree / MiB, peakProcessMiB), peakProcessMiB, processes: usages.length, status, lines, cpuSamples};
  } finally {
    rmSync(usageDir, {recursive: true, force: true});
  }
}

/** The tree's CPU time at a moment, interpolated between the samples around it. */
export function cpuAt(samples: readonly CpuSample[], at: number): number {
  const after = samples.findIndex((s) => s.at >= at);
  if (after === -1) return samples.at(-1)!.cpu;
  if (after === 0) return samples[0].cpu;
  const [a, b] = [samples[after - 1], samples[after]];
  return a.cpu + ((b.cpu - a.cpu) * (at - a.at)) / (b.at - a.at || 1);
}

/** Files and bytes of a build folder; the precompressed copies (.br, .gz) counted apart. */
export interface OutputSize {
  files: number;
  bytes: number;
  precompressedFiles: number;
  precompressedBytes: number;
  htmlPages: number;
}

export function outputSize(dir: string): OutputSize {
  const size: OutputSize = {files: 0, bytes: 0, precompressedFiles: 0, precompressedBytes: 0, htmlPages: 0};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (/\.(br|gz)$/.test(name)) {
        size.precompressedFiles++;
        size.precompressedBytes += stat.size;
      } else {
        size.files++;
        size.bytes += stat.size;
        if (name.endsWith('.html')) size.htmlPages++;
      }
    }
  };
  walk(dir);
  return size;
}

/** The search index as built: the lexicon every query loads and all its shards (gzip), and the chat's sections file. */
function searchIndexSize(buildDir: string): {lexiconGzip: number; shardsGzip: number; shards: number; chatSectionsBytes: number} {
  const shardsDir = path.join(buildDir, SEARCH_SHARDS_DIR);
  let lexiconGzip = 0;
  let shardsGzip = 0;
  let shards = 0;
  for (const name of readdirSync(shardsDir)) {
    if (/\.(br|gz)$/.test(name)) continue;
    const gzip = gzipSync(readFileSync(path.join(shardsDir, name))).length;
    if (name.startsWith('lexicon.')) lexiconGzip = gzip;
    else {
      shardsGzip += gzip;
      shards++;
    }
  }
  return {lexiconGzip, shardsGzip, shards, chatSectionsBytes: statSync(path.join(buildDir, CHAT_SECTIONS_FILE)).size};
}

/** One step of Docusaurus's performance log: its wall time and when its line arrived (s since the start). */
export interface PerfStep {
  seconds: number;
  endedAt: number;
}

/** Docusaurus's performance log (DOCUSAURUS_PERF_LOGGER=true): each labelled step's wall time and end. */
export function perfSteps(lines: readonly TimedLine[]): Map<string, PerfStep> {
  const steps = new Map<string, PerfStep>();
  for (const {at, text} of lines) {
    // eslint-disable-next-line no-control-regex
    const match = /^\[PERF\] (.+?) - ([\d.]+) (ms|seconds!?)/.exec(text.replace(/\x1b\[[0-9;]*m/g, ''));
    if (match) steps.set(match[1], {seconds: Number(match[2]) / (match[3] === 'ms' ? 1000 : 1), endedAt: at});
  }
  return steps;
}

/** The build's main phases, as labelled in Docusaurus 3.10's performance log (a phase missing shows as NaN). */
const PHASES: Array<{label: string; step: string}> = [
  {label: 'load site (docs read, plugins load content: generation, search index, page data)', step: 'Build > en > Load site'},
  {label: 'load site, of which plugins load content (in parallel)', step: 'Build > en > Load site > Load plugins > Load plugins content'},
  {label: 'bundle (Rspack: client and server bundles, MDX compiled)', step: 'Build > en > Bundling with rspack'},
  {label: 'render every page (SSG, worker threads)', step: 'Build > en > SSG'},
  {label: 'plugins after the build (postBuild: CSS prune, page scripts, precompress, twins)', step: 'Build > en > postBuild()'},
  {label: 'broken links check', step: 'Build > en > Broken links checker'},
];

export interface BuildAtScale {
  factor: number;
  pages: number;
  usage: TreeUsage;
  output: OutputSize;
  search: ReturnType<typeof searchIndexSize>;
  /** Wall and CPU time of each phase of PHASES (by its step), s. */
  phases: Map<string, {wall: number; cpu: number}>;
  /** Seconds to write the scaled site (not part of the build time). */
  prepareSeconds: number;
}

/** Writes the site `factor` times the size, builds it cold, measures the build and its output, removes the site. */
export async function measureBuildAtScale(repoDir: string, factor: number, sidebar: CopiesSidebar, keepLogDir?: string): Promise<BuildAtScale> {
  const started = performance.now();
  const site = writeScaledSite(repoDir, factor, sidebar);
  const prepareSeconds = (performance.now() - started) / 1000;
  try {
    const docusaurus = path.join(repoDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
    const usage = await runMeasuredTree([docusaurus, 'build'], site.siteDir, {DOCUSAURUS_NO_PERSISTENT_CACHE: '1', DOCUSAURUS_PERF_LOGGER: 'true', NODE_ENV: undefined});
    const log = usage.lines.map((l) => `${l.at.toFixed(2)}\t${l.text}`).join('\n');
    if (keepLogDir) writeFileSync(path.join(keepLogDir, `build-${factor}x.log`), `${log}\n`);
    if (usage.status !== 0) throw new Error(`the ${factor}× build failed (exit ${usage.status}): ${usage.lines.slice(-8).map((l) => l.text).join('\n')}`);
    const buildDir = path.join(site.siteDir, 'build');
    const steps = perfSteps(usage.lines);
    const phases = new Map(PHASES.flatMap(({step}) => {
      const found = steps.get(step);
      return found ? [[step, {wall: found.seconds, cpu: cpuAt(usage.cpuSamples, found.endedAt) - cpuAt(usage.cpuSamples, found.endedAt - found.seconds)}] as const] : [];
    }));
    return {factor, pages: site.pages, usage, output: outputSize(buildDir), search: searchIndexSize(buildDir), phases, prepareSeconds};
  } finally {
    rmSync(site.siteDir, {recursive: true, force: true});
  }
}

const seconds = (n: number) => (Number.isNaN(n) ? 'n/a' : `${n.toFixed(1)} s`);
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const count = (n: number) => n.toLocaleString('en-US');

/** Rows of the table. */
const MEASURES: Array<GrowthMeasure<BuildAtScale>> = [
  {label: 'Doc pages (Markdown and MDX under docs/)', value: (b) => b.pages, show: count},
  {label: 'Build wall time', value: (b) => b.usage.wallSeconds, show: seconds},
  {label: 'Build CPU time (user + system, every process and thread)', value: (b) => b.usage.cpuSeconds, show: seconds},
  ...PHASES.flatMap(({label, step}) => [
    {label: `Phase: ${label}, wall`, value: (b: BuildAtScale) => b.phases.get(step)?.wall ?? NaN, show: seconds},
    {label: `Phase: ${label}, CPU`, value: (b: BuildAtScale) => b.phases.get(step)?.cpu ?? NaN, show: seconds},
  ]),
  {label: 'Peak resident memory, process tree (sampled)', value: (b) => b.usage.peakTreeMiB * MiB, show: mib},
  {label: 'Peak resident memory, largest process (getrusage)', value: (b) => b.usage.peakProcessMiB * MiB, show: mib},
  {label: 'Output files (without .br/.gz)', value: (b) => b.output.files, show: count},
  {label: 'Output bytes (without .br/.gz)', value: (b) => b.output.bytes, show: mib},
  {label: 'Precompressed copies (.br/.gz): files', value: (b) => b.output.precompressedFiles, show: count},
  {label: 'Precompressed copies (.br/.gz): bytes', value: (b) => b.output.precompressedBytes, show: mib},
  {label: 'HTML pages', value: (b) => b.output.htmlPages, show: count},
  {label: 'Search index: lexicon (gzip)', value: (b) => b.search.lexiconGzip, show: kib},
  {label: 'Search index: shards, all (gzip)', value: (b) => b.search.shardsGzip, show: kib},
  {label: 'Search index: shard files', value: (b) => b.search.shards, show: count},
  {label: 'Chat sections file (search/chat sections, raw)', value: (b) => b.search.chatSectionsBytes, show: mib},
];

/** The markdown table: one column per size, then the growth of each size against the first. */
export const scaleBuildTable = (sizes: BuildAtScale[]): string => growthTable(sizes, MEASURES, 2);

/** Builds every factor in turn, smallest first, logging each as it ends; returns the table and rows for the report. */
export async function benchScaleBuild(factors: number[], sidebar: CopiesSidebar = 'groups', log: (line: string) => void = console.error, logDir?: string): Promise<{rows: BenchRow[]; table: string; sizes: BuildAtScale[]}> {
  const sizes: BuildAtScale[] = [];
  for (const factor of factors) {
    log(`Scale build ${factor}×: writing the site and building it (cold)`);
    const size = await measureBuildAtScale(process.cwd(), factor, sidebar, logDir);
    const phases = PHASES.map(({step}) => `${step.replace('Build > en > ', '')} ${size.phases.get(step)?.wall.toFixed(0)} s (CPU ${size.phases.get(step)?.cpu.toFixed(0)} s)`).join(', ');
    log(`Scale build ${factor}×: ${size.pages} pages built in ${size.usage.wallSeconds.toFixed(0)} s (CPU ${size.usage.cpuSeconds.toFixed(0)} s, peak ${size.usage.peakTreeMiB.toFixed(0)} MiB; the site written in ${size.prepareSeconds.toFixed(0)} s): ${phases}`);
    sizes.push(size);
  }
  const [first] = sizes;
  const rows: BenchRow[] = sizes.slice(1).flatMap((size) => {
    const area = `Scale build ${size.factor}× (${count(size.pages)} doc pages)`;
    const vs = `baseline: ${first.factor}×`;
    return [
      {area, metric: 'Build wall time (cold)', value: size.usage.wallSeconds, unit: 's', baseline: first.usage.wallSeconds, note: `${vs}${size.factor === 10 && first.factor === 1 ? `; target <= ${(11 * first.usage.wallSeconds).toFixed(0)} s (11× the 1× build)` : ''}`},
      {area, metric: 'Build CPU time', value: size.usage.cpuSeconds, unit: 's', baseline: first.usage.cpuSeconds, note: vs},
      {area, metric: 'Build peak resident memory (process tree)', value: size.usage.peakTreeMiB, unit: 'MiB', baseline: first.usage.peakTreeMiB, note: vs},
      {area, metric: 'Build output (without .br/.gz)', value: size.output.bytes / MiB, unit: 'MiB', baseline: first.output.bytes / MiB, note: vs},
    ];
  });
  return {rows, table: scaleBuildTable(sizes), sizes};
}
