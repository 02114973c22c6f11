import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {FastifyInstance} from 'fastify';
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {ANSWER_CUT_NOTE, splitCompletion} from '../../contract/completions';
import type {Section} from '../../lib/search/types';
import {CHAT_SECTIONS_FILE} from '../../plugins/search-index/constants';
import {chatDefaults} from '../../src/site';
import {startFakeOpenAi, type FakeOpenAi} from '../../tests/fakes/openai-server';
import {buildApp} from '../app';
import {readConfig} from '../config';
import {createServices} from '../services';

const TOKEN_TEXT = 'Open Settings, choose Access Tokens and click Generate new token. Pick a name and an expiry, then copy the token value.';
const sections: Section[] = [
  {
    id: '/docs/authentication/personal-access-tokens#create-a-token', url: '/docs/authentication/personal-access-tokens#create-a-token',
    hierarchy: ['Guides', 'Personal Access Tokens', 'Create a token', null, null, null, null], text: TOKEN_TEXT, language: 'en',
    docsTag: 'docs-default-current', pageKind: 'guide', blocks: [TOKEN_TEXT],
  },
];
const KEY = 'limits-key';
const QUESTION = 'How do I create a personal access token?';
const build = mkdtempSync(path.join(tmpdir(), 'llm-limits-build-'));
writeFileSync(path.join(build, CHAT_SECTIONS_FILE), JSON.stringify(sections));

let fake: FakeOpenAi;
const running: Array<{close(): Promise<void>}> = [];
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  for (const part of running.splice(0).reverse()) await part.close();
  vi.restoreAllMocks();
  fake.mode = 'stream';
  fake.deltas = ['Use ', 'the ', '**CLI**', '.'];
  fake.intervalMs = 200;
});
afterAll(async () => {
  await fake.close();
});

/** The server as `npm run serve` wires it against the fake endpoint; clients are told apart by X-Forwarded-For. */
async function serve(extra: Record<string, string> = {}) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const sqlitePath = path.join(mkdtempSync(path.join(tmpdir(), 'llm-limits-log-')), 'log.sqlite');
  const config = readConfig({
    BUILD_DIR: build, SERVE_STATIC: 'false', CHAT_PROJECT_KEYS: KEY, OPENAI_BASE_URL: fake.url, CHAT_WORKERS: '1',
    QUERY_LOG_SQLITE_PATH: sqlitePath, TRUST_PROXY: 'loopback', CHAT_RATE_LIMIT_PER_MINUTE: '1000', ...extra,
  });
  const services = await createServices(config);
  const app: FastifyInstance = await buildApp(config, services);
  running.push({close: () => services.chatPool!.close()}, {close: () => services.store.close()}, {close: () => app.close()});
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  /** One question from `client`: its status, the answer, and when its references and its end arrived (ms). */
  const ask = async (client = '203.0.113.9', extraBody: Record<string, unknown> = {}, signal?: AbortSignal) => {
    const started = performance.now();
    const response = await fetch(`${url}/v1/completions`, {
      method: 'POST', signal, headers: {'content-type': 'application/json', 'x-forwarded-for': client},
      body: JSON.stringify({prompt: QUESTION, projectKey: KEY, sectionsMatchThreshold: 0, ...extraBody}),
    });
    const text = await response.text();
    return {status: response.status, text, ms: performance.now() - started};
  };
  /** The rows the server recorded of the completions it served (what `npm run report` reads). */
  const recorded = () => {
    const db = new Database(sqlitePath, {readonly: true});
    try {
      return db.prepare('SELECT answered_i_dont_know AS dontKnow FROM completions').all() as Array<{dontKnow: number}>;
    } finally {
      db.close();
    }
  };
  return {app, ask, recorded};
}

const answerOf = (text: string) => splitCompletion(text).answer;
const metric = async (app: FastifyInstance, pattern: RegExp) => (await app.metrics.registry.metrics()).match(pattern)?.[1];

