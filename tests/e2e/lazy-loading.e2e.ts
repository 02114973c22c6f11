import type {Browser, Page, Route} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {searchText} from '../../src/site';
import {gotoHydrated, launchChromium, newPage} from './browser';
import {pageScriptUrls} from '../../plugins/page-scripts/loader';
import {STYLESHEET} from '../../plugins/css-prune';
import {searchDialog, searchInput} from './search-page';
import {dialog as chatDialog, openButton as chatButton} from './chat-page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});


/** Holds every request for the chunk whose file name starts with `chunk` until `release` is called. */
async function holdChunk(page: Page, chunk: string): Promise<{release: () => void; requested: () => boolean}> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(`**/assets/js/${chunk}.*.js`, async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return {release, requested: () => requested};
}

/** The text of the stylesheets a page's HTML links, as the server sends them. */
async function firstLoadCss(page: Page): Promise<string> {
  const hrefs = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  const texts = await Promise.all(hrefs.map((href) => page.request.get(href).then((r) => r.text())));
  return texts.join('\n');
}

describe('search modal loaded on first use', () => {
  it('opens on the first Ctrl+K and keeps the characters typed while its code is still downloading', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    const modal = await holdChunk(page, 'search-modal');
    await page.keyboard.press('Control+k');
    await expect.poll(modal.requested).toBe(true);
    // The reader types before the modal exists; the keys must not be lost (nor act on the page).
    await page.keyboard.type('lin');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('n');
    expect(await searchDialog(page).count()).toBe(0);
    modal.release();
    await searchInput(page).waitFor();
    expect(await searchInput(page).inputValue()).toBe('lin');
    // Typing goes on in the input, after what was kept.
    await page.keyboard.type('eage');
    expect(await searchInput(page).inputValue()).toBe('lineage');
    await expect.poll(() => searchDialog(page).getByRole('option').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('starts the modal download when the pointer reaches the docs home search field, before any click', async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await gotoHydrated(page, '/docs/');
    expect(scripts.filter((s) => s.includes('search-modal'))).toEqual([]);
    const entry = page.locator('main').getByRole('button', {name: /Search the docs/});
    await entry.hover();
    await expect.poll(() => scripts.filter((s) => s.includes('search-modal')).length).toBe(1);
    expect(await searchDialog(page).count()).toBe(0);
    await entry.click();
    expect(await searchInput(page).getAttribute('placeholder')).toBe(searchText.placeholder);
    await page.context().close();
  });

  it('brings the modal styles with the modal: none in the page stylesheet, all there once it opens', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    const pageCss = await firstLoadCss(page);
    await page.keyboard.press('Control+k');
    await searchInput(page).waitFor();
    const dialogClass = await searchDialog(page).evaluate((el) => el.className);
    expect(dialogClass).toMatch(/^dialog_/);
    expect(pageCss).not.toContain(`.${dialogClass}`);
    // Styled: the backdrop covers the viewport above the page.
    const backdrop = await searchDialog(page).evaluate((el) => getComputedStyle(el.parentElement!).position);
    expect(backdrop).toBe('fixed');
    await page.context().close();
  });
});

describe('"Ask our AI" dialog loaded on first use', () => {
  it('starts the dialog download when the button gets keyboard focus, without opening it', async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await gotoHydrated(page, '/docs/features');
    expect(scripts.filter((s) => s.includes('chat-dialog'))).toEqual([]);
    await chatButton(page).focus();
    await expect.poll(() => scripts.filter((s) => s.includes('chat-dialog')).length).toBe(1);
    expect(await chatDialog(page).count()).toBe(0);
    await page.keyboard.press('Enter');
    await chatDialog(page).waitFor();
    await page.context().close();
  });

  it('brings the dialog styles with the dialog: none in the page stylesheet, all there once it opens', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    const pageCss = await firstLoadCss(page);
    await chatButton(page).click();
    await chatDialog(page).waitFor();
    const dialogClass = await chatDialog(page).evaluate((el) => el.className.split(/\s+/).find((c: string) => c.startsWith('dialog_')) ?? '');
    expect(dialogClass).not.toBe('');
    expect(pageCss).not.toContain(`.${dialogClass}`);
    // Styled: the backdrop covers the viewport above the page.
    const backdrop = await chatDialog(page).evaluate((el) => getComputedStyle(el.parentElement!).position);
    expect(backdrop).toBe('fixed');
    await page.context().close();
  });
});

