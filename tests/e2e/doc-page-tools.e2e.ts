import Database from 'better-sqlite3';
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest';
import {chatService, pageActionsText} from '../../src/site';
import {pageFeedbackText} from '../../src/features/page-feedback/text';
import {axeBlocking} from './axe';
import {baseURL, gotoHydrated, launchChromium, newPage, reloadHydrated} from './browser';

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

describe('a doc page as Markdown', () => {
  it('copies the page\'s Markdown twin with "Copy page", says so, and "View as Markdown" opens the twin', async () => {
    const page = await newPage(browser, {permissions: ['clipboard-read', 'clipboard-write']});
    await gotoHydrated(page, '/docs/quickstart');
    expect(await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href')).toBe('/docs/quickstart.md');
    const view = page.getByRole('link', {name: pageActionsText.view});
    expect(await view.getAttribute('href')).toBe('/docs/quickstart.md');
    expect(await view.getAttribute('target')).toBe('_blank');

    await page.getByRole('button', {name: pageActionsText.copy}).click();
    await expect.poll(() => page.getByRole('status').filter({hasText: pageActionsText.copied}).count()).toBe(1);
    const twin = await (await fetch(`${baseURL()}/docs/quickstart.md`)).text();
    expect(twin.startsWith('# DataHub Quickstart\n')).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);
    await page.context().close();
  });
});

describe('"Was this page helpful?"', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`takes an answer and a comment, stores them, and shows the answer on the next visit (${colorScheme})`, async () => {
      const route = colorScheme === 'light' ? '/docs/tags' : '/docs/domains';
      const comment = `The ${colorScheme} example <b>needs</b> a recipe.`;
      const page = await newPage(browser, {colorScheme});
      await gotoHydrated(page, route);
      await question(page).scrollIntoViewIfNeeded();
      await question(page).getByRole('button', {name: pageFeedbackText.no}).click();
      expect(await question(page).getByRole('button', {name: pageFeedbackText.no}).getAttribute('aria-pressed')).toBe('true');
      await page.getByLabel(pageFeedbackText.commentLabel).fill(comment);
      expect(await axeBlocking(page, '[role="group"]')).toEqual([]);
      await page.getByRole('button', {name: pageFeedbackText.send}).click();
      await expect.poll(() => page.getByText(pageFeedbackText.thanks).count()).toBe(1);
      await expect.poll(() => feedbackRows(route)).toEqual([{page: route, helpful: 0, comment}]);
      // The comment is text, never markup.
      expect(await page.locator('article b').count()).toBe(0);

      await reloadHydrated(page);
      await expect.poll(() => page.getByText(pageFeedbackText.answered(false)).count()).toBe(1);
      expect(await axeBlocking(page, 'article')).toEqual([]);
      await page.getByRole('button', {name: pageFeedbackText.change}).click();
      await question(page).getByRole('button', {name: pageFeedbackText.yes}).click();
      await page.getByRole('button', {name: pageFeedbackText.send}).click();
      await expect.poll(() => feedbackRows(route).length).toBe(2);
      expect(feedbackRows(route)[1]).toEqual({page: route, helpful: 1, comment: null});
      await page.context().close();
    });
  }

  it('says it could not send when the server is down, keeping the comment for another try', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/glossary/business-glossary');
    await page.route((url) => url.pathname === chatService.pageFeedbackUrl, (r) => r.abort('connectionrefused'));
    await question(page).getByRole('button', {name: pageFeedbackText.yes}).click();
    await page.getByLabel(pageFeedbackText.commentLabel).fill('Clear and short.');
    await page.getByRole('button', {name: pageFeedbackText.send}).click();
    await expect.poll(() => page.getByText(pageFeedbackText.sendFailed).count()).toBe(1);
    expect(await page.getByLabel(pageFeedbackText.commentLabel).inputValue()).toBe('Clear and short.');
    await page.unrouteAll();
    await page.getByRole('button', {name: pageFeedbackText.send}).click();
    await expect.poll(() => page.getByText(pageFeedbackText.thanks).count()).toBe(1);
    await expect.poll(() => feedbackRows('/docs/glossary/business-glossary')).toEqual([{page: '/docs/glossary/business-glossary', helpful: 1, comment: 'Clear and short.'}]);
    await page.context().close();
  });
});
