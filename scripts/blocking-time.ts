/**
 * `npx tsx scripts/blocking-time.ts [--build-dir build] [--baseline-dir DIR] [--runs 1] [--cpu 4] [--json out.json] [route ...]`:
 * what blocks the main thread while a page loads on a phone. Each route is loaded cold in Chromium (scripts/chromium.ts:
 * Debian's when installed) at Lighthouse's phone size with the CPU slowed down 4 times, with a performance trace and
 * V8's CPU profile recorded until the page has hydrated and been quiet; scripts/trace-tasks.ts then lists every task of
 * 50 ms or more: when, how long, its kinds of work, its scripts, and the functions the profile sampled, named from the
 * build's source maps when it has them (BUNDLE_SOURCE_MAPS=1 npm run build). With --baseline-dir (the bench's vanilla
 * site, .cache/bench-baseline-minimal/build), its comparable page is loaded after each of ours, in the same run.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {parseArgs} from 'node:util';
import {LEAST_UPPER_BOUND, originalPositionFor, TraceMap} from '@jridgewell/trace-mapping';
import type {Browser} from 'playwright-core';
import {browserVersion, describeBrowser, launchChromium, resolveChromium} from './chromium';
import {answerHelp} from './cli-usage';
import {defaultRoutes} from './lighthouse';
import {serveBuild, type ServedBuild} from './serve-build';
import {describeTasks, plainFrameFile, plainFrameName, readTrace, shortUrl, type CallFrame, type PageTrace, type TraceEvent} from './trace-tasks';
import {baselineRouteOf} from './bench/baseline-routes';

const USAGE = `
Usage: npx tsx scripts/blocking-time.ts [--build-dir build] [--baseline-dir DIR] [--runs 1] [--cpu 4 | --simulate] [--min-ms 50] [--json out.json] [--save-traces DIR] [route ...]

Loads each route (default: the five Lighthouse pages) cold at a phone's size with the CPU slowed down --cpu times,
records a trace and V8's CPU profile, and lists every main-thread task of 50 ms or more with what it ran. Functions
are named from source maps when the build has them (BUNDLE_SOURCE_MAPS=1 npm run build). Each task is timed twice:
on the wall clock, and on the thread's own clock, which leaves out the time other processes held the cores (the
figure to compare on a busy machine). --simulate loads without throttling and multiplies thread times by 4, as
Lighthouse's simulation does. --baseline-dir loads the vanilla site's comparable page after each of ours. Prints
the browser and version, and the load average. --save-traces writes each load's trace (DevTools opens them).
`;

/** Lighthouse's phone (a Moto G Power): its screen, pixel ratio and user agent, with the browser's version. */
const PHONE = {viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true};
const phoneUserAgent = (version: string) => `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`;

/** What a trace needs for task attribution: the timeline, its detailed events and the sampled CPU profile. */
const TRACE_CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel',
  'v8', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'rail', 'blink', 'blink.resource',
];

/** The CPU slowdown Lighthouse's mobile simulation multiplies observed task times by. */
const LIGHTHOUSE_SLOWDOWN = 4;

/** Quiet time waited for after the page has hydrated, so late tasks (idle prefetching, effects) are in the trace. */
const SETTLE_MS = 4000;

/** Names frames, and their source files, from the build's source maps where the served URL has one. */
function sourceMapNames(builds: Array<{base: string; dir: string}>): {nameFrame: (frame: CallFrame) => string; fileOf: (frame: CallFrame) => string} {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string): TraceMap | null => {
    if (!maps.has(url)) {
      const build = builds.find((b) => url.startsWith(b.base));
      const file = build ? path.join(build.dir, shortUrl(url).replace(/\?.*$/, '')) + '.map' : '';
      maps.set(url, file && existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(url) ?? null;
  };
  const original = (frame: CallFrame) => {
    const map = frame.url ? mapOf(frame.url) : null;
    if (!map) return null;
    const at = {line: frame.lineNumber + 1, column: frame.columnNumber};
    // A module's wrapper function starts in the bundler's glue, which maps to nothing: name the code after it.
    const position = originalPositionFor(map, at).source ? originalPositionFor(map, at) : originalPositionFor(map, {...at, bias: LEAST_UPPER_BOUND});
    if (!position.source) return null;
    const source = position.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\/)+/, '').replace(/^.*node_modules\//, '');
    return {source, line: position.line, name: position.name};
  };
  return {
    nameFrame: (frame) => {
      const found = original(frame);
      return found ? `${found.name ?? frame.functionName ?? '(anonymous)'} ${found.source}:${found.line}` : plainFrameName(frame);
    },
    fileOf: (frame) => original(frame)?.source ?? plainFrameFile(frame),
  };
}

