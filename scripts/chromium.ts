import {existsSync} from 'node:fs';
import {chromium, type Browser} from 'playwright-core';

/** Debian's Chromium; never a browser downloaded by a test tool. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags for a sandboxed CI machine with no outside network.
const flags = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

/** Launches headless Debian Chromium, or says how to install it. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  return chromium.launch({executablePath: chromiumPath, args: flags, headless: true});
}
