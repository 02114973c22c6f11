import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {openButton} from './chat-page';
import {gotoHydrated, launchChromium, newPage} from './browser';

/**
 * The "Ask our AI" button never covers a page's text (issue 34): on every top-level route kind, at a phone's and a
 * laptop's width, its box is compared with the box of every line of text on the page at scroll positions from the
 * top to the end.
 */

const ROUTES = ['/', '/docs/', '/docs/quickstart', '/guild/', '/integrations', '/search?q=lineage', '/no-such-page'];
const VIEWPORTS = [
  {width: 390, height: 844},
  {width: 1280, height: 800},
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Scrolls through the page a third of the viewport at a time; at each position lists the text the button lies over
 * (the fixed navbar, which passes over everything, and text too small to read, such as screen-reader-only labels, aside).
 */
function coveredText(page: Page, buttonSelector: string): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const button = document.querySelector(selector)!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const covered = new Set<string>();
    const end = document.documentElement.scrollHeight;
    for (let y = 0; y <= end; y += Math.round(window.innerHeight / 3)) {
      window.scrollTo(0, y);
      await frame();
      const b = button.getBoundingClientRect();
      if (b.bottom <= 0 || b.top >= window.innerHeight || b.width === 0) continue;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || button.contains(parent) || parent.closest('nav.navbar, .navbar-sidebar')) continue;
        if (getComputedStyle(parent).visibility === 'hidden') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width <= 2 || r.height <= 2) continue;
          if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) covered.add(`${node.textContent.trim().slice(0, 40)} (scrolled to ${y})`);
        }
      }
    }
    return Array.from(covered);
  }, buttonSelector);
}

describe('the "Ask our AI" button', () => {
  for (const viewport of VIEWPORTS) {
    for (const route of ROUTES) {
      it(`covers no text on ${route} at ${viewport.width} px, at any scroll position`, async () => {
        const page = await newPage(browser, {viewport});
        await gotoHydrated(page, route);
        const button = openButton(page);
        expect(await button.count()).toBe(1);
        await button.evaluate((el) => el.setAttribute('data-measured-button', ''));
        expect(await coveredText(page, '[data-measured-button]')).toEqual([]);
        // It is there to be found: at the end of the page it is in view, with its visible label.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await button.isVisible()).toBe(true);
        expect(await button.textContent()).toContain('Ask our AI');
        await page.context().close();
      });
    }
  }
});
