import {existsSync} from 'node:fs';
import {chromium, type Browser, type BrowserContextOptions, type Page} from 'playwright-core';
import {inject} from 'vitest';

/** Debian's Chromium; never a browser downloaded by a test tool. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags for a sandboxed CI machine with no outside network.
const flags = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  return chromium.launch({executablePath: chromiumPath, args: flags, headless: true});
}

export const baseURL = () => inject('baseURL');

/** A fresh page in its own context (empty storage), at a desktop size unless told otherwise. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({baseURL: baseURL(), viewport: {width: 1280, height: 800}, ...options});
  return context.newPage();
}
