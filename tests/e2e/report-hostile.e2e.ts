import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {promisify} from 'node:util';
import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {seedSqliteLog} from '../../scripts/report/seed-log';
import {launchChromium} from './browser';

/**
 * The maintainer's page when readers' questions are hostile (issue 48): one unbroken word of 1,990 letters, and the
 * control and direction characters a terminal or a page could be fooled by. Written by `npm run report -- --html`.
 */

const run = promisify(execFile);
const LONG_WORD = 'W'.repeat(1_990);
const CONTROLLED = 'How do I fix \u202Eevil\u202C and \u2066isolated\u2069 \u200Fmarks, a \u0007bell, a \u0008back and \u001b[31mred\u001b[0m?';
/** What the report promises to remove from readers' text: C0 and C1 controls, DEL, bidirectional marks and overrides. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let browser: Browser;
let file: string;
const dir = mkdtempSync(path.join(tmpdir(), 'report-hostile-'));

beforeAll(async () => {
  browser = await launchChromium();
  const log = path.join(dir, 'log.sqlite');
  await seedSqliteLog(log, new Date(), {
    completions: [
      {hoursAgo: 1, prompt: LONG_WORD, references: [], dontKnow: true},
      {hoursAgo: 2, prompt: CONTROLLED, references: [], dontKnow: true},
    ],
    queries: [{hoursAgo: 1, query: LONG_WORD, rating: 'negative'}],
    pageFeedback: [],
  });
  file = path.join(dir, 'report.html');
  const {DATABASE_URL: _ignored, ...inherited} = process.env;
  await run('npm', ['run', '--silent', 'report', '--', '--html', file, '--days', '7'], {env: {...inherited, QUERY_LOG_SQLITE_PATH: log}, timeout: 120_000});
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, {recursive: true, force: true});
});

describe('the report page under hostile questions', () => {
  for (const width of [1280, 390]) {
    it(`keeps every table within a ${width} px wide window, however long a word readers typed`, async () => {
      const context = await browser.newContext({viewport: {width, height: 900}});
      try {
        const page = await context.newPage();
        await page.goto(pathToFileURL(file).href, {waitUntil: 'load'});
        const widths = await page.evaluate(() => ({page: document.documentElement.scrollWidth, tables: Array.from(document.querySelectorAll('table'), (t) => t.getBoundingClientRect().right)}));
        expect(widths.page).toBeLessThanOrEqual(width);
        for (const right of widths.tables) expect(right).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    });
  }

  it('shows the subject of a question without its control and direction characters', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(pathToFileURL(file).href, {waitUntil: 'load'});
      // The long word is on no page of the site: it is set apart from the pages to write, shown the same way.
      const subjects = await page.locator('section[aria-labelledby="dont-know"] tbody th, section[aria-labelledby="off-topic"] tbody th').allTextContents();
      expect(subjects).toHaveLength(2);
      for (const subject of subjects) expect(subject).not.toMatch(CONTROL_CHARACTERS);
      expect(subjects).toContain('back bell evil fix isolated marks red');
    } finally {
      await context.close();
    }
  });
});