/** One cold load of `url` at phone size with the CPU slowed down, traced until the page has settled. */
async function traceLoad(browser: Browser, url: string, cpuSlowdown: number, version: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({...PHONE, userAgent: phoneUserAgent(version.replace(/^\D+/, ''))});
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
    await browser.startTracing(page, {categories: TRACE_CATEGORIES});
    await page.goto(url, {waitUntil: 'load'});
    // Asked through CDP, not with Playwright's selector polling, whose injected script would be tasks of the trace.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const {result} = (await cdp.send('Runtime.evaluate', {expression: 'document.documentElement.dataset.hasHydrated'})) as {result: {value?: string}};
      if (result.value === 'true') break;
      if (Date.now() > deadline) throw new Error(`${url} did not hydrate within 120 s`);
      await sleep(250);
    }
    await page.waitForLoadState('networkidle');
    await sleep(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {traceEvents: TraceEvent[]};
    return trace.traceEvents;
  } finally {
    await context.close();
  }
}

/** The run with the median blocking time from CPU time (the figure a busy machine disturbs least). */
const medianRun = (runs: PageTrace[]): PageTrace => [...runs].sort((a, b) => a.cpuBlockingMs - b.cpuBlockingMs)[Math.floor((runs.length - 1) / 2)];

async function main() {
  answerHelp(USAGE);
  const {values, positionals} = parseArgs({
    options: {
      'build-dir': {type: 'string', default: 'build'},
      'baseline-dir': {type: 'string'},
      runs: {type: 'string', default: '1'},
      cpu: {type: 'string', default: '4'},
      simulate: {type: 'boolean', default: false},
      'min-ms': {type: 'string', default: '50'},
      json: {type: 'string'},
      'save-traces': {type: 'string'},
    },
    allowPositionals: true,
  });
  const routes = positionals.length ? positionals : defaultRoutes;
  const runs = Math.max(1, Number(values.runs));
  // --simulate: Lighthouse's way, an unthrottled load whose task times are multiplied by 4 afterwards.
  const cpuSlowdown = values.simulate ? 1 : Number(values.cpu);
  const cpuScale = values.simulate ? LIGHTHOUSE_SLOWDOWN : 1;
  const resolved = await resolveChromium();
  const version = browserVersion(resolved);
  const ours = {name: 'ours', dir: path.resolve(values['build-dir'])};
  const baseline = values['baseline-dir'] ? {name: 'vanilla', dir: path.resolve(values['baseline-dir'])} : null;
  const sites = [ours, ...(baseline ? [baseline] : [])];
  const served: ServedBuild[] = [];
  const results = new Map<string, PageTrace[]>();
  const keyOf = (site: string, route: string) => `${site} ${route}`;
  let browser: Browser | null = null;
  try {
    for (const site of sites) served.push(await serveBuild(site.dir));
    browser = await launchChromium();
    const {nameFrame, fileOf} = sourceMapNames(sites.map((site, i) => ({base: served[i].base, dir: site.dir})));
    console.log(`${describeBrowser(resolved, version)}; phone ${PHONE.viewport.width}x${PHONE.viewport.height}, ${values.simulate ? `CPU unthrottled, task CPU times x${cpuScale} as Lighthouse simulates` : `CPU ${cpuSlowdown}x slower`}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        const loads = [{site: 'ours', base: served[0].base, route}];
        const theirs = baseline && baselineRouteOf(route);
        if (theirs) loads.push({site: 'vanilla', base: served[1].base, route: theirs});
        for (const load of loads) {
          const events = await traceLoad(browser, `${load.base}${load.route}`, cpuSlowdown, version);
          if (values['save-traces']) {
            mkdirSync(values['save-traces'], {recursive: true});
            const file = path.join(values['save-traces'], `${load.site}${load.route.replace(/[^\w]+/g, '-')}-run${run}.json`);
            writeFileSync(file, JSON.stringify({traceEvents: events}));
          }
          const trace = readTrace(events, {nameFrame, fileOf, isOwnScript: (url) => url.startsWith(load.base), cpuScale, minimumMs: Number(values['min-ms'])});
          const key = keyOf(load.site, load.route);
          results.set(key, [...(results.get(key) ?? []), trace]);
          console.error(`run ${run}: ${key}: blocking ${Math.round(trace.blockingMs)} ms, from CPU time ${Math.round(trace.cpuBlockingMs)} ms; load average ${os.loadavg()[0].toFixed(2)}`);
        }
      }
    }
  } finally {
    await browser?.close();
    for (const server of served) server.close();
  }
  const report: Record<string, PageTrace> = {};
  for (const [key, traces] of results) {
    const chosen = medianRun(traces);
    report[key] = chosen;
    const figures = (pick: (t: PageTrace) => number) => traces.map((t) => Math.round(pick(t))).join(', ');
    console.log(`\n${key}: blocking time ${figures((t) => t.blockingMs)} ms, from CPU time ${figures((t) => t.cpuBlockingMs)} ms; the median run by CPU time:`);
    for (const line of describeTasks(chosen)) console.log(`  ${line}`);
  }
  console.log(`\nload average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({browser: describeBrowser(resolved, version), cpuSlowdown, cpuScale, results: report}, null, 2)}\n`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
