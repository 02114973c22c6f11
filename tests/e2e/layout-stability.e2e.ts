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

describe('offscreen code blocks', () => {
  for (const route of ['/docs/features', '/docs/quickstart', '/docs/generated/ingestion/sources/snowflake']) {
    it(`keep their height when they come into view on ${route}, so nothing below them moves`, async () => {
      const page = await newPage(browser);
      await gotoHydrated(page, route);
      const heights = () => page.locator('.theme-code-block').evaluateAll((blocks) => blocks.map((b) => Math.round(b.getBoundingClientRect().height)));
      const placeholders = await heights();
      expect(placeholders.length).toBeGreaterThan(0);
      // Scroll every block into view, then back to the top: each has been laid out with its real content.
      const count = placeholders.length;
      for (let i = 0; i < count; i++) await page.locator('.theme-code-block').nth(i).scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const rendered = await heights();
      rendered.forEach((height, i) => expect(Math.abs(height - placeholders[i]), `block ${i}: ${placeholders[i]} px before, ${height} px in view`).toBeLessThanOrEqual(4));
      await page.context().close();
    });
  }
});
