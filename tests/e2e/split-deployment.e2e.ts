/**
 * The split deployment of maintaining/deploying.md: the site built with its API on another origin
 * (`CHAT_API_URL` at build time; npm test builds it into build-split/), served by a plain static file server with no
 * project code (Python's http.server), and the API alone (`npm run serve` with SERVE_STATIC=false and CORS_ORIGINS).
 * The API answers through an OpenAI-compatible endpoint (tests/fakes) that sends its answer in paced pieces, so the
 * test can see the answer stream through to the page.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import Database from 'better-sqlite3';
import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadRedirects} from '../../plugins/redirects/redirects';
import {API_SETTINGS_FILE, HEADERS_FILE} from '../../plugins/api-settings';
import {freePort} from '../../server/free-port';
import {contentSecurityPolicy, htmlFiles, inlineScriptHashes, metaContentSecurityPolicy} from '../../lib/security/headers';
import {chatText} from '../../src/site';
import {startFakeOpenAi, type FakeOpenAi} from '../fakes/openai-server';
import {launchChromium} from './browser';
import {answer, chatState, dialog, input, openButton, recordStates} from './chat-page';

const SPLIT_BUILD_DIR = path.resolve('build-split');
const QUESTION = 'How do I create a personal access token?';
/** The answer's pieces, sent 200 ms apart by the fake LLM endpoint. */
const DELTAS = ['To create ', 'a personal ', 'access token, ', 'open **Settings** ', 'and then ', '**Access Tokens**, ', 'choose ', '*Generate new token* ', 'and copy it: ', 'it is shown once.'];

/** The policy of a page's `<meta http-equiv="Content-Security-Policy">`; fails unless there is exactly one. */
function metaPolicy(html: string, where: string): string {
  const all = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)];
  expect(all.length, `${where}: Content-Security-Policy meta elements`).toBe(1);
  return all[0][1].replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/**
 * Fails with what to do unless `origin`'s port is free: the API's origin is built into the pages (their scripts and
 * their policy), so the API must listen on exactly that port, and something else answering there would pass for it.
 */
async function assertFree(origin: string): Promise<void> {
  const {hostname, port} = new URL(origin);
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`Port ${port} of ${origin}, where build-split/ expects its API (CHAT_API_URL at build time), is not free (${error.code}): stop what listens there, or rebuild build-split with another port in CHAT_API_URL.`)),
    );
    probe.listen(Number(port), hostname, () => probe.close(() => resolve()));
  });
}

