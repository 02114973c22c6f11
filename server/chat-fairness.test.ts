import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {START_RESPONSE_MARKER} from '../contract/completions';
import type {Section} from '../lib/search/types';
import {buildApp, type AppServices} from './app';
import {readConfig} from './config';
import {hostileRequests} from './completions/worst-case-request';
import {syntheticBuild, syntheticSections} from './test-corpus';
import {startTestServer, type TestServer} from './test-server';

const KEY = 'fairness-key';
const FLOODER = '203.0.113.1';
const READER = '203.0.113.9';
let server: TestServer;
let app: FastifyInstance;
let services: AppServices & {sections: Section[]};
let url: string;
let config: ReturnType<typeof readConfig>;

beforeAll(async () => {
  server = await startTestServer({
    // A site twice the size of this one, of made-up words sharing syllables: a costly question takes a few hundred ms.
    BUILD_DIR: syntheticBuild(syntheticSections(8_000, 40)),
    CHAT_PROJECT_KEYS: KEY,
    // The clients below are told apart by X-Forwarded-For, as behind a load balancer on this machine.
    TRUST_PROXY: 'loopback',
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
  }, 'fairness');
  ({app, services, url, config} = server);
});

afterAll(async () => {
  await server?.close();
});

/** A completion asked from `client`'s address; its status and how long its whole answer took, in ms. */
async function ask(base: string, client: string, body: unknown): Promise<{status: number; ms: number; text: string}> {
  const started = performance.now();
  const response = await fetch(`${base}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json', 'x-forwarded-for': client}, body: JSON.stringify(body)});
  const text = await response.text();
  return {status: response.status, ms: performance.now() - started, text};
}

const costliest = () => hostileRequests(services.sections, KEY).find((r) => r.name === 'doc-words')!.body;

describe('turns at the chat are fair', () => {
  it('answers a reader in time while another client keeps 16 costly questions in flight', async () => {
    const heavy = costliest();
    // Warm: a server answers from compiled code. The least of three is one costly question's time alone.
    for (let i = 0; i < 3; i++) await ask(url, FLOODER, heavy);
    const samples = [await ask(url, FLOODER, heavy), await ask(url, FLOODER, heavy), await ask(url, FLOODER, heavy)];
    for (const sample of samples) expect(sample.text).toContain(START_RESPONSE_MARKER);
    const alone = samples.reduce((a, b) => (a.ms < b.ms ? a : b));

    // The flooder: 16 connections, each sending the costliest question again as soon as the last one ended (50 ms
    // after a refusal, so the test's own thread is not spent sending refused questions).
    let flooding = true;
    const flooder = Array.from({length: 16}, async () => {
      const statuses: number[] = [];
      while (flooding) {
        const {status} = await ask(url, FLOODER, heavy);
        statuses.push(status);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return statuses;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const reader: Array<{status: number; ms: number}> = [];
    for (let i = 0; i < 8; i++) {
      reader.push(await ask(url, READER, {prompt: `How do I configure the page section ${i}?`, projectKey: KEY}));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    flooding = false;
    const flood = (await Promise.all(flooder)).flat();

    // The flooder had its two turns at a time the whole while; the reader waited behind those two at most (about 3x
    // one question's time here), where served in arrival order it waited behind all sixteen (9x, measured before).
    expect(flood.filter((s) => s === 200).length).toBeGreaterThan(2);
    expect(reader.map((r) => r.status)).toEqual(reader.map(() => 200));
    const slowest = Math.max(...reader.map((r) => r.ms));
    expect(slowest, `reader took ${reader.map((r) => Math.round(r.ms)).join(', ')} ms; one costly question alone ${Math.round(alone.ms)} ms`).toBeLessThan(6 * alone.ms);
  });

  it('counts every question against the allowance, the refused ones too', async () => {
    // The same services behind an app allowing each address 6 questions a minute and no wait for a turn.
    const limited = await buildApp({...config, rateLimitPerMinute: 6, chatAdmissionWaitMs: 0}, services);
    const limitedUrl = await limited.listen({port: 0, host: '127.0.0.1'});
    try {
      const heavy = costliest();
      // Four at once: two get their turns, two are refused (503) since this client already has two answers running.
      const first = await Promise.all(Array.from({length: 4}, () => ask(limitedUrl, FLOODER, heavy)));
      expect(first.map((r) => r.status).sort()).toEqual([200, 200, 503, 503]);
      // Four spent of six, refusals included: two more are answered, then the allowance is gone.
      for (let i = 0; i < 2; i++) expect((await ask(limitedUrl, FLOODER, {prompt: 'page section', projectKey: KEY})).status).toBe(200);
      const refused = await ask(limitedUrl, FLOODER, {prompt: 'page section', projectKey: KEY});
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.text).error).toMatch(/^too many questions: try again in \d+ s$/);
      // Another address has its own allowance.
      expect((await ask(limitedUrl, READER, {prompt: 'page section', projectKey: KEY})).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
