/**
 * The plain site (SITE_OPTIMIZATIONS=off, `npm run build:plain` into build-plain/, which npm test builds): plain
 * Docusaurus without any of the optimizations of data/upstream-swaps.ts, served by the project's server with the
 * built-in answerer. A smoke test of what a reader uses, so a Docusaurus upgrade can ship with the optimizations off.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser, BrowserContextOptions, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {PLAIN_BUILD_DIR} from '../../plugins/optimizations';
import {PAGE_SCRIPTS_ID} from '../../plugins/page-scripts/loader';
import {baseUrlBanner, chatText, codeBlockLabel, colorModeLabels, storageKeys} from '../../src/site';
import {axeBlocking} from './axe';
import {collectErrors, gotoHydrated, launchChromium, newPage, reloadHydrated} from './browser';
import {answer, chatState, dialog, input, openButton} from './chat-page';
import {searchDialog, searchInput} from './search-page';
import {serveBuiltSite, type SiteServer} from './site-server';

const buildDir = path.resolve(PLAIN_BUILD_DIR);
/** A hand-written doc page with code blocks, in the sidebar's first category. */
const DOC_PAGE = '/docs/cli';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error(`No plain build in ${PLAIN_BUILD_DIR}/: npm test builds it (npm run build:plain).`);
  site = await serveBuiltSite(buildDir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const plainPage = (options: BrowserContextOptions = {}) => newPage(browser, {baseURL: site.address, ...options});

/** Opens `route` of the plain site hydrated, runs `use` on it, and fails on any console or uncaught error meanwhile. */
async function onPlainPage(route: string, use: (page: Page) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
  const page = await plainPage(options);
  const errors = collectErrors(page);
  await gotoHydrated(page, route);
  await use(page);
  expect(errors).toEqual([]);
  await page.context().close();
}

/** Marks the document, so that a full page load (which drops the mark) tells itself apart from a client-side one. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as {plainMark: boolean}).plainMark = true));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as {plainMark?: boolean}).plainMark === true);

describe('the plain build (SITE_OPTIMIZATIONS=off)', () => {
  it("is Docusaurus's own pages: deferred script tags, no page-scripts loader", () => {
    const html = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<script src=["']?\/assets\/js\/main\.[0-9a-f]+\.js["']? defer>/);
    expect(html).not.toContain(`id=${PAGE_SCRIPTS_ID}`);
    expect(html).not.toContain(`id="${PAGE_SCRIPTS_ID}"`);
  });

  it('opens the home page and a doc page without an error, the code blocks named and coloured by the theme, axe clean', async () => {
    await onPlainPage('/', async (page) => {
      expect(await page.locator('h1').first().textContent()).toBeTruthy();
      expect(await page.getByText(baseUrlBanner.heading).count()).toBe(0);
      await gotoHydrated(page, DOC_PAGE);
      expect(await page.locator('article h1').textContent()).toBeTruthy();
      // The theme's code block content (its Prism colours inline), with the accessible name the site gives every block.
      const block = page.getByRole('group', {name: new RegExp(`^${codeBlockLabel('', '')}`)}).first();
      expect(await block.evaluate((el) => el.tagName)).toBe('PRE');
      expect(await block.evaluate((el) => (el as HTMLElement).style.backgroundColor)).not.toBe('');
      expect(await axeBlocking(page)).toEqual([]);
    });
  });

  it('opens the search modal with the keyboard, shows results, and Enter opens the chosen one in the page', async () => {
    await onPlainPage(DOC_PAGE, async (page) => {
      await markDocument(page);
      await page.keyboard.press('Control+k');
      // The first result is a section (as in search.e2e.ts): Enter opens its page at its heading.
      await searchInput(page).fill('snowflake key pair');
      const first = searchDialog(page).locator('#search-option-0');
      await first.waitFor();
      const heading = (await first.locator('span').first().textContent())!.trim();
      await page.keyboard.press('Enter');
      await expect.poll(() => searchDialog(page).count()).toBe(0);
      await expect.poll(() => new URL(page.url()).hash).not.toBe('');
      const anchor = decodeURIComponent(new URL(page.url()).hash.slice(1));
      await expect.poll(() => page.locator(`[id="${anchor}"]`).textContent()).toContain(heading.split(' › ').at(-1));
      expect(await stillMarked(page)).toBe(true);
    });
  });

  it('shows the search page results for ?q=', async () => {
    await onPlainPage('/search?q=lineage', async (page) => {
      await expect.poll(() => page.locator('main ol li h2 a').count()).toBeGreaterThan(0);
    });
  });

  it('answers a question in the chat dialog, with its sources', async () => {
    await onPlainPage(DOC_PAGE, async (page) => {
      await openButton(page).click();
      await input(page).fill('How do I create a personal access token?');
      await input(page).press('Enter');
      await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('done');
      expect((await answer(page).textContent())?.toLowerCase()).toContain('access token');
      expect(await dialog(page).getByRole('list', {name: chatText.referencesHeading}).getByRole('link').count()).toBeGreaterThan(0);
    });
  });

  it('follows a sidebar link in the page, with the progress bar while the next page loads', async () => {
    await onPlainPage('/docs/features', async (page) => {
      await markDocument(page);
      // The next page's chunks arrive late, so the theme's bar (shown after 200 ms) has time to appear.
      await page.route('**/assets/js/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Introduction', exact: true}).click();
      await page.locator('#nprogress').waitFor({state: 'attached'});
      await page.waitForURL('**/docs/introduction');
      await expect.poll(() => page.locator('article h1').textContent()).toMatch(/Introduction/);
      expect(await stillMarked(page)).toBe(true);
    });
  });

  it('switches to dark mode, code blocks included, and keeps it across a reload', async () => {
    await onPlainPage(DOC_PAGE, async (page) => {
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      const codeBackground = () => page.locator('pre[role="group"]').first().evaluate((el) => getComputedStyle(el).backgroundColor);
      const lightCode = await codeBackground();
      const toggle = page.locator('nav.navbar').getByRole('button', {name: new RegExp(colorModeLabels.light)});
      await toggle.click();
      await expect.poll(theme).toBe('dark');
      expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.theme)).toBe('dark');
      await expect.poll(codeBackground).not.toBe(lightCode);
      await reloadHydrated(page);
      expect(await theme()).toBe('dark');
    }, {colorScheme: 'light'});
  });

  it("has the theme's mobile menu at 375 px: there once the page has hydrated, and it opens and goes back", async () => {
    await onPlainPage('/docs/features', async (page) => {
      // The theme renders the menu as the page hydrates (the optimized site, on its first opening).
      expect(await page.locator('.navbar-sidebar').count()).toBe(1);
      await page.getByRole('button', {name: /toggle navigation bar/i}).click();
      const back = page.getByRole('button', {name: /back to main menu/i});
      await back.waitFor({state: 'visible'});
      await back.click();
      await expect.poll(() => page.locator('.navbar-sidebar').getByRole('link', {name: 'Integrations', exact: true}).isVisible()).toBe(true);
    }, {viewport: {width: 375, height: 740}});
  });

  it('shows the base URL banner on the home page when the site scripts cannot load', async () => {
    const page = await plainPage();
    await page.route(/\.(js|css)$/, (route) => route.abort());
    await page.goto('/');
    await expect.poll(() => page.getByText(baseUrlBanner.heading).count()).toBe(1);
    expect(await page.locator(`#${baseUrlBanner.suggestionId}`).textContent()).toBe('/');
    await page.context().close();
  });
});
