import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadSiteData} from '../../plugins/generate/load';
import {capabilityNames} from '../../plugins/generate/schemas';
import {chunkLoadText, notFoundText, paths} from '../../src/site';
import {axeBlocking} from './axe';
import {gotoHydrated, launchChromium, newPage} from './browser';
import {searchDialog} from './search-page';

/**
 * The last visual defects of issue 34, each as a reader meets it: search snippets and landmarks, the saved-search
 * heading, touch targets and commands on a phone, code in the table of contents, the integrations filters and cards,
 * the mobile menu's dropdowns, the not-found page's ways back, and a page whose code fails to load.
 */

const PHONE = {width: 390, height: 844};
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});


describe('search results', () => {
  it('separate table cells in snippets and name no landmark twice on /search', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/search?q=where%20lineage%20comes%20from%20warehouse%20query%20logs');
    const result = page.getByRole('listitem').filter({has: page.getByRole('heading', {name: /Where lineage comes from/})}).first();
    await result.waitFor();
    const snippet = (await result.locator('p').last().textContent()) ?? '';
    expect(snippet).toContain(' · ');
    expect(snippet).not.toMatch(/Examples Warehouse|SQL parsing Snowflake/);
    const violations = await axeBlocking(page);
    expect(violations.filter((v) => v.startsWith('landmark'))).toEqual([]);
    // axe reports landmark-unique as moderate: count the landmarks' names directly.
    const names = await page.evaluate(() =>
      Array.from(document.querySelectorAll('nav, [role="navigation"]')).map((el) => `${el.getAttribute('aria-label') ?? ''}|${el.getAttribute('aria-labelledby') ?? ''}`),
    );
    expect(new Set(names).size).toBe(names.length);
    await page.context().close();
  });

  it('heads the saved searches "Favorite searches"', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    await page.keyboard.press('Control+k');
    await searchDialog(page).getByRole('combobox').fill('glossary');
    await searchDialog(page).getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => searchDialog(page).count()).toBe(0);
    await page.keyboard.press('Control+k');
    await searchDialog(page).getByRole('button', {name: 'Save "glossary" as a favorite search'}).click();
    const favorites = searchDialog(page).getByRole('region', {name: 'Favorite searches'});
    await favorites.waitFor();
    expect(await favorites.getByRole('heading').textContent()).toBe('Favorite searches');
    expect(await searchDialog(page).getByText(/Favorites searches/).count()).toBe(0);
    await page.context().close();
  });
});

describe('on a phone', () => {
  it('gives the navbar and the page actions touch targets of 24 × 24 px or more', async () => {
    const page = await newPage(browser, {viewport: PHONE});
    await gotoHydrated(page, '/docs/quickstart');
    const small = await page.evaluate(() =>
      Array.from(document.querySelectorAll('nav.navbar a, nav.navbar button, article button, article a[target="_blank"]'))
        .map((el) => ({name: el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName, box: el.getBoundingClientRect()}))
        .filter(({box}) => box.width > 0 && box.height > 0 && box.top < window.innerHeight)
        .filter(({box}) => box.width < 24 || box.height < 24)
        .map(({name, box}) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);
    for (const name of ['Copy page', 'View as Markdown']) {
      const box = (await page.getByRole(name === 'Copy page' ? 'button' : 'link', {name}).first().boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await page.context().close();
  });

  // The quickstart commands on a phone: tests/e2e/cards-commands-banner.e2e.ts (shown whole, wrapped between words).

  it('opens the mobile menu with the version and language dropdowns in the same state', async () => {
    const page = await newPage(browser, {viewport: PHONE});
    await gotoHydrated(page, '/docs/features');
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    // On a doc page the menu opens on the doc sidebar; the dropdowns are in the main menu.
    await page.getByRole('button', {name: /back to main menu/i}).click();
    const carets = page.locator('.navbar-sidebar .menu__list-item-collapsible button.menu__caret');
    await expect.poll(() => carets.count()).toBeGreaterThanOrEqual(2);
    const states = await carets.evaluateAll((buttons) =>
      buttons.map((b) => ({label: b.parentElement?.textContent?.trim() ?? '', expanded: b.getAttribute('aria-expanded')})),
    );
    const dropdowns = states.filter((s) => /^(Versions|Languages)$/.test(s.label));
    expect(dropdowns.map((d) => d.label), JSON.stringify(states)).toEqual(['Versions', 'Languages']);
    expect(new Set(dropdowns.map((d) => d.expanded))).toEqual(new Set(['false']));
    await page.context().close();
  });
});

describe('table of contents', () => {
  it('shows code in an entry as plain monospace text, not as a chip', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/generated/ingestion/sources/snowflake');
    const code = page.locator('.table-of-contents code');
    expect(await code.count()).toBeGreaterThan(0);
    const styles = await code.evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        return {background: style.backgroundColor, border: style.borderTopWidth, padding: style.paddingLeft, font: style.fontFamily};
      }),
    );
    for (const style of styles) {
      expect(style.background).toBe('rgba(0, 0, 0, 0)');
      expect(style.border).toBe('0px');
      expect(style.padding).toBe('0px');
      expect(style.font).toMatch(/mono/i);
    }
    await page.context().close();
  });
});

