import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {gotoHydrated, launchChromium, newPage} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('GraphQL reference at the size of the v0.10.5 schema', () => {
  it('the objects page indexes every entry by name, and an index link and a field type both land on their entry', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/graphql/objects');
    const headings = await page.locator('article h2').allTextContents();
    // The index is the one list of in-page links in the article; type links elsewhere carry the page's path.
    const indexLinks = page.locator('article ul a[href^="#"]');
    expect(headings.length).toBeGreaterThan(300);
    expect(await indexLinks.count()).toBe(headings.length);

    await page.locator('article ul a[href="#datasetprofile"]').first().click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#datasetprofile');
    const target = page.locator('article h2#datasetprofile');
    await expect.poll(() => target.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    expect((await target.textContent())?.replace(/\W+$/, '')).toBe('DatasetProfile');

    // The `health` field of Dataset links to the Health entry of the same page.
    const healthLink = page.locator('h2#dataset ~ table').first().locator('a[href="/docs/graphql/objects#health"]');
    expect(await healthLink.count()).toBe(1);
    await page.context().close();
  });

  it('the unions page lists the five unions with their members and where they are used', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/graphql/unions');
    const headings = (await page.locator('article h2').allTextContents()).map((h) => h.replace(/\W+$/, ''));
    expect(headings).toEqual(['AnalyticsChart', 'HyperParameterValueType', 'OwnerType', 'PlatformSchema', 'ResultsType']);
    const article = (await page.locator('article').textContent()) ?? '';
    expect(article).toContain('union PlatformSchema = TableSchema | KeyValueSchema');
    expect(article).toContain('Used by SchemaMetadata.platformSchema');
    await page.context().close();
  });
});
