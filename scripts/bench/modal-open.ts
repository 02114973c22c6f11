/**
 * Time from a click on Search or on "Ask our AI" to a usable dialog (its input has the focus), in Chromium, on a
 * fresh page each run (nothing cached), against the production server. Both dialogs load their code on first use, so
 * this is the price of that: download, evaluation and first render.
 *
 * `npx tsx scripts/bench/modal-open.ts [--before DIR] [--runs N]` measures build/ and, in the same run, another build
 * (the one before a change) as the baseline. `npm run bench` runs it as a phase, with BENCH_BEFORE_BUILD as the
 * baseline when set.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import type {Browser, Locator, Page} from 'playwright-core';
import {buildApp} from '../../server/app';
import {chatText, searchText} from '../../src/site';
import {launchChromium} from '../chromium';
import {percentile, type BenchRow} from './report';

const DEFAULT_RUNS = 7;
/** A mouse rests on a button for a moment before clicking; preloading on hover counts on that moment. */
const HOVER_BEFORE_CLICK_MS = 150;

/** Network of a phone on a fair mobile connection, as Chromium's DevTools emulate it (latency added to loopback). */
const SLOW_NETWORK = {offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8};

interface DialogUnderTest {
  name: string;
  /** The button on a doc page that opens it. */
  button: (page: Page) => Locator;
  /** The input that must hold the focus for the dialog to count as usable. */
  inputSelector: string;
}

const dialogs: DialogUnderTest[] = [
  {
    name: 'Search',
    button: (page) => page.locator('nav.navbar').getByRole('button', {name: new RegExp(`^${searchText.buttonLabel}`)}),
    inputSelector: '[role="dialog"] input[role="combobox"]',
  },
  {
    name: '"Ask our AI"',
    button: (page) => page.getByRole('button', {name: chatText.buttonAccessibleLabel}),
    inputSelector: '[role="dialog"] textarea, [role="dialog"] input',
  },
];

type Condition = 'loopback' | 'slow 4G';

/** One run: a fresh page, the pointer onto the button, a short rest, the click; ms from the click to the focus. */
async function clickToUsable(browser: Browser, baseURL: string, dialog: DialogUnderTest, condition: Condition): Promise<number> {
  const context = await browser.newContext({baseURL, viewport: {width: 1280, height: 800}});
  try {
    const page = await context.newPage();
    await page.goto('/docs/features', {waitUntil: 'networkidle'});
    await page.waitForSelector('html[data-has-hydrated="true"]');
    if (condition === 'slow 4G') {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    }
    const button = dialog.button(page);
    await button.scrollIntoViewIfNeeded();
    // The page records the click and the moment the dialog's input takes the focus, on its own clock. A string, not
    // a function: the TypeScript runner would wrap a named function in a helper the page does not have.
    await page.evaluate(`(() => {
      const marks = {click: NaN, usable: NaN};
      window.openMarks = marks;
      window.addEventListener('click', () => { marks.click = performance.now(); }, {capture: true, once: true});
      document.addEventListener('focusin', (event) => {
        if (Number.isNaN(marks.usable) && event.target.matches(${JSON.stringify(dialog.inputSelector)})) marks.usable = performance.now();
      });
    })()`);
    await button.hover();
    await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
    await button.click();
    await page.waitForFunction(() => !Number.isNaN((window as unknown as {openMarks: {usable: number}}).openMarks.usable), undefined, {timeout: 60_000});
    const marks = await page.evaluate(() => (window as unknown as {openMarks: {click: number; usable: number}}).openMarks);
    return marks.usable - marks.click;
  } finally {
    await context.close();
  }
}

/** Medians of `runs` runs per dialog and condition for one build, served by the production server. */
async function measureBuild(browser: Browser, buildDir: string, runs: number, log: (line: string) => void): Promise<Map<string, number[]>> {
  const app = await buildApp({buildDir});
  const baseURL = await app.listen({port: 0, host: '127.0.0.1'});
  const times = new Map<string, number[]>();
  try {
    for (const condition of ['loopback', 'slow 4G'] as const) {
      for (const dialog of dialogs) {
        const key = `${dialog.name}|${condition}`;
        const list: number[] = [];
        for (let run = 0; run < runs; run++) list.push(await clickToUsable(browser, baseURL, dialog, condition));
        times.set(key, list);
        log(`${path.relative(process.cwd(), buildDir) || buildDir}: ${dialog.name}, ${condition}: ${list.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      }
    }
  } finally {
    await app.close();
  }
  return times;
}

/** Rows for the bench report: ours, with the other build's median as the baseline when one was given. */
export async function benchModalOpen(buildDir: string, beforeBuildDir: string | null, runs = DEFAULT_RUNS, log: (line: string) => void = (line) => console.error(line)): Promise<BenchRow[]> {
  const browser = await launchChromium();
  try {
    // Alternating would mix the servers' warm-up; each build gets the same sequence, the baseline first.
    const before = beforeBuildDir ? await measureBuild(browser, beforeBuildDir, runs, log) : null;
    const ours = await measureBuild(browser, buildDir, runs, log);
    return [...ours].map(([key, list]): BenchRow => {
      const [dialog, condition] = key.split('|');
      const baseline = before?.get(key);
      return {
        area: 'First use',
        metric: `Click on ${dialog} to a usable dialog (${condition}), p50`,
        value: percentile(list, 50),
        unit: 'ms',
        ...(baseline ? {baseline: percentile(baseline, 50)} : {}),
        note: `${runs} fresh pages; pointer on the button ${HOVER_BEFORE_CLICK_MS} ms before the click; p90 ${percentile(list, 90).toFixed(0)} ms${baseline ? `, baseline p90 ${percentile(baseline, 90).toFixed(0)} ms (the build before the change)` : ''}`,
      };
    });
  } finally {
    await browser.close();
  }
}

async function main() {
  const {values} = parseArgs({options: {before: {type: 'string'}, runs: {type: 'string', default: String(DEFAULT_RUNS)}, 'build-dir': {type: 'string', default: 'build'}}});
  const buildDir = path.resolve(values['build-dir']);
  for (const dir of [buildDir, ...(values.before ? [path.resolve(values.before)] : [])]) {
    if (!existsSync(path.join(dir, 'index.html'))) {
      console.error(`No production build in ${dir}: run \`npm run build\` (or pass --before a folder that holds one).`);
      process.exit(1);
    }
  }
  const rows = await benchModalOpen(buildDir, values.before ? path.resolve(values.before) : null, Math.max(1, Number(values.runs) || DEFAULT_RUNS));
  for (const row of rows) {
    const baseline = row.baseline === undefined ? '' : `  (before: ${row.baseline.toFixed(0)} ms)`;
    console.log(`${row.metric}: ${row.value.toFixed(0)} ms${baseline}; ${row.note}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
