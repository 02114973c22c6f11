import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {promisify} from 'node:util';
import type {AxeResults} from 'axe-core';
import Database from 'better-sqlite3';
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOSTILE_COMMENT, HOSTILE_QUESTION, postgresUrlInSchema, seedPostgresLog, seedSqliteLog, type SeedLog} from '../../scripts/report/seed-log';
import {startTestServer, type TestServer} from '../../server/test-server';
import {IN_DOUBT_OPENING} from '../../server/completions/extractive-answerer';
import {chatText} from '../../src/site';
import {collectErrors, gotoHydrated, launchChromium, newPage} from './browser';
import {answer, chatState, dialog, input, openButton} from './chat-page';

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

/** Runs the command maintaining/report.md gives, with the store settings of `env`, and returns the file it wrote. */
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
          // Each chart is drawn for a wide page and for a phone; a 1280 px window shows the wide ones.
          const charts = page.locator('figure svg[role="img"]:visible');
          await expect.poll(() => charts.count()).toBe(4);
          expect(await page.locator('figure svg[role="img"]').count()).toBe(8);
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
        const rows = page.locator('section[aria-labelledby="dont-know"] tbody tr');
        await expect.poll(() => rows.count()).toBe(2);
        const first = rows.nth(0);
        // The subject in the words of the most asked wording, not the stems the search reads ("kafka keystor rotat ssl").
        expect(await first.locator('th').textContent()).toBe('Kafka keystore rotate SSL');
        expect(await first.locator('li').allTextContents()).toEqual([
          'How do I rotate the Kafka SSL keystore? (2 times)',
          'Rotating Kafka SSL keystores',
          'kafka ssl keystore rotation',
        ]);
        expect(await first.locator('td').nth(1).textContent()).toBe('4');
        expect(await rows.nth(1).locator('td').nth(1).textContent()).toBe('2');
        expect(await rows.nth(1).locator('th').textContent()).toBe('lineage support teradata');
        // A question whose words are mostly on no page of the site is set apart from the pages to write; markup a
        // reader typed is shown as text: no element was made from it.
        const offTopic = page.locator('section[aria-labelledby="off-topic"] tbody tr');
        expect(await offTopic.locator('li').allTextContents()).toEqual([HOSTILE_QUESTION]);
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

