import type {Browser, BrowserContextOptions, Page} from 'playwright-core';
import {inject} from 'vitest';

export {launchChromium} from '../../scripts/chromium';

export const baseURL = () => inject('baseURL');

/** A fresh page in its own context (empty storage), at a desktop size unless told otherwise. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({baseURL: baseURL(), viewport: {width: 1280, height: 800}, ...options});
  // Playwright's 30 s default is short for a page load on a busy shared machine running two test files at once.
  context.setDefaultTimeout(90_000);
  return context.newPage();
}

/**
 * Opens a route and waits until React has hydrated it. The page scripts start after the first paint
 * (plugins/page-scripts), so the load event comes before the page is interactive.
 */
export async function gotoHydrated(page: Page, route: string): Promise<void> {
  await page.goto(route, {waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/** Reloads and waits as gotoHydrated does. */
export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload({waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/**
 * Errors `page` logs to its console or throws from now on, a failed hydration among them (React logs it as a
 * recoverable error). `expected` leaves out console errors a test provokes on purpose.
 */
export function collectErrors(page: Page, expected: (text: string) => boolean = () => false): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Bottom edge of the fixed navbar in the viewport: 0 or less while it is hidden. */
export const navbarBottom = (page: Page) => page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().bottom);
