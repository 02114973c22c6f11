/**
 * Commands a newcomer runs in the wrong order or with a wrong setting stop with a short message naming what to fix,
 * a non-zero exit and no stack trace. Each runs in a copy of the tracked files (no build/), with this checkout's
 * node_modules linked in.
 */
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {connect, createServer, type Server} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {envSchema} from '../../server/config';
import {freePort} from '../../server/free-port';
import {OPTIMIZATIONS_ENV} from '../../plugins/optimizations';

const root = path.resolve(__dirname, '../..');
/** Long enough for the dev server to load its configuration and plugins on a small machine busy with the builds. */
const COMMAND_TIMEOUT_MS = 600_000;
/** A test's own limit: its command's, and time to copy the files and hold a port. */
const TEST_TIMEOUT_MS = COMMAND_TIMEOUT_MS + 60_000;

let clone: string;
beforeAll(() => {
  clone = mkdtempSync(path.join(tmpdir(), 'one-line-errors-'));
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

/** This environment without the server's settings and Vitest's own, plus `env`: what a newcomer's shell has. */
function newcomerEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const settings = new Set([...Object.keys(envSchema.shape), 'TEST_DATABASE_URL', 'API_PORT', 'CHAT_API_URL', 'NODE_ENV', OPTIMIZATIONS_ENV]);
  return {...Object.fromEntries(Object.entries(process.env).filter(([key]) => !settings.has(key) && !key.startsWith('VITEST'))), ...env};
}

interface Outcome {
  status: number | null;
  /** Non-empty lines of stderr, without npm's own warnings. */
  lines: string[];
}

/** Runs a command in `cwd` (the clone by default), stdout ignored; its own process group, all killed on timeout. */
function run(command: string, args: string[], env: Record<string, string> = {}, cwd = clone): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, env: newcomerEnv(env), stdio: ['ignore', 'ignore', 'pipe'], detached: true});
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), COMMAND_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      // What the command may have started (the API under npm start) goes with it.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      resolve({status, lines: stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm warn'))});
    });
  });
}

/** Expects a non-zero exit and exactly one line on stderr matching `pattern`. */
function expectOneLine(outcome: Outcome, pattern: RegExp) {
  expect(outcome.status, outcome.lines.join('\n')).not.toBe(0);
  expect(outcome.lines, outcome.lines.join('\n')).toHaveLength(1);
  expect(outcome.lines[0]).toMatch(pattern);
}

/** Whether something accepts connections on the loopback port. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Holds a port the way another program would, until closed. */
async function holdPort(): Promise<{port: number; server: Server}> {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {port, server};
}

describe('one line instead of a stack trace', () => {
  it('the build route check before any build names npm run build', async () => {
    expectOneLine(await run('npx', ['tsx', 'scripts/check-build.ts']), /^No production build in build\/: run `npm run build` first/);
  }, TEST_TIMEOUT_MS);

  it('npm run build with CHAT_API_URL=not-a-url names CHAT_API_URL', async () => {
    expectOneLine(await run('npm', ['run', 'build'], {CHAT_API_URL: 'not-a-url'}), /^CHAT_API_URL: must be an http:\/\/ or https:\/\/ URL/);
  }, TEST_TIMEOUT_MS);

  it('npm run build with SITE_OPTIMIZATIONS=no names SITE_OPTIMIZATIONS and its two values', async () => {
    expectOneLine(await run('npm', ['run', 'build'], {[OPTIMIZATIONS_ENV]: 'no'}), /^SITE_OPTIMIZATIONS must be "on" or "off" \(unset means on\), not "no"$/);
  }, TEST_TIMEOUT_MS);

  it('npm run build with SITE_OPTIMIZATIONS=off (into build/) names npm run build:plain', async () => {
    expectOneLine(await run('npm', ['run', 'build'], {[OPTIMIZATIONS_ENV]: 'off'}), /^SITE_OPTIMIZATIONS=off builds the plain site into a folder of its own, not build\/: run `npm run build:plain`/);
  }, TEST_TIMEOUT_MS);

  it('npm start with API_PORT=abc names API_PORT', async () => {
    expectOneLine(await run('npm', ['start'], {API_PORT: 'abc'}), /^API_PORT must be a port number from 1 to 65535 \(got "abc"\)\.$/);
  }, TEST_TIMEOUT_MS);

  it('npm start stops when another program (another npm start) holds the API port, naming it', async () => {
    const held = await holdPort();
    try {
      const sitePort = await freePort();
      const outcome = await run('npm', ['start', '--', '--port', String(sitePort)], {API_PORT: String(held.port)});
      expectOneLine(outcome, new RegExp(`^Port ${held.port} \\(the API, API_PORT\\) is already in use`));
    } finally {
      held.server.close();
    }
  }, TEST_TIMEOUT_MS);

  it('npm start stops when the site port is taken (no terminal to ask in), naming it', async () => {
    const held = await holdPort();
    try {
      const apiPort = await freePort();
      const outcome = await run('npm', ['start', '--', '--port', String(held.port)], {API_PORT: String(apiPort)});
      expectOneLine(outcome, new RegExp(`^Port ${held.port} \\(the site\\) is already in use: .*npm start -- --port \\d+`));
    } finally {
      held.server.close();
    }
  }, TEST_TIMEOUT_MS);

  it('npm start with an invalid data file prints what npm run generate prints, without a stack', async () => {
    const file = path.join(clone, 'data/releases.yaml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, 'intro: 5\n');
    try {
      const expected = await run('npm', ['run', '--silent', 'generate']);
      expect(expected.status).not.toBe(0);
      expect(expected.lines[0]).toMatch(/^Invalid data file data\/releases\.yaml:$/);
      const [sitePort, apiPort] = [await freePort(), await freePort()];
      const outcome = await run('npm', ['start', '--', '--port', String(sitePort)], {API_PORT: String(apiPort)});
      expect(outcome.status, outcome.lines.join('\n')).not.toBe(0);
      const message = outcome.lines.filter((line) => !line.startsWith('['));
      expect(message, outcome.lines.join('\n')).toEqual(expected.lines);
      expect(outcome.lines.join('\n')).not.toMatch(/^\s+at /m);
      // The API it started first went with it: nothing is left holding API_PORT.
      expect(await answers(apiPort)).toBe(false);
    } finally {
      writeFileSync(file, original);
    }
  }, TEST_TIMEOUT_MS);
});
