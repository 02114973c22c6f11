import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {promisify} from 'node:util';
import type {AxeResults} from 'axe-core';
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOSTILE_COMMENT, HOSTILE_QUESTION, postgresUrlInSchema, seedPostgresLog, seedSqliteLog} from '../../scripts/report/seed-log';
import {collectErrors, launchChromium} from './browser';

/**
 * The maintainer's page as a maintainer gets it: `npm run report -- --html FILE` over a log seeded across several days,
 * opened from disk in Chromium, in light and in dark. Nothing is served: the file must stand alone.
 */

const run = promisify(execFile);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');
const postgresUrl = process.env.TEST_DATABASE_URL;

const CHART_TITLES = [
  'Questions per day: answered and "don\'t know"',
  'Answer ratings per day: share of thumbs up and thumbs down',
  'Docs pages readers rate worst: share of "No" to "Was this page helpful?"',
  'Pages chat answers cite most',
];
const AXIS_LABELS = [['Day (UTC)', 'Questions'], ['Day (UTC)', 'Share of the day\'s ratings (%)'], ['Share of "No" answers (%)'], ['Answers citing the page']];

let browser: Browser;
const dir = mkdtempSync(path.join(tmpdir(), 'report-e2e-'));

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, {recursive: true, force: true});
});

/** Runs the command the README gives, with the store settings of `env`, and returns the file it wrote. */
async function writeReport(name: string, env: Record<string, string>): Promise<string> {
  const file = path.join(dir, `${name}.html`);
  const {DATABASE_URL: _ignored, ...inherited} = process.env;
  const {stdout} = await run('npm', ['run', '--silent', 'report', '--', '--html', file, '--days', '30'], {env: {...inherited, ...env}, timeout: 120_000});
  expect(stdout.trim()).toBe(`Wrote ${file}`);
  return file;
}