/** Resolves once `url` answers at all (any status), or fails after `timeoutMs`, with what the process printed. */
async function answering(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering ${url}:\n${output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): {child: ChildProcess; output: () => string} {
  const child = spawn(command, args, {env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  return {child, output: () => text};
}

const stop = (child?: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

let browser: Browser;
let staticServer: ReturnType<typeof start> | undefined;
let api: ReturnType<typeof start> | undefined;
let staticOrigin: string;
let apiOrigin: string;
let dataDir: string;
let llm: FakeOpenAi;

beforeAll(async () => {
  if (!existsSync(path.join(SPLIT_BUILD_DIR, API_SETTINGS_FILE))) {
    throw new Error('No split-deployment build in build-split/: npm test builds it (CHAT_API_URL=http://127.0.0.1:4791 npx docusaurus build --out-dir build-split).');
  }
  const {origins} = JSON.parse(readFileSync(path.join(SPLIT_BUILD_DIR, API_SETTINGS_FILE), 'utf8')) as {origins: string[]};
  expect(origins).toHaveLength(1);
  apiOrigin = origins[0];
  await assertFree(apiOrigin);
  llm = await startFakeOpenAi();
  llm.mode = 'slow';
  llm.deltas = DELTAS;
  const staticPort = await freePort();
  staticOrigin = `http://127.0.0.1:${staticPort}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'split-'));
  staticServer = start('python3', ['-m', 'http.server', String(staticPort), '--bind', '127.0.0.1', '--directory', SPLIT_BUILD_DIR], {});
  api = start(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    PORT: new URL(apiOrigin).port,
    HOST: '127.0.0.1',
    SERVE_STATIC: 'false',
    BUILD_DIR: SPLIT_BUILD_DIR,
    CORS_ORIGINS: staticOrigin,
    QUERY_LOG_SQLITE_PATH: path.join(dataDir, 'query-log.sqlite'),
    OPENAI_BASE_URL: llm.url,
  });
  await Promise.all([answering(`${staticOrigin}/`, staticServer.child, staticServer.output), answering(`${apiOrigin}/healthz`, api.child, api.output)]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([stop(staticServer?.child), stop(api?.child)]);
  await llm?.close();
  if (dataDir) rmSync(dataDir, {recursive: true, force: true});
});

describe('split deployment: static host and API on another origin', () => {
  it('gives every built page a Content-Security-Policy allowing exactly the API origin, in its precompressed copies too', () => {
    // What the server would send for this build (server/app.ts), less what only a header can carry.
    const expected = metaContentSecurityPolicy(contentSecurityPolicy(inlineScriptHashes(SPLIT_BUILD_DIR), [apiOrigin]));
    expect(expected).toContain(`connect-src 'self' ${apiOrigin};`);
    const pages = htmlFiles(SPLIT_BUILD_DIR);
    expect(pages.length).toBeGreaterThan(100);
    for (const file of pages) {
      const where = path.relative(SPLIT_BUILD_DIR, file);
      const html = readFileSync(file, 'utf8');
      expect(metaPolicy(html, where), where).toBe(expected);
      // Written before the build compressed its pages: a server sending the .br or .gz sends the same page.
      if (existsSync(`${file}.br`)) expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString('utf8') === html, `${where}.br is stale`).toBe(true);
      if (existsSync(`${file}.gz`)) expect(gunzipSync(readFileSync(`${file}.gz`)).toString('utf8') === html, `${where}.gz is stale`).toBe(true);
    }
    // And the whole policy, frame-ancestors included, for the static hosts that read _headers.
    expect(readFileSync(path.join(SPLIT_BUILD_DIR, HEADERS_FILE), 'utf8')).toContain(`Content-Security-Policy: ${expected}; frame-ancestors 'none'\n`);
  });

  it('enforces that policy in the browser: the API is reachable, another origin is blocked', async () => {
    const context = await browser.newContext({baseURL: staticOrigin});
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    // The static host sends no policy of its own: the meta is the page's only one.
    const response = await page.goto('/docs/features/', {waitUntil: 'load'});
    expect(response?.headers()['content-security-policy']).toBeUndefined();
    expect(metaPolicy(await response!.text(), '/docs/features/')).toMatch(new RegExp(`connect-src 'self' ${apiOrigin.replace(/[.]/g, '\\.')};`));
    // The same static server under another name (localhost, not 127.0.0.1) is another origin, reachable but not allowed.
    const otherOrigin = staticOrigin.replace('127.0.0.1', 'localhost');
    const outcome = await page.evaluate(
      async ([api, other]) => {
        const violations: string[] = [];
        document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
        const reach = (url: string) => fetch(url, {mode: 'no-cors'}).then(() => 'reached', () => 'blocked');
        const result = {api: await reach(`${api}/healthz`), other: await reach(`${other}/`)};
        await new Promise((resolve) => setTimeout(resolve, 100));
        return {...result, violations};
      },
      [apiOrigin, otherOrigin],
    );
    expect(outcome).toEqual({api: 'reached', other: 'blocked', violations: [`connect-src ${otherOrigin}/`]});
    await context.close();
  });

  it('forwards a moved route (data/redirects.yaml) to its new page on a plain static host', async () => {
    const [{from, to}] = loadRedirects();
    const context = await browser.newContext({baseURL: staticOrigin});
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    await page.goto(from);
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === to);
    await page.locator('article h1').first().waitFor();
    await context.close();
  });

  it('answers a question from the API and stores the question and its rating, with a clean console', async () => {
    const context = await browser.newContext({baseURL: staticOrigin, viewport: {width: 1280, height: 800}});
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(apiOrigin)) apiCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    await page.goto('/docs/features', {waitUntil: 'networkidle'});
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await openButton(page).click();
    await input(page).waitFor();
    const states = await recordStates(page);
    await input(page).fill(QUESTION);
    await input(page).press('Enter');
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
    const final = (await answer(page).textContent()) ?? '';
    expect(final).toContain('it is shown once.');
    // It streamed: while the answer was still coming, the page already showed part of it, growing piece by piece.
    const streaming = (await states()).filter((s) => s.state === 'streaming-answer' && s.answerLength > 0).map((s) => s.answerLength);
    expect(new Set(streaming).size, `answer lengths seen while streaming: ${streaming.join(', ')}`).toBeGreaterThanOrEqual(3);
    expect(Math.min(...streaming)).toBeLessThan(final.length / 2);
    expect(llm.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1);
    await dialog(page).getByRole('button', {name: chatText.thumbsUpLabel}).click();
    await expect.poll(() => dialog(page).getByText(chatText.feedbackThanks).count()).toBe(1);

    const db = new Database(path.join(dataDir, 'query-log.sqlite'), {readonly: true});
    try {
      // One question asked and rated: one row, the rating written into it.
      await expect.poll(() => db.prepare('SELECT query, result_rating FROM queries ORDER BY id').all()).toEqual([{query: QUESTION, result_rating: 'positive'}]);
    } finally {
      db.close();
    }
    expect(apiCalls).toEqual(expect.arrayContaining(['POST /v1/completions', 'POST /rest/v1/queries']));
    expect(problems).toEqual([]);
    await context.close();
  });
});
