import type {Browser, BrowserContextOptions, Page} from 'playwright-core';
import {inject} from 'vitest';

export {launchChromium} from '../../scripts/chromium';

export const baseURL = () => inject('baseURL');

/** A fresh page in its own context (empty storage), at a desktop size unless told otherwise. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({baseURL: baseURL(), viewport: {width: 1280, height: 800}, ...options});
  return context.newPage();
}