describe('integrations page', () => {
  it('offers no filter value that no integration has', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/integrations');
    const options = await page.locator('search input[type="checkbox"]').evaluateAll((boxes) =>
      boxes.map((box) => ({label: box.nextElementSibling?.firstElementChild?.textContent ?? '', count: Number(box.nextElementSibling?.lastElementChild?.textContent)})),
    );
    expect(options.length).toBeGreaterThan(5);
    // With no filter set, each count is how many integrations have the value: none may be 0, and a capability no data
    // file marks supported is not offered at all.
    expect(options.filter((o) => o.count === 0)).toEqual([]);
    const {integrations} = loadSiteData(process.cwd());
    const supported = new Set(integrations.flatMap((i) => i.plugins.flatMap((p) => p.capabilities.filter((c) => c.supported).map((c) => c.name))));
    const unsupported: string[] = capabilityNames.filter((name) => !supported.has(name));
    expect(options.filter((o) => unsupported.includes(o.label))).toEqual([]);
    expect(options.filter((o) => supported.has(o.label as (typeof capabilityNames)[number])).length).toBeGreaterThan(0);
    // A value the other filters rule out stays listed with its 0, so the list does not jump as filters change.
    await page.getByRole('checkbox', {name: /^Push/}).check();
    await expect.poll(() => page.locator('search label > span:last-child').filter({hasText: /^0$/}).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('lines up the cards\' Type, Connection and Support columns and keeps the filters in view', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/integrations');
    const offsets = await page.locator('article').evaluateAll((cards) =>
      cards.map((card) => Array.from(card.querySelectorAll('dt')).map((dt) => Math.round(dt.getBoundingClientRect().left - card.getBoundingClientRect().left))),
    );
    expect(offsets.length).toBeGreaterThan(20);
    expect(new Set(offsets.map((o) => o.join(','))).size).toBe(1);
    // Halfway down the long grid, the filter column is still on screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(300);
    const panel = (await page.locator('search').boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.y).toBeLessThan(200);
    await page.context().close();
  });
});

describe('not-found page', () => {
  it('offers the docs home, a search for the address\'s words and the closest page by the search index', async () => {
    const page = await newPage(browser);
    const response = await page.goto('/docs/quikstart', {waitUntil: 'networkidle'});
    expect(response?.status()).toBe(404);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const main = page.locator('main');
    expect(await main.getByRole('link', {name: notFoundText.docsHome}).getAttribute('href')).toBe(paths.docsHome);
    expect(await main.getByRole('link', {name: notFoundText.searchFor('quikstart')}).getAttribute('href')).toBe('/search?q=quikstart');
    const closest = main.getByText(notFoundText.closest).getByRole('link');
    await expect.poll(() => closest.count()).toBe(1);
    expect(await closest.getAttribute('href')).toBe(paths.quickstart);
    expect(await axeBlocking(page)).toEqual([]);
    await page.context().close();
  });
});

describe('chunk load failure on first load', () => {
  it('shows the error and a Retry button that loads the page once the chunk can load again', async () => {
    const page = await newPage(browser);
    // Every chunk but the runtime and the main bundle fails: the page's own route code cannot load.
    const blocked = (url: URL) => /\/assets\/js\/.+\.js$/.test(url.pathname) && !/\/(runtime~main|main)\.[^/]+\.js$/.test(url.pathname);
    await page.route(blocked, (route) => route.abort('connectionreset'));
    await page.goto('/docs/features');
    const alert = page.getByRole('alert').filter({hasText: chunkLoadText.message});
    await alert.waitFor({timeout: 60_000});
    // In a reader's words: no chunk number or script address (tests/e2e/cards-commands-banner.e2e.ts checks more).
    expect(await alert.textContent()).not.toMatch(/chunk|https?:/i);
    expect(await page.getAttribute('html', 'data-has-hydrated')).not.toBe('true');
    await page.unroute(blocked);
    await alert.getByRole('button', {name: chunkLoadText.retry}).click();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    expect(await page.getByRole('alert').filter({hasText: chunkLoadText.message}).count()).toBe(0);
    await page.context().close();
  });
});
