/**
 * The scale phase (issue 50 §1): the site's sections made `factor` times as many (scaled-sections.ts), each size
 * measured in processes of its own (scale-size.ts), offline. The browser's search is measured in Node on the code its
 * worker runs; the chat in the server's worker pool and on one thread. Growth factors are against the first size.
 */
import type {BrowserFigures, ServerFigures} from './scale-size';
import {measureTsScript} from './measure-command';
import type {BenchRow} from './report';

interface SizeFigures {
  factor: number;
  browser: BrowserFigures;
  server: ServerFigures;
  /** Wall time of each part's process, s, and the server part's peak resident memory, MiB. */
  browserSeconds: number;
  serverSeconds: number;
  serverPeakMiB: number;
}

function runPart(factor: number, part: 'browser' | 'server'): {figures: unknown; seconds: number; peakMiB: number} {
  const run = measureTsScript('scripts/bench/scale-size.ts', ['--factor', String(factor), '--part', part], {});
  if (run.status !== 0) throw new Error(`scale ${factor}x ${part} failed (exit ${run.status}): ${run.stderr.trim().split('\n').slice(-5).join('\n')}`);
  return {figures: JSON.parse(run.stdout.trim().split('\n').at(-1)!), seconds: run.seconds, peakMiB: run.maxRssMiB};
}

const KiB = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : n >= 10 ? `${n.toFixed(0)} ms` : `${n.toFixed(1)} ms`);

/** Rows of the table: a label and the figure of one size; each row shows every size, then the growth of the last. */
const MEASURES: Array<GrowthMeasure<SizeFigures>> = [
  {label: 'Sections', value: (s) => s.browser.sections, show: (n) => n.toLocaleString('en-US')},
  {label: 'Search index build (Node)', value: (s) => s.browser.indexBuildMs, show: ms},
  {label: 'Whole search index (gzip)', value: (s) => s.browser.wholeGzipBytes, show: KiB},
  {label: 'Lexicon, every query loads it (gzip)', value: (s) => s.browser.lexiconGzipBytes, show: KiB},
  {label: 'Search page first query: bytes p50 (gzip, lexicon + shards)', value: (s) => s.browser.firstQueryBytes.p50, show: KiB},
  {label: 'Search page first query: bytes p95', value: (s) => s.browser.firstQueryBytes.p95, show: KiB},
  {label: 'Search page first query: time p50 (Node, shards from memory)', value: (s) => s.browser.firstQueryMs.p50, show: ms},
  {label: 'Search box keystroke p50 (Node, sharded index as the worker runs it; CPU)', value: (s) => s.browser.keystrokeCpuMs.p50, show: ms},
  {label: 'Search box keystroke p95 (CPU)', value: (s) => s.browser.keystrokeCpuMs.p95, show: ms},
  {label: 'Search box keystroke p95 (wall)', value: (s) => s.browser.keystrokeMs.p95, show: ms},
  {label: 'Chat worker pool start (every worker ready)', value: (s) => s.server.poolStartMs, show: ms},
  {label: 'Chat task in a worker p50 (real-dev questions)', value: (s) => s.server.poolTaskMs.p50, show: ms},
  {label: 'Chat task in a worker p95', value: (s) => s.server.poolTaskMs.p95, show: ms},
  {label: 'Chat task in a worker max', value: (s) => s.server.poolTaskMs.max, show: ms},
  {label: 'Chat retriever start, one thread (wall)', value: (s) => s.server.retrieverStartMs, show: ms},
  {label: 'Chat retriever start, one thread (CPU)', value: (s) => s.server.retrieverStartCpuMs, show: ms},
  {label: 'Chat retrieval p50, one thread (CPU)', value: (s) => s.server.retrievalCpuMs.p50, show: ms},
  {label: 'Chat retrieval p95, one thread (CPU)', value: (s) => s.server.retrievalCpuMs.p95, show: ms},
  {label: 'Chat retrieval max, one thread (CPU)', value: (s) => s.server.retrievalCpuMs.max, show: ms},
  {label: 'Chat retrieval p95, one thread (wall)', value: (s) => s.server.retrievalMs.p95, show: ms},
  {label: 'Resident memory, pool ready (main thread and workers)', value: (s) => s.server.rssReadyMiB * 2 ** 20, show: (n) => `${(n / 2 ** 20).toFixed(0)} MiB`},
  {label: 'Resident memory, peak of the chat measurement', value: (s) => s.serverPeakMiB * 2 ** 20, show: (n) => `${(n / 2 ** 20).toFixed(0)} MiB`},
  {label: 'Bench time of the size (browser part + chat part)', value: (s) => (s.browserSeconds + s.serverSeconds) * 1000, show: ms},
];