describe('the report of what readers did in the dialog', () => {
  const RATED = 'How do I create a personal access token?';
  const OFF_TOPIC = 'How do I bake sourdough bread?';
  const MISSING_PAGE = 'How do I connect OneLake?';
  let server: TestServer;
  beforeAll(async () => {
    // A server of its own: its query log holds only what this test asks.
    server = await startTestServer({BUILD_DIR: path.resolve('build')}, 'report-dialog');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts a question asked once and rated once as one question, and lists only questions about the docs as pages to write, in the words readers typed', async () => {
    const page = await newPage(browser, {baseURL: server.url});
    await gotoHydrated(page, '/docs/features');
    await openButton(page).click();
    await input(page).waitFor();
    for (const question of [RATED, OFF_TOPIC, MISSING_PAGE]) {
      // Each question on its own, not as a follow-up of the one before.
      if (question !== RATED) await dialog(page).getByRole('button', {name: chatText.newConversation}).click();
      await input(page).fill(question);
      await input(page).press('Enter');
      await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
      if (question === RATED) {
        await dialog(page).getByRole('button', {name: chatText.thumbsUpLabel}).click();
        await expect.poll(() => dialog(page).getByText(chatText.feedbackThanks).count()).toBe(1);
      }
    }
    await page.context().close();
    const db = new Database(server.config.sqlitePath, {readonly: true});
    try {
      await expect.poll(() => db.prepare("SELECT COUNT(*) AS n FROM queries WHERE result_rating = 'positive'").get()).toEqual({n: 1});
      await expect.poll(() => db.prepare('SELECT COUNT(*) AS n FROM completions').get()).toEqual({n: 3});
    } finally {
      db.close();
    }

    const env = {QUERY_LOG_SQLITE_PATH: server.config.sqlitePath};
    const {DATABASE_URL: _ignored, ...inherited} = process.env;
    const text = (await run('npm', ['run', '--silent', 'report', '--', '--days', '1'], {env: {...inherited, ...env}, timeout: 120_000})).stdout;
    const mostAsked = text.split('\n\n').find((part) => part.startsWith('Most asked in the dialog'))!;
    expect(mostAsked.split('\n').slice(1)).toEqual([
      // Alphabetical among equal counts.
      `      1  ${OFF_TOPIC}`,
      `      1  ${MISSING_PAGE}`,
      `      1  ${RATED}`,
    ]);

    const {page: report} = await openReport(await writeReport('dialog', env), 'light');
    try {
      const totals = await report.locator('.totals div').allTextContents();
      expect(totals).toContain('Answer ratings1 thumbs up, 0 thumbs down');
      const toWrite = report.locator('section[aria-labelledby="dont-know"] tbody tr');
      await expect.poll(() => toWrite.count()).toBe(1);
      // The subject as readers typed its words, not as the search stems them ("onelak").
      expect(await toWrite.locator('th').textContent()).toBe('connect OneLake');
      expect(await toWrite.locator('li').allTextContents()).toEqual([MISSING_PAGE]);
      const offTopic = report.locator('section[aria-labelledby="off-topic"] tbody tr');
      expect(await offTopic.locator('li').allTextContents()).toEqual([OFF_TOPIC]);
    } finally {
      await report.context().close();
    }
  });

  it('lists a question the chat answered in doubt apart, with the two pages the answer quoted', async () => {
    // Two pages score close for it on this site: the Snowflake setup guide and the role and privilege pages.
    const IN_DOUBT = 'What privileges does the Snowflake role need to ingest?';
    const page = await newPage(browser, {baseURL: server.url});
    await gotoHydrated(page, '/docs/features');
    await openButton(page).click();
    await input(page).fill(IN_DOUBT);
    await input(page).press('Enter');
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
    // The reader sees the doubt: the answer says two pages may answer it and quotes each under its title.
    expect((await answer(page).textContent())?.startsWith(IN_DOUBT_OPENING)).toBe(true);
    expect(await answer(page).locator('p > strong:only-child').count()).toBe(2);
    const sources = dialog(page).getByRole('list', {name: chatText.referencesHeading}).getByRole('link');
    const references = (await sources.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).map((href) => href.split('#')[0]);
    await page.context().close();

    const env = {QUERY_LOG_SQLITE_PATH: server.config.sqlitePath};
    const {DATABASE_URL: _ignored, ...inherited} = process.env;
    const text = (await run('npm', ['run', '--silent', 'report', '--', '--days', '1'], {env: {...inherited, ...env}, timeout: 120_000})).stdout;
    const listed = text.split('\n\n').find((part) => part.startsWith('Answers in doubt'))!;
    expect(listed.split('\n')[1]).toBe(`      1  ${IN_DOUBT}`);

    const {page: report} = await openReport(await writeReport('doubt', env), 'light');
    try {
      const rows = report.locator('section[aria-labelledby="in-doubt"] tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.nth(0).locator('th').textContent()).toBe(IN_DOUBT);
      const pages = await rows.nth(0).locator('code').allTextContents();
      expect(pages).toHaveLength(2);
      // The two pages are the first two pages among the answer's references, as the reader saw them.
      expect(pages).toEqual([...new Set(references)].slice(0, 2));
    } finally {
      await report.context().close();
    }
  });
});

/** A log whose charts are hard to lay out: a long page path, a bar of 9 and a day of 11 questions. */
const LONG_PAGE = '/docs/managed-datahub/operator-guide/setting-up-remote-ingestion-executor-on-aws';
const CHART_SEED: SeedLog = {
  completions: [
    ...Array.from({length: 9}, (_, i) => ({hoursAgo: 2 + i * 0.1, prompt: 'How do I run ingestion on AWS?', references: [`${LONG_PAGE}#install`], dontKnow: false})),
    ...Array.from({length: 2}, (_, i) => ({hoursAgo: 3 + i * 0.1, prompt: 'What is a domain?', references: ['/docs/domains#overview'], dontKnow: true})),
    ...Array.from({length: 3}, (_, i) => ({hoursAgo: 50 + i, prompt: 'How do I add a tag?', references: ['/docs/tags#add-tags'], dontKnow: false})),
  ],
  queries: [
    {hoursAgo: 2, query: 'How do I run ingestion on AWS?', rating: 'negative'},
    {hoursAgo: 50, query: 'How do I add a tag?', rating: 'positive'},
  ],
  pageFeedback: [
    {hoursAgo: 4, page: LONG_PAGE, helpful: false, comment: null},
    {hoursAgo: 5, page: '/docs/tags', helpful: true, comment: null},
  ],
};

describe('the report\'s charts', () => {
  let file: string;
  beforeAll(async () => {
    const log = path.join(dir, 'charts.sqlite');
    await seedSqliteLog(log, new Date(), CHART_SEED);
    file = await writeReport('charts', {QUERY_LOG_SQLITE_PATH: log});
  });

  for (const [width, colorScheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light'], [390, 'dark']] as const) {
    it(`lays out every chart without overlap or clipping, bars within their axis and text readable, at ${width} px (${colorScheme})`, async () => {
      const context = await browser.newContext({colorScheme, viewport: {width, height: 900}});
      try {
        const page = await context.newPage();
        await page.goto(pathToFileURL(file).href, {waitUntil: 'load'});
        const charts = page.locator('figure svg[role="img"]:visible');
        await expect.poll(() => charts.count()).toBe(4);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        for (let i = 0; i < 4; i++) {
          const layout = await charts.nth(i).evaluate((svg: SVGSVGElement, axisTitles: string[]) => {
            const box = (el: Element) => el.getBoundingClientRect();
            const chart = box(svg);
            const scale = chart.width / svg.viewBox.baseVal.width;
            const texts = Array.from(svg.querySelectorAll('text'), (el) => ({text: el.textContent ?? '', box: box(el), px: parseFloat(getComputedStyle(el).fontSize) * scale}));
            const bars = Array.from(svg.querySelectorAll('rect'), box).filter((b) => b.width > 0.5 && b.height > 0.5);
            const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            const titles = texts.filter((t) => axisTitles.includes(t.text));
            const numbers = texts.filter((t) => /^\d+$/.test(t.text));
            // Tick labels of a value axis: left of every bar and above the baseline (vertical bars; the day labels are
            // below it), or above every bar (horizontal bars).
            const leftTicks = numbers.filter((t) => t.box.right <= Math.min(...bars.map((b) => b.left)) && t.box.bottom <= Math.max(...bars.map((b) => b.bottom)));
            const topTicks = numbers.filter((t) => t.box.bottom <= Math.min(...bars.map((b) => b.top)));
            const last = <T,>(list: T[], by: (t: T) => number) => list.reduce<T | undefined>((a, b) => (a === undefined || by(b) > by(a) ? b : a), undefined);
            const highestTick = last(leftTicks, (t) => Number(t.text));
            const furthestTick = last(topTicks, (t) => Number(t.text));
            return {
              titlesFound: titles.map((t) => t.text),
              titleOverlaps: titles.flatMap((title) => texts.filter((t) => t !== title && overlaps(t.box, title.box)).map((t) => `${title.text} / ${t.text}`)),
              clipped: texts.filter((t) => t.box.left < Math.max(0, chart.left) - 0.5 || t.box.right > Math.min(window.innerWidth, chart.right) + 0.5).map((t) => t.text),
              smallest: Math.min(...texts.map((t) => t.px)),
              // Past the last tick: a vertical bar above the highest tick label's middle, a horizontal one right of the furthest's.
              pastLastTick: highestTick && leftTicks.length > topTicks.length
                ? bars.filter((b) => b.top < (highestTick.box.top + highestTick.box.bottom) / 2 - 1).length
                : furthestTick ? bars.filter((b) => b.right > (furthestTick.box.left + furthestTick.box.right) / 2 + 1).length : 0,
            };
          }, AXIS_LABELS[i]);
          expect(layout.titlesFound.sort(), CHART_TITLES[i]).toEqual([...AXIS_LABELS[i]].sort());
          expect(layout.titleOverlaps, CHART_TITLES[i]).toEqual([]);
          expect(layout.clipped, CHART_TITLES[i]).toEqual([]);
          expect(layout.pastLastTick, CHART_TITLES[i]).toBe(0);
          expect(layout.smallest, CHART_TITLES[i]).toBeGreaterThanOrEqual(11);
        }
        // Every page path is shown whole, in the chart and in its table.
        expect((await charts.nth(2).locator('text').allTextContents()).join('').replace(/\s/g, '')).toContain(LONG_PAGE);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
