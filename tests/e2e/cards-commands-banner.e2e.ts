import type {Browser, Locator, Page} from 'playwright-core';
import sharp from 'sharp';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadPageData} from '../../plugins/page-data';
import {chunkLoadText, integrationsEmptyText, quickstartCommands} from '../../src/site';
import {axeBlocking} from './axe';
import {baseURL, gotoHydrated, launchChromium, newPage} from './browser';

/**
 * Issue 49, items 6 to 8, as a reader meets them: the integration cards (clamped text, facts in line across a row,
 * a focus ring one can see, empty-state advice in plain words), the landing page's commands on a phone, and the
 * banner a page shows when its code could not load.
 */

const PHONE = {width: 390, height: 844};
const modes = ['light', 'dark'] as const;
const {integrations} = loadPageData(process.cwd());

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** WCAG relative luminance of an sRGB colour given as 0–255 channels. */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The element's pixels as RGB rows. */
async function pixels(target: Locator) {
  const png = await target.screenshot({animations: 'disabled'});
  const {data, info} = await sharp(png).removeAlpha().raw().toBuffer({resolveWithObject: true});
  const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
  return {width: info.width, height: info.height, at};
}

/**
 * For each edge of a card, the share of its length (corners left out) where focus changed a pixel within 6 px of the
 * edge to a colour of 3:1 contrast or more against the unfocused one: 1 for a ring all around, near 0 for corners.
 */
function ringCoverage(before: Awaited<ReturnType<typeof pixels>>, after: Awaited<ReturnType<typeof pixels>>) {
  const {width, height} = after;
  const corner = 16;
  const band = 6;
  const changed = (x: number, y: number) => contrast(before.at(x, y), after.at(x, y)) >= 3;
  const share = (length: number, hit: (i: number) => boolean) => {
    let hits = 0;
    for (let i = corner; i < length - corner; i++) if (hit(i)) hits++;
    return hits / (length - 2 * corner);
  };
  const anyIn = (cells: Array<[number, number]>) => cells.some(([x, y]) => changed(x, y));
  const range = (n: number) => Array.from({length: n}, (_, i) => i);
  return {
    top: share(width, (x) => anyIn(range(band).map((d) => [x, d]))),
    bottom: share(width, (x) => anyIn(range(band).map((d) => [x, height - 1 - d]))),
    left: share(height, (y) => anyIn(range(band).map((d) => [d, y]))),
    right: share(height, (y) => anyIn(range(band).map((d) => [width - 1 - d, y]))),
  };
}

describe('integration cards', () => {
  for (const viewport of [{width: 1440, height: 900}, {width: 820, height: 1180}]) {
    it(`show at most four lines of description, and Type, Connection and Support in line across each row, at ${viewport.width} px`, async () => {
      const page = await newPage(browser, {viewport});
      await gotoHydrated(page, '/integrations');
      const cards = await page.locator('article').evaluateAll((articles) =>
        articles.map((card) => {
          const summary = card.querySelector('p')!;
          const box = summary.getBoundingClientRect();
          const lineHeight = parseFloat(getComputedStyle(summary).lineHeight);
          // Lines of text that show: those starting above the box's clipped bottom edge.
          const range = document.createRange();
          range.selectNodeContents(summary);
          const lineTops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.height > 0 && rect.top < box.bottom - lineHeight / 4)
              .map((rect) => Math.round(rect.top)),
          );
          const top = card.getBoundingClientRect().top;
          return {
            name: card.querySelector('h3')!.textContent,
            rowTop: Math.round(top + window.scrollY),
            factsTop: Math.round(card.querySelector('dt')!.getBoundingClientRect().top - top),
            visibleLines: lineTops.size,
          };
        }),
      );
      expect(cards.length).toBe(integrations.cards.length);
      const overlong = cards.filter((card) => card.visibleLines > 4).map((card) => `${card.name}: ${card.visibleLines} lines`);
      const rows = new Map<number, typeof cards>();
      for (const card of cards) rows.set(card.rowTop, [...(rows.get(card.rowTop) ?? []), card]);
      expect(rows.size).toBeLessThan(cards.length);
      const uneven = [...rows.values()]
        .filter((row) => Math.max(...row.map((c) => c.factsTop)) - Math.min(...row.map((c) => c.factsTop)) > 1)
        .map((row) => row.map((c) => `${c.name} ${c.factsTop}`).join(' | '));
      expect({overlong, uneven}).toEqual({overlong: [], uneven: []});
      await page.context().close();
    });
  }

  for (const colorScheme of modes) {
    it(`ring a focused card all around, in a colour that stands out (${colorScheme})`, async () => {
      const page = await newPage(browser, {colorScheme});
      await gotoHydrated(page, '/integrations');
      const link = page.locator('article h3 a').nth(4);
      const card = page.locator('article').nth(4);
      await card.scrollIntoViewIfNeeded();
      await page.mouse.move(1, 1);
      const before = await pixels(card);
      // Reach the card's link from the keyboard, as a reader does, so :focus-visible applies.
      await page.locator('article h3 a').nth(3).focus();
      await page.keyboard.press('Tab');
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
      const after = await pixels(card);
      const coverage = ringCoverage(before, after);
      for (const [edge, share] of Object.entries(coverage)) expect(share, `${edge} edge: ${JSON.stringify(coverage)}`).toBeGreaterThan(0.95);
      await page.context().close();
    });
  }

  for (const colorScheme of modes) {
    it(`advise in plain words when every platform type is ticked and nothing matches (${colorScheme})`, async () => {
      const page = await newPage(browser, {colorScheme});
      const query = new URLSearchParams([['q', 'no-such-system-anywhere'], ...integrations.facets.platformTypes.map((type) => ['type', type])]);
      await gotoHydrated(page, `/integrations?${query}`);
      const empty = page.locator('section[aria-labelledby="integration-results"]');
      await empty.getByRole('heading', {name: integrationsEmptyText.heading}).waitFor();
      expect(await empty.locator('li').allTextContents()).toEqual([integrationsEmptyText.searchText('no-such-system-anywhere')]);
      const text = (await empty.textContent()) ?? '';
      expect(text).not.toMatch(/ than .* or /);
      for (const type of integrations.facets.platformTypes) expect(text).not.toContain(type);
      expect(await empty.getByRole('button', {name: integrationsEmptyText.clear, exact: true}).isVisible()).toBe(true);
      expect(await axeBlocking(page, 'main')).toEqual([]);
      await page.context().close();
    });
  }
});