/** The CSS a route's HTML brings as the server sends it, before any script has run: linked and written in. */
async function servedCss(page: Page, route: string): Promise<string> {
  const html = await (await page.request.get(route)).text();
  const hrefs = [...html.matchAll(/<link[^>]*rel=["']?stylesheet["']?[^>]*href=["']?([^"' >]+)/g)].map((m) => m[1]);
  expect(hrefs.length).toBeGreaterThan(0);
  const linked = await Promise.all(hrefs.map((href) => page.request.get(href).then((r) => r.text())));
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  return [...linked, ...inline].join('\n');
}

describe('styles of the site\'s own pages', () => {
  it('brings a page\'s own styles in its HTML, so it paints styled before any script runs, and leaves them out of doc pages', async () => {
    const page = await newPage(browser);
    const classOf = async (route: string, selector: string) => {
      await gotoHydrated(page, route);
      const name = await page.locator(selector).first().evaluate((el) => el.className.split(/\s+/).find((c: string) => /_[\w-]{4,}$/.test(c)) ?? '');
      expect(name).not.toBe('');
      return name;
    };
    const homeTitle = await classOf('/', 'main h1');
    const integrationsLayout = await classOf('/integrations', 'main [class*="layout_"]');
    expect(await servedCss(page, '/')).toContain(`.${homeTitle}`);
    expect(await servedCss(page, '/integrations')).toContain(`.${integrationsLayout}`);
    const docCss = await servedCss(page, '/docs/features');
    expect(docCss).not.toContain(`.${homeTitle}`);
    expect(docCss).not.toContain(`.${integrationsLayout}`);
    // The written-in stylesheet is the one the page's chunk asks for: a visit to the page does not download it again.
    const fetched: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('.css') && fetched.push(request.url())));
    await gotoHydrated(page, '/');
    await page.locator('main h1').first().waitFor();
    expect(fetched.filter((url) => !STYLESHEET.test(new URL(url).pathname.split('/').pop() ?? ''))).toEqual([]);
    await page.context().close();
  });
});

describe('route progress bar loaded on first use', () => {
  it('leaves nprogress out of the first load and shows its bar during a slow client-side navigation', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/authentication');
    const html = await (await page.request.get('/docs/authentication')).text();
    const firstLoadScripts = await Promise.all(pageScriptUrls(html).map((url) => page.request.get(url).then((r) => r.text())));
    expect(firstLoadScripts.length).toBeGreaterThan(0);
    for (const script of firstLoadScripts) expect(script).not.toContain('"nprogress"');

    // Opens another page of the Authentication section of the sidebar than the one shown. The address changes as
    // soon as the link is followed, before the new page (and its sidebar) renders: the link is read and clicked as one
    // element, and the visit ends when the sidebar marks the new page as current.
    const followOtherPage = async () => {
      const href = await page.locator('nav.menu a.menu__link[href^="/docs/authentication/"]:not([aria-current="page"]):visible').first().getAttribute('href');
      expect(href).toBeTruthy();
      await page.locator(`nav.menu a.menu__link[href="${href}"]:visible`).first().click();
      return href!;
    };
    const shown = (href: string) => page.locator(`nav.menu a.menu__link[aria-current="page"][href="${href}"]`).first().waitFor();
    // A first navigation brings nprogress; the second is slowed down: every script it asks for arrives after 1.5 s.
    const first = await followOtherPage();
    await page.waitForURL(`**${first}`);
    await shown(first);
    await page.route('**/assets/js/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const second = await followOtherPage();
    expect(second).not.toBe(first);
    await page.locator('#nprogress .bar').waitFor({timeout: 5_000});
    await page.waitForURL(`**${second}`);
    await shown(second);
    await expect.poll(() => page.locator('#nprogress').count(), {timeout: 5_000}).toBe(0);
    await page.context().close();
  });
});