/** Opens the file in a fresh context, recording every request other than the file itself and every console error. */
async function openReport(file: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({colorScheme, viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  const url = pathToFileURL(file).href;
  const requests: string[] = [];
  const errors = collectErrors(page);
  page.on('request', (request) => {
    if (request.url() !== url) requests.push(request.url());
  });
  await page.goto(url, {waitUntil: 'load'});
  return {page, requests, errors};
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as {axe: {run: () => Promise<AxeResults>}}).axe.run());
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

function reportSuite(name: string, seed: () => Promise<Record<string, string>>) {
  describe(`the report page from ${name}`, () => {
    let file: string;
    // Seeded once: the log then holds each row once for every test of the suite.
    let seeded: Promise<Record<string, string>> | undefined;
    const storeEnv = () => (seeded ??= seed());
    beforeAll(async () => {
      file = await writeReport(name, await storeEnv());
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      it(`draws four titled, labelled charts and passes axe, with no request and no console error (${colorScheme})`, async () => {
        const {page, requests, errors} = await openReport(file, colorScheme);
        try {
          const charts = page.locator('figure svg[role="img"]');
          await expect.poll(() => charts.count()).toBe(4);
          expect(await page.locator('figure figcaption h3').allTextContents()).toEqual(CHART_TITLES);
          for (const [i, title] of CHART_TITLES.entries()) {
            const chart = charts.nth(i);
            expect(await chart.getAttribute('aria-label')).toBe(title);
            // The text alternative: the sentence the chart is described by, present and about this data.
            const described = await chart.getAttribute('aria-describedby');
            expect((await page.locator(`#${described}`).textContent())?.length).toBeGreaterThan(20);
            const texts = await chart.locator('text').allTextContents();
            for (const label of AXIS_LABELS[i]) expect(texts).toContain(label);
            expect((await chart.boundingBox())?.width).toBeGreaterThan(500);
          }
          // Bars are drawn for the seeded days: 17 questions in the period, stacked answered and don't know.
          const questionBars = await charts.nth(0).locator('rect title').allTextContents();
          expect(questionBars.filter((t) => /: [1-9]\d* /.test(t)).length).toBeGreaterThanOrEqual(8);
          expect(await charts.nth(3).locator('text').allTextContents()).toEqual(expect.arrayContaining(['/docs/quickstart', '/docs/tags']));

          expect(await axeViolations(page)).toEqual([]);
          // Again with every chart's table of numbers open, as a reader who expands them sees it.
          await page.evaluate(() => document.querySelectorAll('details').forEach((details) => details.setAttribute('open', '')));
          expect(await page.locator('details table').first().isVisible()).toBe(true);
          expect(await axeViolations(page)).toEqual([]);
          // The colour scheme is the reader's: the page's background follows it.
          const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          expect(background).toBe(colorScheme === 'dark' ? 'rgb(27, 27, 29)' : 'rgb(255, 255, 255)');
          expect(requests).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
    }

    it('lists the don\'t-know questions grouped by wording, most asked first, and shows readers\' text as typed', async () => {
      const {page, requests, errors} = await openReport(file, 'light');
      try {
        const rows = page.locator('section#dont-know tbody tr, section[aria-labelledby="dont-know"] tbody tr');
        await expect.poll(() => rows.count()).toBe(3);
        const first = rows.nth(0);
        expect(await first.locator('th').textContent()).toBe('kafka keystor rotat ssl');
        expect(await first.locator('li').allTextContents()).toEqual([
          'How do I rotate the Kafka SSL keystore? (2 times)',
          'Rotating Kafka SSL keystores',
          'kafka ssl keystore rotation',
        ]);
        expect(await first.locator('td').nth(1).textContent()).toBe('4');
        expect(await rows.nth(1).locator('td').nth(1).textContent()).toBe('2');
        // Markup a reader typed is shown as text: no element was made from it.
        expect(await rows.nth(2).locator('li').textContent()).toBe(HOSTILE_QUESTION);
        expect(await page.getByText(HOSTILE_COMMENT.replace(/[\u202a-\u202e]/g, '')).count()).toBe(1);
        expect(await page.evaluate(() => [document.scripts.length, document.images.length, document.querySelectorAll('b').length])).toEqual([0, 0, 0]);

        const thumbsDown = page.locator('section[aria-labelledby="thumbs-down"] tbody tr');
        expect(await thumbsDown.nth(0).locator('th, td').allTextContents()).toEqual([
          'How do I add a tag?', '2', expect.stringMatching(/ UTC$/), '/docs/tags#add-tags',
        ]);
        // It prints: Chromium makes a PDF of it without fetching anything.
        const pdf = await page.pdf({format: 'A4'});
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(requests).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it('still prints the text report, and --json gives the page\'s data', async () => {
      const env = await storeEnv();
      const {DATABASE_URL: _ignored, ...inherited} = process.env;
      const options = {env: {...inherited, ...env}, timeout: 120_000};
      const text = (await run('npm', ['run', '--silent', 'report', '--', '--days', '30'], options)).stdout;
      expect(text).toMatch(/^Query log \((sqlite|postgres)\) since \d{4}-\d\d-\d\d \(30 days\)/);
      expect(text).toContain('    66.7%      1      2  /docs/lineage/lineage-feature-guide');
      const json = JSON.parse((await run('npm', ['run', '--silent', 'report', '--', '--days', '30', '--json'], options)).stdout) as {
        totals: {questions: number; dontKnow: number};
        dontKnowGroups: Array<{terms: string[]; count: number}>;
        questionsPerDay: unknown[];
      };
      expect([json.totals.questions, json.totals.dontKnow, json.questionsPerDay.length]).toEqual([17, 7, 31]);
      expect(json.dontKnowGroups[0]).toMatchObject({terms: ['kafka', 'keystor', 'rotat', 'ssl'], count: 4});
    });
  });
}

reportSuite('SQLite', async () => {
  const file = path.join(dir, 'log.sqlite');
  await seedSqliteLog(file, new Date());
  return {QUERY_LOG_SQLITE_PATH: file};
});

if (postgresUrl) {
  reportSuite('PostgreSQL', async () => {
    // A schema of its own, apart from the tables other suites drop and create on the same database.
    const url = await postgresUrlInSchema(postgresUrl, 'report_page_test');
    await seedPostgresLog(url, new Date());
    return {DATABASE_URL: url};
  });
} else {
  describe('the report page from PostgreSQL', () => {
    it.skip('needs TEST_DATABASE_URL (set by .ci/run, which starts PostgreSQL)', () => undefined);
  });
}
