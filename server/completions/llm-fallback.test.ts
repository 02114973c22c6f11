import {mkdtempSync, writeFileSync} from 'node:fs';
import {createServer as createHttpServer} from 'node:http';
import {createServer, type AddressInfo, type Server, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {splitCompletion} from '../../contract/completions';
import type {Section} from '../../lib/search/types';
import {CHAT_SECTIONS_FILE} from '../../plugins/search-index/constants';
import {chatDefaults} from '../../src/site';
import {startFakeOpenAi, type FakeOpenAi} from '../../tests/fakes/openai-server';
import {buildApp} from '../app';
import {readConfig} from '../config';
import {freePort} from '../free-port';
import {createServices} from '../services';

const TOKEN_TEXT = 'Open Settings, choose Access Tokens and click Generate new token. Pick a name and an expiry, then copy the token value.';
const sections: Section[] = [
  {
    id: '/docs/authentication/personal-access-tokens#create-a-token', url: '/docs/authentication/personal-access-tokens#create-a-token',
    hierarchy: ['Guides', 'Personal Access Tokens', 'Create a token', null, null, null, null], text: TOKEN_TEXT, language: 'en',
    docsTag: 'docs-default-current', pageKind: 'guide', blocks: [TOKEN_TEXT],
  },
];

const KEY = 'fallback-key';
const build = mkdtempSync(path.join(tmpdir(), 'fallback-build-'));
writeFileSync(path.join(build, CHAT_SECTIONS_FILE), JSON.stringify(sections));

let fake: FakeOpenAi;
/** An endpoint that sends its 200 and event-stream headers at once, then no event (a model that never starts). */
const wordless = {url: '', server: createHttpServer((_request, response) => {
  response.writeHead(200, {'content-type': 'text/event-stream'});
  response.flushHeaders();
})};
/** An endpoint that accepts connections and never answers a byte (a frozen proxy or server). */
let silent: Server;
const held: Socket[] = [];
const running: Array<{close(): Promise<void>}> = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => wordless.server.listen(0, '127.0.0.1', resolve));
  wordless.url = `http://127.0.0.1:${(wordless.server.address() as AddressInfo).port}/v1`;
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  for (const part of running.splice(0).reverse()) await part.close();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await fake.close();
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  wordless.server.closeAllConnections();
  await new Promise((resolve) => wordless.server.close(resolve));
});

/** The server as `npm run serve` wires it, against the LLM endpoint at `baseUrl`; the warnings it writes are kept. */
async function serveWith(baseUrl: string, extra: Record<string, string> = {}) {
  const warnings: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void warnings.push(parts.join(' ')));
  const config = readConfig({
    BUILD_DIR: build,
    SERVE_STATIC: 'false',
    CHAT_PROJECT_KEYS: KEY,
    OPENAI_BASE_URL: baseUrl,
    CHAT_WORKERS: '1',
    QUERY_LOG_SQLITE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'fallback-log-')), 'log.sqlite'),
    ...extra,
  });
  const services = await createServices(config);
  const app: FastifyInstance = await buildApp(config, services);
  running.push({close: () => services.chatPool!.close()}, {close: () => services.store.close()}, {close: () => app.close()});
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({prompt: 'How do I create a personal access token?', projectKey: KEY, sectionsMatchThreshold: 0})});
    return {...splitCompletion(await response.text()), ms: performance.now() - started};
  };
  return {url, app, ask, warnings};
}

describe('an LLM endpoint that fails: the extractive answer stands in', () => {
  it('answers from the docs when the endpoint refuses connections, warns once naming the host and code, and stays ready', async () => {
    const port = await freePort();
    const {url, app, ask, warnings} = await serveWith(`http://127.0.0.1:${port}/v1`);
    for (let i = 0; i < 3; i++) {
      const {answer, references} = await ask();
      expect(references).toEqual([sections[0].url]);
      expect(answer).toBe(TOKEN_TEXT);
    }
    const lines = warnings.filter((w) => /Answerer \(openai\) failed/.test(w));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${port}`);
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(lines[0]).toContain('extractive answer instead');
    const metrics = await app.metrics.registry.metrics();
    expect(metrics).toMatch(/^chat_completions_total\{outcome="upstream_error"\} 3$/m);
    expect(metrics).toMatch(/^degraded_requests_total\{reason="llm_fallback"\} 3$/m);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('gives up on an endpoint that accepts the connection and never answers within OPENAI_CONNECT_TIMEOUT_MS', async () => {
    const {ask, warnings} = await serveWith(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, {OPENAI_CONNECT_TIMEOUT_MS: '400'});
    const {answer, ms} = await ask();
    expect(answer).toBe(TOKEN_TEXT);
    expect(ms).toBeGreaterThan(350);
    expect(ms).toBeLessThan(10_000);
    expect(warnings.join('\n')).toMatch(/connect_timeout \(no status line in 400 ms\)/);
  });

  it('gives up on an endpoint that sends its status and no word within OPENAI_FIRST_TOKEN_TIMEOUT_MS', async () => {
    // Far below the 20 s between chunks that was the only deadline before.
    const {ask, warnings} = await serveWith(wordless.url, {OPENAI_FIRST_TOKEN_TIMEOUT_MS: '500', OPENAI_TIMEOUT_MS: '20000'});
    const {answer, ms} = await ask();
    expect(answer).toBe(TOKEN_TEXT);
    expect(ms).toBeGreaterThan(450);
    expect(ms).toBeLessThan(10_000);
    expect(warnings.join('\n')).toMatch(/first_token_timeout \(no first word in 500 ms\)/);
  });

  it('streams the endpoint\'s own answer when it works', async () => {
    fake.mode = 'stream';
    const {ask} = await serveWith(fake.url);
    const {answer} = await ask();
    expect(answer).toBe('Use the **CLI**.');
    expect(answer).not.toBe(chatDefaults.iDontKnowMessage);
  });
});
