/**
 * Every `npm run` script on a fresh clone right after `npm install` (no build/, no query log yet): it works, or it
 * stops with one line saying what to do first, never a stack trace. The clone is a copy of the tracked files with
 * this checkout's node_modules linked in.
 */
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {splitCompletion} from '../../contract/completions';
import {envSchema} from '../../server/config';
import {freePort} from '../../server/free-port';
import {chatService} from '../../src/site';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const scripts = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts);

/** Scripts not run here, each with the reason; everything else is (`start` by its own test below). */
const NOT_RUN: Record<string, string> = {
  build: 'the production build takes minutes; npm test runs it',
  'build:plain': 'the plain build (SITE_OPTIMIZATIONS=off) takes minutes; npm test runs it',
  test: 'the whole suite, which includes this file',
  'test:unit': 'this suite itself',
  bench: 'builds the site and a baseline first (minutes), then measures them',
};

/** Run until stopped, so checked by answering rather than by exiting. */
const LONG_RUNNING = new Set(['start']);

/** Arguments a script needs to do its job (the examples of maintaining/commands.md). */
const ARGS: Record<string, string[]> = {
  search: ['lineage'],
  ask: ['How do I create a personal access token?'],
};

/**
 * This process's environment without the server's settings and Vitest's own (a newcomer has set none: NODE_ENV=test
 * would make the dev server look for a `test` browserslist); port 0 never clashes.
 */
function freshEnv(): NodeJS.ProcessEnv {
  const settings = new Set([...Object.keys(envSchema.shape), 'TEST_DATABASE_URL', 'API_PORT', 'NODE_ENV']);
  const kept = Object.entries(process.env).filter(([key]) => !settings.has(key) && !key.startsWith('VITEST'));
  return {...Object.fromEntries(kept), PORT: '0'};
}

const SCRIPT_TIMEOUT_MS = 600_000;
/** The dev server compiles the whole site before it answers: under a minute alone, longer beside other tests. */
const START_TIMEOUT_MS = 300_000;

/** Runs a command in the clone; a command still running after SCRIPT_TIMEOUT_MS is killed. */
function run(command: string, args: string[]): Promise<{status: number | null; signal: NodeJS.Signals | null; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: clone, env: freshEnv(), stdio: ['ignore', 'ignore', 'pipe'], timeout: SCRIPT_TIMEOUT_MS});
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({status, signal, stderr}));
  });
}

/** Polls `probe` every second until it returns true, `gaveUp` returns true, or `ms` have passed. */
async function waitFor(probe: () => Promise<boolean>, gaveUp: () => boolean, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline && !gaveUp(); await new Promise((r) => setTimeout(r, 1000))) {
    if (await probe().catch(() => false)) return true;
  }
  return false;
}

let clone: string;
beforeAll(() => {
  clone = mkdtempSync(path.join(tmpdir(), 'fresh-clone-'));
  const tracked = spawnSync('git', ['ls-files', '-z'], {cwd: root, encoding: 'utf8'}).stdout.split('\0').filter(Boolean);
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(clone, file)), {recursive: true});
    cpSync(path.join(root, file), path.join(clone, file));
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
});
afterAll(() => {
  if (clone) rmSync(clone, {recursive: true, force: true});
});

describe('npm run scripts on a fresh clone without a build', () => {
  it('names a reason for every script it does not run', () => {
    for (const name of [...Object.keys(NOT_RUN), ...LONG_RUNNING]) expect(scripts).toContain(name);
  });

  // Concurrently: each script spends most of its time starting tsx or compiling, and a slow CI machine runs eight.
  for (const name of scripts.filter((s) => !(s in NOT_RUN) && !LONG_RUNNING.has(s))) {
    it.concurrent(`npm run ${name} works or says in one line what to run first`, async () => {
      const args = ARGS[name] ?? [];
      const result = await run('npm', ['run', '--silent', name, ...(args.length > 0 ? ['--', ...args] : [])]);
      const stderr = result.stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm warn'));
      expect(result.signal, `npm run ${name} did not finish`).toBe(null);
      if (result.status === 0) return;
      expect(stderr.join('\n')).not.toMatch(/^\s+at /m);
      expect(stderr, `npm run ${name} should stop with one line`).toHaveLength(1);
      expect(stderr[0]).toMatch(/npm run build|npm install|apt-get|CHROMIUM_PATH/);
    }, SCRIPT_TIMEOUT_MS + 30_000);
  }

  it.concurrent('npm start -- --port N serves the site and answers the chat through its proxy', async () => {
    const [sitePort, apiPort] = [await freePort(), await freePort()];
    // Its own process group, so the dev server, the API and the helpers they start all stop together.
    const child = spawn('npm', ['start', '--', '--port', String(sitePort)], {
      cwd: clone,
      env: {...freshEnv(), API_PORT: String(apiPort)},
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let exited = false;
    child.on('exit', () => (exited = true));
    const site = `http://localhost:${sitePort}`;
    try {
      const served = await waitFor(async () => (await fetch(`${site}/`)).status === 200, () => exited, START_TIMEOUT_MS);
      expect(served, `npm start ${exited ? 'stopped' : 'did not answer'} on port ${sitePort}; stderr:\n${stderr}`).toBe(true);
      const response = await fetch(`${site}${chatService.completionsUrl}`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({prompt: 'How do I create a personal access token?', projectKey: chatService.projectKey}),
      });
      expect(response.status).toBe(200);
      expect(splitCompletion(await response.text()).references.length).toBeGreaterThan(0);
      expect(stderr).not.toMatch(/^\s+at /m);
    } finally {
      // The whole group even when npm start has exited: the API it started may outlive it.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Every process of the group has already ended.
      }
    }
  }, START_TIMEOUT_MS + 60_000);
});
