import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliDecompressSync} from 'node:zlib';
import {setTimeout as sleep} from 'node:timers/promises';
import {pathToFileURL} from 'node:url';
import {chromium, type Browser} from 'playwright-core';

/** Where the Chromium that drives the tests came from. */
export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'packaged';

export interface ResolvedChromium {
  path: string;
  source: ChromiumSource;
  /** Extra environment the binary needs (the packaged build's own shared libraries). */
  env: Record<string, string>;
}

// A system browser first: Debian's package, other distributions' names, then Chrome on macOS.
const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const PACKAGED = '@sparticuz/chromium';
const INSTALL_HINT = 'install Debian\'s Chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary';

/**
 * The packaged build links against NSS, NSPR and expat, which a machine without a browser rarely has; the package
 * carries them (for its serverless target) but unpacks them only there. They are unpacked once, here, for any Linux.
 */
function unpackLibraries(archive: string): string {
  const target = path.join(tmpdir(), 'datahub-docs-chromium-libs');
  const libraries = path.join(target, 'lib');
  if (existsSync(path.join(libraries, 'libnss3.so'))) return libraries;
  mkdirSync(target, {recursive: true});
  const unpacked = spawnSync('tar', ['-x', '-C', target], {input: brotliDecompressSync(readFileSync(archive))});
  if (unpacked.status !== 0) throw new Error(`Could not unpack ${archive} into ${target}: ${unpacked.stderr.toString().trim()}`);
  return libraries;
}

/**
 * The packaged fallback: a Chromium build carried inside an npm package (an optional dependency, Linux x64 only),
 * unpacked into the temporary directory on first use.
 */
async function packagedChromium(): Promise<ResolvedChromium | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(PACKAGED);
  } catch {
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as {default: {executablePath: () => Promise<string>}};
  const executable = await module.default.executablePath();
  const libraries = unpackLibraries(path.join(path.dirname(entry), '..', '..', 'bin', 'al2023.tar.br'));
  return {path: executable, source: 'packaged', env: {LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':')}};
}

/**
 * The Chromium the tests, Lighthouse and the benchmarks drive: `CHROMIUM_PATH` when set, else a system browser,
 * else the packaged build. `CHROMIUM_SOURCE=packaged` skips the first two (CI uses it to prove the fallback).
 */
export async function resolveChromium(): Promise<ResolvedChromium> {
  const forced = process.env.CHROMIUM_SOURCE;
  if (forced && forced !== 'packaged' && forced !== 'auto') {
    throw new Error(`CHROMIUM_SOURCE must be "packaged" or "auto" (got "${forced}").`);
  }
  if (forced !== 'packaged') {
    const configured = process.env.CHROMIUM_PATH;
    if (configured) {
      if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH points at ${configured}, which does not exist: ${INSTALL_HINT}.`);
      return {path: configured, source: 'CHROMIUM_PATH', env: {}};
    }
    const system = SYSTEM_BROWSERS.find((candidate) => existsSync(candidate));
    if (system) return {path: system, source: 'system', env: {}};
  }
  const packaged = await packagedChromium();
  if (packaged) return packaged;
  throw new Error(
    forced === 'packaged'
      ? `CHROMIUM_SOURCE=packaged, but ${PACKAGED} is not installed (run npm install on Linux x64).`
      : `No Chromium found: ${INSTALL_HINT}.`,
  );
}

/** "Chromium 156.0.8078.108" from what a binary's --version prints (Debian's wrapper adds "built on ..."). */
export function parseBrowserVersion(printed: string): string | null {
  const match = /\b(Chromium|Google Chrome|HeadlessChrome)[ /]([\d.]+)/.exec(printed);
  if (!match) return null;
  return `${match[1] === 'HeadlessChrome' ? 'Chromium' : match[1]} ${match[2]}`;
}

/** The name and version the resolved binary reports, or "unknown version" when it does not answer --version. */
export function browserVersion(browser: ResolvedChromium): string {
  const printed = spawnSync(browser.path, ['--version'], {env: {...process.env, ...browser.env}, encoding: 'utf8', timeout: 30_000});
  return parseBrowserVersion(`${printed.stdout ?? ''}`) ?? `${path.basename(browser.path)}, unknown version`;
}

/** Which browser a figure came from: "Chromium 156.0.8078.108 (system /usr/bin/chromium)". */
export function describeBrowser(browser: ResolvedChromium, version: string = browserVersion(browser)): string {
  return `${version} (${browser.source} ${browser.path})`;
}

// Flags for a sandboxed CI machine with no outside network.
const flags = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

let resolved: Promise<ResolvedChromium> | null = null;

/** How often a launch is retried while the packaged binary is still being written (see launchChromium). */
const BUSY_BINARY_RETRIES = 20;

/** Launches headless Chromium (see resolveChromium), or says how to get one. */
export async function launchChromium(): Promise<Browser> {
  resolved ??= resolveChromium();
  const browser = await resolved;
  const env = Object.keys(browser.env).length > 0 ? {env: {...process.env, ...browser.env} as Record<string, string>} : {};
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({executablePath: browser.path, args: flags, headless: true, ...env});
    } catch (error) {
      // The packaged build is unpacked to one path in the temporary directory; while another process (a second test
      // run on the same machine) is still writing it, starting it fails with ETXTBSY until the write is done.
      if (!(error instanceof Error) || !error.message.includes('ETXTBSY') || attempt >= BUSY_BINARY_RETRIES) throw error;
      await sleep(500);
    }
  }
}

// `tsx scripts/chromium.ts`: prints the resolved binary, its source and version (scripts/test.mjs reads it).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  resolveChromium().then(
    (browser) => console.log(JSON.stringify({...browser, version: browserVersion(browser)})),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
