import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {gotoHydrated, launchChromium, newPage} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Pretends the reader's browser asks to save data, as Chrome's data saver does. */
async function saveDataPage(): Promise<Page> {
  const page = await newPage(browser);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {value: {effectiveType: '4g', saveData: true}, configurable: true});
  });
  return page;
}

async function scriptRequestsAfterLoad(page: Page, route: string): Promise<string[]> {
  await gotoHydrated(page, route);
  const later: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) later.push(r.url());
  });
  await page.locator('nav.navbar a', {hasText: 'Integrations'}).first().hover();
  await page.waitForTimeout(500);
  return later;
}

describe('browser storage', () => {
  async function toggleToDark(page: Page) {
    const toggle = page.locator('nav.navbar button[aria-label*="mode"]').first();
    for (let i = 0; i < 3 && (await page.evaluate(() => document.documentElement.dataset.theme)) !== 'dark'; i++) {
      await toggle.click();
    }
    return page.evaluate(() => document.documentElement.dataset.theme);
  }

  function collectConsole(page: Page): string[] {
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') logged.push(m.text());
    });
    return logged;
  }

  it('falls back to a no-op store and logs why when storage is unavailable', async () => {
    const page = await newPage(browser, {colorScheme: 'light'});
    const logged = collectConsole(page);
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage is disabled', 'SecurityError');
        },
      });
    });
    await gotoHydrated(page, '/docs/features');
    await expect.poll(() => page.locator('article h1').isVisible()).toBe(true);
    expect(await toggleToDark(page)).toBe('dark');
    expect(logged.join('\n')).toMatch(/storage is not available/i);
    await page.context().close();
  });

  it('keeps working and logs the failure when storage is full', async () => {
    const page = await newPage(browser, {colorScheme: 'light'});
    const logged = collectConsole(page);
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await gotoHydrated(page, '/docs/features');
    expect(await toggleToDark(page)).toBe('dark');
    expect(logged.join('\n')).toMatch(/storage error/i);
    await page.context().close();
  });
});

describe('prefetching', () => {
  it('prefetches linked pages on a normal connection', async () => {
    const page = await newPage(browser);
    expect((await scriptRequestsAfterLoad(page, '/docs/features')).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('skips prefetching when the browser asks to save data', async () => {
    const page = await saveDataPage();
    expect(await scriptRequestsAfterLoad(page, '/docs/features')).toEqual([]);
    // Following the link still works: the chunks load on click instead.
    await page.locator('nav.navbar a', {hasText: 'Integrations'}).first().click();
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Integrations/);
    await page.context().close();
  });
});

describe('route preloading', () => {
  it('reloads the page in full when the next route cannot be preloaded', async () => {
    // Save-data mode turns prefetch off, so the click is the first request for the next route's chunks.
    const page = await saveDataPage();
    await gotoHydrated(page, '/docs/features');
    const failedOnce = new Set<string>();
    await page.route('**/assets/js/*.js', async (route) => {
      const url = route.request().url();
      if (failedOnce.has(url)) return route.continue();
      failedOnce.add(url);
      return route.abort('connectionreset');
    });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.evaluate(() => {
      (window as unknown as {marker: boolean}).marker = true;
    });
    await page.locator('nav.navbar a', {hasText: 'Integrations'}).first().click();
    await page.waitForURL('**/integrations');
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Integrations/);
    expect(failedOnce.size).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as {marker?: boolean}).marker)).toBeUndefined();
    expect(warnings.length).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('base URL banner', () => {
  it('appears on the home page when the site scripts cannot load', async () => {
    const page = await newPage(browser);
    await page.route(/\.(js|css)$/, (route) => route.abort());
    await page.goto('/');
    await expect.poll(() => page.getByText('did not load properly').count()).toBe(1);
    expect(await page.locator('#base-url-issue-banner-suggestion').textContent()).toBe('/');
    await page.context().close();
  });

  it('stays hidden when the site loads', async () => {
    const page = await newPage(browser);
    await page.goto('/', {waitUntil: 'networkidle'});
    expect(await page.getByText('did not load properly').count()).toBe(0);
    await page.context().close();
  });
});
