import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {pageActionsText} from '../../src/site';
import {baseURL, gotoHydrated, launchChromium, newPage} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// "Was this page helpful?" at the end of a doc page: tests/e2e/page-feedback.e2e.ts.

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
