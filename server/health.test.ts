import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildApp} from './app';
import {createExtractiveAnswerer} from './completions/extractive-answerer';
import {createLexicalRetriever} from '../lib/search/retrieval';
import {createPostgresStore} from './query-log/postgres-store';
import {createSqliteStore} from './query-log/sqlite-store';
import type {QueryLogStore} from './query-log/store';
import {startQueryLogApi} from './query-log/test-app';
import {startRelay, throughRelay, type Relay} from './query-log/test-relay';

const ANON = 'anon';
const postgresUrl = process.env.TEST_DATABASE_URL;

const probe = async (origin: string, path: '/healthz' | '/readyz') => {
  const response = await fetch(`${origin}${path}`);
  return {status: response.status, body: (await response.json()) as {status?: string; error?: string}, headers: response.headers};
};

/** Polls /readyz until it answers `status` (a slow machine may take a while to notice a database coming back). */
async function readyzBecomes(origin: string, status: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await probe(origin, '/readyz');
    if (result.status === status || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('health probes on the API alone (SERVE_STATIC=false), SQLite', () => {
  let store: QueryLogStore;
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    store = createSqliteStore(':memory:');
    // Limits of 1 a minute: the probes must never count against them.
    ({app, origin} = await startQueryLogApi(store, ANON, {queryLogRateLimitPerMinute: 1, pageFeedbackRateLimitPerMinute: 1}));
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  it('answers /healthz and /readyz with 200 {status: "ok"}, polled every so often, never rate limited', async () => {
    for (let i = 0; i < 30; i++) {
      for (const path of ['/healthz', '/readyz'] as const) {
        const result = await probe(origin, path);
        expect(result).toMatchObject({status: 200, body: {status: 'ok'}});
        expect(result.headers.get('x-ratelimit-limit')).toBeNull();
      }
    }
  });

  it('answers /readyz with 503 naming the chat sections when there are none', async () => {
    const empty = await buildApp(
      {buildDir: '', serveStatic: false},
      {completions: {retriever: createLexicalRetriever([]), answerer: createExtractiveAnswerer(), log: () => undefined}, store, allowedModels: null, sectionCount: 0},
    );
    try {
      const response = await empty.inject({method: 'GET', url: '/readyz'});
      expect(response.statusCode).toBe(503);
      expect(response.json<{error: string}>().error).toMatch(/^not ready: the chat has no search sections/);
      expect((await empty.inject({method: 'GET', url: '/healthz'})).statusCode).toBe(200);
    } finally {
      await empty.close();
    }
  });
});

if (postgresUrl) {
  describe('health probes with the query log on PostgreSQL', () => {
    let relay: Relay;
    let store: QueryLogStore;
    let app: FastifyInstance;
    let origin: string;
    beforeAll(async () => {
      relay = await startRelay(new URL(postgresUrl));
      store = await createPostgresStore(throughRelay(postgresUrl, relay), {connectTimeoutMs: 500, queryTimeoutMs: 500});
      ({app, origin} = await startQueryLogApi(store, ANON));
    });
    afterAll(async () => {
      await app?.close();
      await store?.close();
      await relay?.stop();
    });

    it('is ready while PostgreSQL answers, 503 naming the store while it is unreachable or frozen, ready again after', async () => {
      expect(await probe(origin, '/readyz')).toMatchObject({status: 200, body: {status: 'ok'}});

      await relay.stop();
      const down = await readyzBecomes(origin, 503);
      expect(down).toMatchObject({status: 503, body: {error: 'not ready: the query-log store (postgres) does not answer'}});
      // The process itself is up.
      expect((await probe(origin, '/healthz')).status).toBe(200);
      await relay.start();
      expect((await readyzBecomes(origin, 200)).status).toBe(200);

      relay.freeze();
      const started = Date.now();
      expect((await probe(origin, '/readyz')).status).toBe(503);
      expect(Date.now() - started).toBeLessThan(3_000);
      relay.thaw();
      expect((await readyzBecomes(origin, 200)).status).toBe(200);
    });
  });
} else {
  describe('health probes with the query log on PostgreSQL', () => {
    it.skip('needs TEST_DATABASE_URL (set by .ci/run, which starts PostgreSQL)', () => undefined);
  });
}