describe('an LLM endpoint cannot hold the chat', () => {
  it('asks the endpoint for at most OPENAI_MAX_TOKENS tokens, whatever the request says', async () => {
    const {ask} = await serve({OPENAI_MAX_TOKENS: '800'});
    await ask('203.0.113.9', {maxTokens: 4000});
    expect((fake.requests.at(-1)!.body as {max_tokens: number}).max_tokens).toBe(800);
    await ask('203.0.113.9', {maxTokens: 300});
    expect((fake.requests.at(-1)!.body as {max_tokens: number}).max_tokens).toBe(300);
  });

  it('answers readers while one address keeps 16 slow answers open', async () => {
    fake.mode = 'slow';
    fake.deltas = Array.from({length: 15}, (_, i) => `part ${i} `);
    const {ask} = await serve();
    // 16 questions at once from one address, each answer taking 3 s: before, they held every CHAT_MAX_CONCURRENT slot.
    const flood = Array.from({length: 16}, () => ask('203.0.113.1', {maxTokens: 4000}));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readers = await Promise.all(['203.0.113.20', '203.0.113.21', '203.0.113.22'].map((client) => ask(client)));
    for (const reader of readers) {
      expect(reader.status).toBe(200);
      expect(answerOf(reader.text)).toBe(fake.deltas.join(''));
    }
    await Promise.all(flood);
  });
});

describe('an LLM answer always ends, and a failed one is neither hidden nor a page to write', () => {
  for (const mode of ['keepalive', 'empty-deltas'] as const) {
    it(`ends an answer whose endpoint sends only ${mode === 'keepalive' ? 'keep-alive comments' : 'empty deltas'} after OPENAI_TIMEOUT_MS, marked as cut`, async () => {
      fake.mode = mode;
      fake.intervalMs = 100;
      const {app, ask, recorded} = await serve({OPENAI_TIMEOUT_MS: '600'});
      const {status, text, ms} = await ask('203.0.113.9', {}, AbortSignal.timeout(15_000));
      expect(status).toBe(200);
      expect(answerOf(text)).toBe(`${fake.deltas[0]}\n\n${ANSWER_CUT_NOTE}`);
      expect(ms).toBeLessThan(5_000);
      expect(await metric(app, /^degraded_requests_total\{reason="llm_answer_cut"\} (\d+)/m)).toBe('1');
      expect(await metric(app, /^chat_completions_total\{outcome="upstream_error"\} (\d+)/m)).toBe('1');
      await expect.poll(recorded).toEqual([{dontKnow: 0}]);
    });
  }

  it('ends an answer that keeps streaming after OPENAI_ANSWER_TIMEOUT_MS, with what it has and a note that it was cut', async () => {
    fake.mode = 'endless';
    fake.intervalMs = 50;
    const {ask} = await serve({OPENAI_ANSWER_TIMEOUT_MS: '1500'});
    const {text, ms} = await ask('203.0.113.9', {}, AbortSignal.timeout(15_000));
    const answer = answerOf(text);
    expect(answer).toMatch(/^Use word 0 word 1 /);
    expect(answer.endsWith(`\n\n${ANSWER_CUT_NOTE}`)).toBe(true);
    expect(ms).toBeGreaterThan(1_400);
    expect(ms).toBeLessThan(6_000);
  });

  it('marks an answer cut by an event that is not JSON, and does not record it as a don\'t-know', async () => {
    fake.mode = 'broken';
    const {app, ask, recorded} = await serve();
    const {text} = await ask();
    expect(answerOf(text)).toBe(`Use the **CLI**.\n\n${ANSWER_CUT_NOTE}`);
    expect(await metric(app, /^degraded_requests_total\{reason="llm_answer_cut"\} (\d+)/m)).toBe('1');
    await expect.poll(recorded).toEqual([{dontKnow: 0}]);
  });

  it('answers from the docs when the endpoint sends a 200 that is not an event stream (an HTML error page)', async () => {
    fake.mode = 'html200';
    const {app, ask, recorded} = await serve();
    const {text} = await ask();
    expect(answerOf(text)).toBe(TOKEN_TEXT);
    expect(answerOf(text)).not.toBe(chatDefaults.iDontKnowMessage);
    expect(await metric(app, /^degraded_requests_total\{reason="llm_fallback"\} (\d+)/m)).toBe('1');
    expect(await metric(app, /^chat_completions_total\{outcome="upstream_error"\} (\d+)/m)).toBe('1');
    await expect.poll(recorded).toEqual([{dontKnow: 0}]);
  });
});
