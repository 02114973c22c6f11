/**
 * `npx tsx scripts/lighthouse-tasks.ts [--build-dir build] [--baseline-dir DIR] [--runs 1] [--cpu-slowdown 4]
 * [route ...]`: what Lighthouse's blocking time is made of. Lighthouse's mobile score does not time a throttled load:
 * it records an unthrottled one and simulates it (Lantern), each main-thread task four times as long, placed after
 * the network requests it depends on. So a task that ran before the first paint can count as blocking after the
 * simulated one, and the task list of a throttled load (scripts/blocking-time.ts) can miss what the score charges.
 * This runs Lighthouse (the project's devDependency, Debian's Chromium when installed) in gather mode on each route,
 * computes its blocking time with Lighthouse's own computed artifacts, and lists every observed task that
 * contributes: its simulated start and length, what it adds, how long it ran, what it was made of and the scripts it
 * ran.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {calculateTbtImpactForEvent} from '@paulirish/trace_engine/models/trace/lantern/metrics/TBTUtils.js';
import {browserVersion, describeBrowser, resolveChromium} from './chromium';
import {answerHelp} from './cli-usage';
import {baselineRoutes, DEFAULT_CPU_SLOWDOWN, defaultRoutes, loadAverage, parseCpuSlowdown, spawnLighthouse} from './lighthouse';
import {serveBuild, type ServedBuild} from './serve-build';
import {taskWork, type Task, type TraceEvent} from './trace-tasks';

const USAGE = `
Usage: npx tsx scripts/lighthouse-tasks.ts [--build-dir build] [--baseline-dir DIR] [--runs 1] [--cpu-slowdown 4]
                                           [route ...]

Runs Lighthouse's mobile performance audit on each route (default: the five Lighthouse pages) in gather mode and
lists the main-thread tasks its simulated blocking time is made of, largest first: simulated start and length, the
blocking time each adds, its observed length, its kinds of work and its scripts. --baseline-dir does the same for
the vanilla site's comparable page after each of ours. --cpu-slowdown N replaces Lighthouse's CPU multiplier (4),
to play a slower host (see scripts/lighthouse.ts). Prints the browser, its version, each load's benchmark index and
the load average.
`;

/** A main-thread task as Lighthouse's simulation timed it, with the observed task it came from. */
export interface SimulatedTask {
  /** Simulated start and end (ms from the navigation). */
  start: number;
  end: number;
  /** Observed length (ms), unthrottled. */
  observedMs: number;
  /** The observed task's own trace event and the events inside it. */
  events: TraceEvent[];
}

/** One contributor to the blocking time. */
export interface CountedTask extends Pick<Task, 'kinds' | 'scripts'> {
  start: number;
  duration: number;
  blockingMs: number;
  observedMs: number;
}

/**
 * The tasks that add blocking time between the simulated first contentful paint and time to interactive, with what
 * each adds by Lighthouse's own rule (the part beyond 50 ms, counting what ran before the paint against the 50 ms).
 */
export function countedTasks(tasks: readonly SimulatedTask[], fcpMs: number, interactiveMs: number): CountedTask[] {
  return tasks
    .map((task) => ({task, blockingMs: calculateTbtImpactForEvent({start: task.start, end: task.end, duration: task.end - task.start}, fcpMs, interactiveMs)}))
    .filter(({blockingMs}) => blockingMs > 0)
    .map(({task, blockingMs}) => ({
      start: task.start,
      duration: task.end - task.start,
      blockingMs,
      observedMs: task.observedMs,
      ...taskWork(task.events),
    }))
    .sort((a, b) => b.blockingMs - a.blockingMs);
}

