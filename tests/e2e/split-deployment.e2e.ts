/**
 * The split deployment of the README's "Deploying" section: the site built with its API on another origin
 * (`CHAT_API_URL` at build time; npm test builds it into build-split/), served by a plain static file server with no
 * project code (Python's http.server), and the API alone (`npm run serve` with SERVE_STATIC=false and CORS_ORIGINS).
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {API_SETTINGS_FILE} from '../../plugins/api-settings';
import {freePort} from '../../server/free-port';
import {chatText} from '../../src/site';
import {launchChromium} from './browser';
import {answer, chatState, dialog, input, openButton} from './chat-page';

const SPLIT_BUILD_DIR = path.resolve('build-split');

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

beforeAll(async () => {
  if (!existsSync(path.join(SPLIT_BUILD_DIR, API_SETTINGS_FILE))) {
    throw new Error('No split-deployment build in build-split/: npm test builds it (CHAT_API_URL=http://127.0.0.1:4791 npx docusaurus build --out-dir build-split).');
  }
  const {origins} = JSON.parse(readFileSync(path.join(SPLIT_BUILD_DIR, API_SETTINGS_FILE), 'utf8')) as {origins: string[]};
  expect(origins).toHaveLength(1);
  apiOrigin = origins[0];
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
  });
  await Promise.all([answering(`${staticOrigin}/`, staticServer.child, staticServer.output), answering(`${apiOrigin}/healthz`, api.child, api.output)]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([stop(staticServer?.child), stop(api?.child)]);
  if (dataDir) rmSync(dataDir, {recursive: true, force: true});
});

describe('split deployment: static host and API on another origin', () => {
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
    await input(page).fill('How do I create a personal access token?');
    await input(page).press('Enter');
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
    expect((await answer(page).textContent())?.length).toBeGreaterThan(40);
    await dialog(page).getByRole('button', {name: chatText.thumbsUpLabel}).click();
    await expect.poll(() => dialog(page).getByText(chatText.feedbackThanks).count()).toBe(1);

    const db = new Database(path.join(dataDir, 'query-log.sqlite'), {readonly: true});
    try {
      await expect.poll(() => db.prepare('SELECT query, result_rating FROM queries ORDER BY id').all()).toEqual([
        {query: 'How do I create a personal access token?', result_rating: null},
        {query: 'How do I create a personal access token?', result_rating: 'positive'},
      ]);
    } finally {
      db.close();
    }
    expect(apiCalls).toEqual(expect.arrayContaining(['POST /v1/completions', 'POST /rest/v1/queries']));
    expect(problems).toEqual([]);
    await context.close();
  });
});
