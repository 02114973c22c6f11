import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {launchChromium, newPage} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('pages generated from data/', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['/docs/generated/ingestion/sources/snowflake', 'Snowflake', /account_id/],
    ['/docs/generated/metamodel/entities/dataset', 'Dataset', /datasetProperties/],
    ['/docs/graphql/queries', 'Queries', /searchAcrossEntities/],
  ];
  for (const [route, title, content] of cases) {
    it(`${route} shows its content and the sidebar`, async () => {
      const page = await newPage(browser);
      await page.goto(route);
      expect((await page.locator('article h1').first().textContent())?.trim()).toBe(title);
      expect(await page.locator('article').textContent()).toMatch(content);
      expect(await page.locator('article table').count()).toBeGreaterThan(0);
      const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
      expect(await sidebar.isVisible()).toBe(true);
      // The current page is marked in the sidebar, so its group is expanded.
      expect(await sidebar.locator('a[aria-current="page"]').count()).toBe(1);
      await page.context().close();
    });
  }

  it('renders pages marked "none" without a sidebar', async () => {
    const page = await newPage(browser);
    await page.goto('/docs/what/urn');
    await expect.poll(() => page.locator('article h1').count()).toBe(1);
    expect(await page.locator('nav[aria-label="Docs sidebar"]').count()).toBe(0);
    await page.context().close();
  });
});