/** One row of a growth table: its label, one size's figure and how to show it. */
export interface GrowthMeasure<T> {
  label: string;
  value: (size: T) => number;
  show: (n: number) => string;
}

/** A markdown table: one column per size, then the growth of each size against the first (`digits` decimals). */
export function growthTable<T extends {factor: number}>(sizes: T[], measures: Array<GrowthMeasure<T>>, digits = 1): string {
  const [first] = sizes;
  const growth = sizes.slice(1);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const head = row(['Measure', ...sizes.map((s) => `${s.factor}×`), ...growth.map((s) => `growth ${s.factor}× / ${first.factor}×`)]);
  const rule = row(['---', ...sizes.map(() => '---'), ...growth.map(() => '---')]);
  const lines = measures.map(({label, value, show}) => row([label, ...sizes.map((s) => show(value(s))), ...growth.map((s) => `${(value(s) / value(first)).toFixed(digits)}×`)]));
  return `${[head, rule, ...lines].join('\n')}\n`;
}

/** The scale phase's table: one column per size, then the growth of each size against the first. */
export const scaleTable = (sizes: SizeFigures[]): string => growthTable(sizes, MEASURES);

/** Measures every factor, smallest first, logging each part as it ends; returns the table and rows for the report. */
export function benchScale(factors: number[], log: (line: string) => void = console.error): {rows: BenchRow[]; table: string} {
  const sizes: SizeFigures[] = [];
  for (const factor of factors) {
    const browser = runPart(factor, 'browser');
    log(`Scale ${factor}×: search index and search measured in ${browser.seconds.toFixed(0)} s`);
    const server = runPart(factor, 'server');
    log(`Scale ${factor}×: chat measured in ${server.seconds.toFixed(0)} s`);
    sizes.push({factor, browser: browser.figures as BrowserFigures, server: server.figures as ServerFigures, browserSeconds: browser.seconds, serverSeconds: server.seconds, serverPeakMiB: server.peakMiB});
  }
  const [first] = sizes;
  const rows: BenchRow[] = [];
  for (const size of sizes.slice(1)) {
    const area = `Scale ${size.factor}× (${size.browser.sections.toLocaleString('en-US')} sections)`;
    const vs = `baseline: ${first.factor}×`;
    rows.push(
      {area, metric: 'Search page first query: bytes p50 (gzip)', value: size.browser.firstQueryBytes.p50 / 1024, unit: 'KiB', baseline: first.browser.firstQueryBytes.p50 / 1024, note: vs},
      {area, metric: 'Search box keystroke p95 (Node, CPU)', value: size.browser.keystrokeCpuMs.p95, unit: 'ms', baseline: first.browser.keystrokeCpuMs.p95, note: vs},
      {area, metric: 'Chat worker pool start', value: size.server.poolStartMs / 1000, unit: 's', baseline: first.server.poolStartMs / 1000, note: `${vs}; target <= 10 s at 10×`},
      {area, metric: 'Chat task in a worker p95', value: size.server.poolTaskMs.p95, unit: 'ms', baseline: first.server.poolTaskMs.p95, note: vs},
      {area, metric: 'Chat retrieval p95, CPU on one thread', value: size.server.retrievalCpuMs.p95, unit: 'ms', baseline: first.server.retrievalCpuMs.p95, note: `${vs}; target <= 50 ms at 10×`},
      {area, metric: 'Resident memory, pool ready', value: size.server.rssReadyMiB, unit: 'MiB', baseline: first.server.rssReadyMiB, note: `${vs}; target <= 1536 MiB at 10×`},
    );
  }
  return {rows, table: scaleTable(sizes)};
}