interface NodeTiming {
  startTime: number;
  endTime: number;
}
interface GraphNode {
  type: string;
  event?: TraceEvent;
  childEvents?: TraceEvent[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, NodeTiming>;
}

/**
 * Lighthouse's blocking time of a gathered load, its two simulations' contributors (optimistic, pessimistic) and the
 * machine's benchmark index at the load.
 */
async function simulate(gatherDir: string): Promise<{benchmarkIndex: number; tbt: number; estimates: Array<{label: string; tbt: number; tasks: CountedTask[]}>}> {
  const {loadArtifacts} = await import('lighthouse/core/lib/asset-saver.js');
  const {Audit} = await import('lighthouse/core/audits/audit.js');
  const {LanternTotalBlockingTime} = await import('lighthouse/core/computed/metrics/lantern-total-blocking-time.js');
  const {LanternFirstContentfulPaint} = await import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js');
  const {LanternInteractive} = await import('lighthouse/core/computed/metrics/lantern-interactive.js');
  const constants = await import('lighthouse/core/config/constants.js');
  const artifacts = await loadArtifacts(gatherDir);
  const settings = {...constants.defaultSettings, ...artifacts.settings};
  const context = {computedCache: new Map(), settings} as never;
  const data = Audit.makeMetricComputationDataInput(artifacts, context);
  const tbt = (await LanternTotalBlockingTime.request(data, context)) as {timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate};
  const fcp = (await LanternFirstContentfulPaint.request(data, context)) as {optimisticEstimate: Estimate; pessimisticEstimate: Estimate};
  const interactive = (await LanternInteractive.request(data, context)) as {optimisticEstimate: Estimate; pessimisticEstimate: Estimate};
  const tasksOf = (estimate: Estimate): SimulatedTask[] =>
    [...estimate.nodeTimings]
      .filter(([node]) => node.type === 'cpu')
      .map(([node, timing]) => ({start: timing.startTime, end: timing.endTime, observedMs: (node.event?.dur ?? 0) / 1000, events: [...(node.event ? [node.event] : []), ...(node.childEvents ?? [])]}));
  // As Lighthouse pairs them: the optimistic estimate with the pessimistic paint and the optimistic interactive time.
  return {
    benchmarkIndex: (artifacts as {BenchmarkIndex?: number}).BenchmarkIndex ?? NaN,
    tbt: tbt.timing,
    estimates: [
      {label: 'optimistic', tbt: tbt.optimisticEstimate.timeInMs, tasks: countedTasks(tasksOf(tbt.optimisticEstimate), fcp.pessimisticEstimate.timeInMs, interactive.optimisticEstimate.timeInMs)},
      {label: 'pessimistic', tbt: tbt.pessimisticEstimate.timeInMs, tasks: countedTasks(tasksOf(tbt.pessimisticEstimate), fcp.optimisticEstimate.timeInMs, interactive.pessimisticEstimate.timeInMs)},
    ],
  };
}

/** Lines describing one page's contributors. */
export function describeCounted(label: string, tbt: number, tasks: readonly CountedTask[]): string[] {
  const ms = (v: number) => `${Math.round(v)} ms`;
  return [
    `  ${label}: ${ms(tbt)} in ${tasks.length} task(s)`,
    ...tasks.map(
      (t) =>
        `    ${ms(t.blockingMs)} blocking: simulated at ${ms(t.start)} for ${ms(t.duration)}, observed ${t.observedMs.toFixed(1)} ms; ` +
        `${t.kinds.slice(0, 4).map(({label, ms: v}) => `${label} ${v.toFixed(1)}`).join(', ')}${t.scripts.length ? `; scripts ${t.scripts.map(({label}) => label).join(' ')}` : ''}`,
    ),
  ];
}

async function main() {
  answerHelp(USAGE);
  const {values, positionals} = parseArgs({
    options: {'build-dir': {type: 'string', default: 'build'}, 'baseline-dir': {type: 'string'}, runs: {type: 'string', default: '1'}, 'cpu-slowdown': {type: 'string'}},
    allowPositionals: true,
  });
  const routes = positionals.length ? positionals : defaultRoutes;
  const cpuSlowdown = parseCpuSlowdown(values['cpu-slowdown']);
  const browser = await resolveChromium();
  console.log(`${describeBrowser(browser, browserVersion(browser))}; Lighthouse's mobile simulation, CPU slowdown ${cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN}x; load average ${loadAverage()}`);
  const sites: Array<{name: string; server: ServedBuild; routes: string[]}> = [];
  const work = mkdtempSync(path.join(tmpdir(), 'lighthouse-tasks-'));
  try {
    sites.push({name: 'ours', server: await serveBuild(values['build-dir']), routes});
    if (values['baseline-dir']) sites.push({name: 'vanilla', server: await serveBuild(values['baseline-dir']), routes: baselineRoutes(routes)});
    for (let run = 1; run <= Math.max(1, Number(values.runs)); run++) {
      for (const site of sites) {
        for (const route of site.routes) {
          const gatherDir = path.join(work, `${site.name}-${run}-${site.routes.indexOf(route)}`);
          try {
            spawnLighthouse(`${site.server.base}${route}`, ['performance'], [`-G=${gatherDir}`], browser, console.log, cpuSlowdown);
          } catch (error) {
            console.log(`run ${run}: ${site.name} ${route}: ${error instanceof Error ? error.message : error}; skipped`);
            continue;
          }
          const {benchmarkIndex, tbt, estimates} = await simulate(gatherDir);
          console.log(`run ${run}: ${site.name} ${route}: blocking time ${Math.round(tbt)} ms (the mean of two simulations); benchmark index ${Math.round(benchmarkIndex)}; load average ${loadAverage()}`);
          for (const estimate of estimates) for (const line of describeCounted(estimate.label, estimate.tbt, estimate.tasks)) console.log(line);
        }
      }
    }
  } finally {
    for (const site of sites) site.server.close();
    rmSync(work, {recursive: true, force: true});
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
