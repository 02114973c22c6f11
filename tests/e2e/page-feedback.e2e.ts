import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import Database from 'better-sqlite3';
import type {Browser, Locator, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest';
import {chatService} from '../../src/site';
import {pageFeedbackText} from '../../src/features/page-feedback/text';
import {axeBlocking} from './axe';
import {collectErrors, gotoHydrated, launchChromium, newPage, reloadHydrated} from './browser';

/**
 * "Was this page helpful?" at the end of a doc page, as a reader uses it: a vote is kept the moment it is cast, the
 * optional comment after a "No" completes that same row, and the maintainer's report counts it.
 */

const run = promisify(execFile);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const feedbackRows = (page: string) => {
  const db = new Database(inject('queryLogPath'), {readonly: true});
  try {
    return db.prepare('SELECT page, helpful, comment FROM page_feedback WHERE page = ? ORDER BY id').all(page);
  } finally {
    db.close();
  }
};

const question = (page: Page) => page.getByRole('group', {name: pageFeedbackText.question});
const choice = (page: Page, helpful: boolean) => question(page).getByRole('button', {name: helpful ? pageFeedbackText.yes : pageFeedbackText.no});

/** sRGB channels of a computed colour, with its alpha. */
function channels(colour: string): [number, number, number, number] {
  const [r, g, b, a = 1] = colour.match(/[\d.]+/g)!.map(Number);
  return [r, g, b, a];
}

/** WCAG contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = channels(colour).slice(0, 3).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The label of a button as drawn: its text colour and the background behind it, with the pointer elsewhere. */
async function labelColours(page: Page, button: Locator) {
  await page.mouse.move(0, 0);
  await button.blur();
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    return {text: style.color, background: style.backgroundColor};
  });
}

describe('"Was this page helpful?"', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`keeps a Yes the moment it is chosen, with no comment asked for and the chosen button readable (${colorScheme})`, async () => {
      const route = colorScheme === 'light' ? '/docs/tags' : '/docs/domains';
      const page = await newPage(browser, {colorScheme});
      const errors = collectErrors(page);
      await gotoHydrated(page, route);
      await question(page).scrollIntoViewIfNeeded();
      await choice(page, true).click();
      // Nothing else is pressed: the vote alone is stored, once, without a comment.
      await expect.poll(() => feedbackRows(route)).toEqual([{page: route, helpful: 1, comment: null}]);
      expect(await choice(page, true).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByText(pageFeedbackText.thanks).count()).toBe(1);
      expect(await page.getByLabel(pageFeedbackText.commentLabel).count()).toBe(0);

      // The chosen button says what it is once the pointer has left it: opaque text, contrast of at least 4.5:1.
      const pressed = await labelColours(page, choice(page, true));
      expect(channels(pressed.text)[3], `text ${pressed.text}`).toBe(1);
      expect(channels(pressed.background)[3], `background ${pressed.background}`).toBe(1);
      expect(contrast(pressed.text, pressed.background), `${pressed.text} on ${pressed.background}`).toBeGreaterThanOrEqual(4.5);
      expect(await axeBlocking(page, 'article')).toEqual([]);

      // The next visit shows the answer; nothing more was stored.
      await reloadHydrated(page);
      await expect.poll(() => page.getByText(pageFeedbackText.answered(true)).count()).toBe(1);
      expect(feedbackRows(route)).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps a No at once, and a comment sent after it completes that same row', async () => {
    const route = '/docs/glossary/business-glossary';
    const comment = 'The example <b>needs</b> a recipe.';
    const page = await newPage(browser);
    await gotoHydrated(page, route);
    await question(page).scrollIntoViewIfNeeded();
    await choice(page, false).click();
    await expect.poll(() => feedbackRows(route)).toEqual([{page: route, helpful: 0, comment: null}]);
    await page.getByLabel(pageFeedbackText.commentLabel).fill(comment);
    expect(await axeBlocking(page, '[role="group"]')).toEqual([]);
    const pressed = await labelColours(page, choice(page, false));
    expect(contrast(pressed.text, pressed.background), `${pressed.text} on ${pressed.background}`).toBeGreaterThanOrEqual(4.5);
    await page.getByRole('button', {name: pageFeedbackText.send}).click();
    await expect.poll(() => page.getByText(pageFeedbackText.thanks).count()).toBe(1);
    // One row per vote: the comment amended the row the vote made.
    await expect.poll(() => feedbackRows(route)).toEqual([{page: route, helpful: 0, comment}]);
    // The comment is text, never markup.
    expect(await page.locator('article b').count()).toBe(0);

    // A later visit may change the answer: that is a new vote, stored at once.
    await reloadHydrated(page);
    await expect.poll(() => page.getByText(pageFeedbackText.answered(false)).count()).toBe(1);
    await page.getByRole('button', {name: pageFeedbackText.change}).click();
    await choice(page, true).click();
    await expect.poll(() => feedbackRows(route)).toEqual([{page: route, helpful: 0, comment}, {page: route, helpful: 1, comment: null}]);
    await page.context().close();
  });

  it('says when a vote or a comment could not be sent, and keeps both for another try', async () => {
    const route = '/docs/lineage/lineage-feature-guide';
    const page = await newPage(browser);
    const errors = collectErrors(page, (text) => /page feedback|Failed to load resource/i.test(text));
    await gotoHydrated(page, route);
    await page.route((url) => url.pathname === chatService.pageFeedbackUrl, (r) => r.abort('connectionrefused'));
    await choice(page, false).click();
    await expect.poll(() => page.getByText(pageFeedbackText.voteFailed).count()).toBe(1);
    expect(feedbackRows(route)).toEqual([]);
    await page.unrouteAll();
    await choice(page, false).click();
    await expect.poll(() => feedbackRows(route)).toEqual([{page: route, helpful: 0, comment: null}]);

    await page.route((url) => url.pathname === chatService.pageFeedbackUrl, (r) => r.abort('connectionrefused'));
    await page.getByLabel(pageFeedbackText.commentLabel).fill('Column-level lineage is missing.');
    await page.getByRole('button', {name: pageFeedbackText.send}).click();
    await expect.poll(() => page.getByText(pageFeedbackText.sendFailed).count()).toBe(1);
    expect(await page.getByLabel(pageFeedbackText.commentLabel).inputValue()).toBe('Column-level lineage is missing.');
    await page.unrouteAll();
    await page.getByRole('button', {name: pageFeedbackText.send}).click();
    await expect.poll(() => page.getByText(pageFeedbackText.thanks).count()).toBe(1);
    await expect.poll(() => feedbackRows(route)).toEqual([{page: route, helpful: 0, comment: 'Column-level lineage is missing.'}]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('counts a vote given without a comment in `npm run report`', async () => {
    const route = '/docs/api/tutorials/tags';
    const page = await newPage(browser);
    await gotoHydrated(page, route);
    await choice(page, true).click();
    await expect.poll(() => feedbackRows(route)).toHaveLength(1);
    await page.context().close();

    const {DATABASE_URL: _ignored, ...inherited} = process.env;
    const {stdout} = await run('npm', ['run', '--silent', 'report', '--', '--days', '1', '--limit', '100'], {
      env: {...inherited, QUERY_LOG_SQLITE_PATH: inject('queryLogPath')},
      timeout: 120_000,
    });
    expect(stdout).toContain(`      0.0%      1      0  ${route}\n`);
  });
});