describe('landing page commands on a phone', () => {
  for (const colorScheme of modes) {
    it(`show each command whole, broken only between its words, and copy it as one line (${colorScheme})`, async () => {
      const page = await newPage(browser, {viewport: PHONE, colorScheme});
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL()});
      await gotoHydrated(page, '/');
      const section = page.locator('section[aria-labelledby="get-started"]');
      const boxes = await section.locator('pre').evaluateAll((pres) =>
        pres.map((pre) => {
          const box = pre.getBoundingClientRect();
          const tokens = Array.from(pre.querySelectorAll('code span span'));
          const lineHeight = parseFloat(getComputedStyle(pre).lineHeight);
          return {
            text: pre.textContent,
            hiddenWidth: pre.scrollWidth - pre.clientWidth,
            // A word split over two lines has two boxes, or one two lines tall; a word past the box's right edge is cut.
            splitWords: tokens
              .filter((t) => t.getClientRects().length > 1 || t.getBoundingClientRect().height > lineHeight * 1.5)
              .map((t) => t.textContent),
            cutWords: tokens.filter((t) => t.getBoundingClientRect().right > box.right + 0.5).map((t) => t.textContent),
          };
        }),
      );
      expect(boxes.map((b) => b.text!.replace(/^\$\s*/, ''))).toEqual(quickstartCommands.map((c) => c.command));
      for (const box of boxes) expect(box, box.text ?? '').toMatchObject({hiddenWidth: 0, splitWords: [], cutWords: []});
      const longest = quickstartCommands[0].command;
      await section.getByRole('button', {name: `Copy command: ${longest}`}).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(longest);
      expect(await axeBlocking(page, 'section[aria-labelledby="get-started"]')).toEqual([]);
      await page.context().close();
    });
  }
});

describe('a page whose code could not load', () => {
  /** Opens a route with every chunk but the runtime and main bundle failing, and waits for the banner. */
  async function failedLoad(page: Page, route: string) {
    const blocked = (url: URL) => /\/assets\/js\/.+\.js$/.test(url.pathname) && !/\/(runtime~main|main)\.[^/]+\.js$/.test(url.pathname);
    await page.route(blocked, (route) => route.abort('connectionreset'));
    await page.goto(route);
    const alert = page.getByRole('alert').filter({has: page.getByRole('button', {name: chunkLoadText.retry})});
    await alert.waitFor({timeout: 60_000});
    return alert;
  }

  for (const [label, viewport] of [
    ['on a wide screen', {width: 1280, height: 800}],
    ['on a phone', PHONE],
  ] as const) {
    for (const colorScheme of modes) {
      it(`says so in a reader's words, above the navbar without covering it, with Retry (${label}, ${colorScheme})`, async () => {
        const page = await newPage(browser, {viewport, colorScheme});
        const alert = await failedLoad(page, '/docs/features');
        const text = (await alert.textContent()) ?? '';
        expect(text).toContain(chunkLoadText.message);
        expect(text).not.toMatch(/chunk|https?:|error:|\.js\b/i);
        // The navbar's logo, search and menu are still what a click or tap at their place reaches.
        const navbar = page.locator('nav.navbar');
        const controls = [
          navbar.locator('.navbar__brand'),
          navbar.getByRole('button', {name: /search/i}),
          viewport === PHONE ? navbar.getByRole('button', {name: /navigation bar/i}) : navbar.getByRole('link', {name: 'Docs', exact: true}),
        ];
        for (const control of controls) {
          const reached = await control.first().evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
          });
          expect(reached, `${control} is covered`).toBe(true);
        }
        const banner = (await alert.boundingBox())!;
        const bar = (await navbar.boundingBox())!;
        expect(banner.y + banner.height).toBeLessThanOrEqual(bar.y + 0.5);
        expect(await axeBlocking(page, '#chunk-load-failure')).toEqual([]);
        // axe passes text it computes as transparent: read Retry's colours directly.
        const retry = await alert.getByRole('button', {name: chunkLoadText.retry}).evaluate((el) => {
          const channels = (color: string) => color.match(/[\d.]+/g)!.map(Number);
          return {text: channels(getComputedStyle(el).color), background: channels(getComputedStyle(el).backgroundColor)};
        });
        expect(retry.text[3] ?? 1, 'Retry text is transparent').toBe(1);
        expect(contrast(retry.text, retry.background)).toBeGreaterThanOrEqual(4.5);
        await page.context().close();
      });
    }
  }
});
