import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildApp} from './app';
import {createExtractiveAnswerer} from './completions/extractive-answerer';
import {createLexicalRetriever} from '../lib/search/retrieval';
import {createSqliteStore} from './query-log/sqlite-store';
import type {QueryLogStore} from './query-log/store';
import {createLimitsRedis, createSharedLimits, REDIS_BACKOFF_MS, type SharedLimits} from './shared-limits';
import {redisServerAvailable, startTestRedis, type TestRedis} from './test-redis';

/** Per-client limits on a real redis-server shared by two app instances, then with that Redis killed. */

const ANON = 'anon';
const LIMIT = 5;

interface Instance {
  app: FastifyInstance;
  origin: string;
  limits: SharedLimits;
  logged: string[];
}

async function startInstance(redisUrl: string, store: QueryLogStore): Promise<Instance> {
  const logged: string[] = [];
  // One Redis client and one SharedLimits per instance, as each server process has.
  const limits = createSharedLimits(createLimitsRedis(redisUrl), (message) => logged.push(message), 'test redis');
  await limits.connect();
  const app = await buildApp(
    {buildDir: '', serveStatic: false, projectKeys: ['k'], anonKey: ANON, queryLogRateLimitPerMinute: LIMIT, pageFeedbackRateLimitPerMinute: LIMIT, rateLimitPerMinute: LIMIT},
    {
      completions: {retriever: createLexicalRetriever([]), answerer: createExtractiveAnswerer(), log: () => undefined},
      store,
      allowedModels: null,
      docRoutes: new Set(['/docs/quickstart']),
      sharedLimits: limits,
    },
  );
  return {app, origin: await app.listen({port: 0, host: '127.0.0.1'}), limits, logged};
}

const post = (origin: string, path: string, body: unknown) =>
  fetch(`${origin}${path}`, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON}, body: JSON.stringify(body)});
const insertQuery = (instance: Instance, i: number) => post(instance.origin, '/rest/v1/queries', {query: `shared limit ${i}`}).then((r) => r.status);
/** A question, read to its end (a completion that streams is counted when it starts, and must not be left open). */
const ask = (instance: Instance, i: number) =>
  post(instance.origin, '/v1/completions', {prompt: `shared limit question ${i}`, projectKey: 'k'}).then(async (r) => {
    await r.text();
    return r.status;
  });
const rate = (instance: Instance) => post(instance.origin, '/rest/v1/page_feedback', {page: '/docs/quickstart', helpful: true}).then((r) => r.status);
/** Statuses of `count` calls alternating between the two instances (A, B, A, ...), one after another. */
async function alternate(count: number, call: (instance: Instance, i: number) => Promise<number>, a: Instance, b: Instance): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await call(i % 2 === 0 ? a : b, i));
  return statuses;
}

if (redisServerAvailable()) {
  describe('rate limits shared through Redis by two instances', () => {
    let redis: TestRedis;
    let store: QueryLogStore;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      redis = await startTestRedis();
      store = createSqliteStore(':memory:');
      [a, b] = await Promise.all([startInstance(redis.url, store), startInstance(redis.url, store)]);
    }, 20_000);
    afterAll(async () => {
      for (const instance of [a, b]) {
        await instance?.app.close();
        await instance?.limits.close();
      }
      await store?.close();
      await redis?.kill();
    });

    it('reaches a limit of N at N requests across both instances, not 2N, each limit in its own bucket', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) statuses.push(await insertQuery(i % 2 === 0 ? a : b, i));
      expect(statuses).toEqual([...Array(LIMIT).fill(201), 429, 429]);
      // Page ratings count under their own key prefix: the query log's spent bucket does not refuse them.
      expect((await post(b.origin, '/rest/v1/page_feedback', {page: '/docs/quickstart', helpful: true})).status).toBe(201);
      expect(a.logged).toEqual([]);
    });

    it('reaches the completions limit at N questions across both instances, not 2N', async () => {
      expect(await alternate(LIMIT + 2, ask, a, b)).toEqual([...Array(LIMIT).fill(200), 429, 429]);
      // Both instances refuse now, whichever the next question reaches.
      expect([await ask(a, 100), await ask(b, 101)]).toEqual([429, 429]);
      // Its own bucket: the query log's (spent) and the page ratings' are not what refused it.
      expect(a.logged).toEqual([]);
      expect(b.logged).toEqual([]);
    });

    it('reaches the page-rating limit at N ratings across both instances, not 2N', async () => {
      // The first test spent one rating (on B) already: N - 1 more across both, then 429 on either.
      expect(await alternate(LIMIT + 1, rate, a, b)).toEqual([...Array(LIMIT - 1).fill(201), 429, 429]);
      expect([await rate(a), await rate(b)]).toEqual([429, 429]);
      expect(a.logged).toEqual([]);
      expect(b.logged).toEqual([]);
    });

    it('answers within the command timeout while Redis is frozen, and shares the limits again once it thaws', async () => {
      redis.freeze();
      try {
        const started = Date.now();
        // Counted here while frozen: a fresh per-process window, so the spent shared bucket does not refuse it.
        expect(await insertQuery(a, 100)).toBe(201);
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        redis.thaw();
      }
      // Asked again once the back-off ends: the shared bucket is still spent. (Meanwhile A counts in its own window.)
      const deadline = Date.now() + REDIS_BACKOFF_MS + 10_000;
      while (a.logged.length < 2 && Date.now() < deadline) {
        await insertQuery(a, 101);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(a.logged).toEqual([
        expect.stringMatching(/^Warning: Redis at test redis does not answer; rate limits count per process until it is back/),
        'Redis at test redis answers again; rate limits are shared again',
      ]);
      expect(await insertQuery(a, 102)).toBe(429);
      a.logged.length = 0;
    });

    it('keeps answering with Redis killed, limiting per process, with one warning per process', async () => {
      await redis.kill();
      // Each process now counts alone, from zero: N more for each instance, then 429, and never a 5xx.
      const started = Date.now();
      const fromA: number[] = [];
      const fromB: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) {
        fromA.push(await insertQuery(a, i));
        fromB.push(await insertQuery(b, i));
      }
      // A's own window already holds the requests it counted while Redis was frozen and in its back-off.
      const allowedA = fromA.filter((status) => status === 201).length;
      expect(allowedA).toBeLessThan(LIMIT);
      expect(fromA).toEqual([...Array(allowedA).fill(201), ...Array(fromA.length - allowedA).fill(429)]);
      expect(fromB).toEqual([...Array(LIMIT).fill(201), 429, 429]);
      // A dead Redis answers at once: the client knows the connection is gone, so no request waits for a timeout.
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const instance of [a, b]) {
        expect(instance.logged).toHaveLength(1);
        expect(instance.logged[0]).toMatch(/^Warning: Redis at test redis does not answer; rate limits count per process/);
      }
    });
  });

  describe('a frozen Redis', () => {
    let redis: TestRedis;
    let store: QueryLogStore;
    let instance: Instance;
    beforeAll(async () => {
      redis = await startTestRedis();
      store = createSqliteStore(':memory:');
      instance = await startInstance(redis.url, store);
    });
    afterAll(async () => {
      await instance?.app.close();
      await instance?.limits.close();
      await store?.close();
      await redis?.kill();
    });

    it('costs one command timeout, then is left alone for the back-off, said once in the log and in a metric', async () => {
      expect(await insertQuery(instance, 0)).toBe(201);
      redis.freeze();
      try {
        const times: number[] = [];
        for (let i = 1; i <= 4; i++) {
          const started = performance.now();
          expect(await insertQuery(instance, i)).toBe(201);
          times.push(performance.now() - started);
        }
        // The first waits for the timeout (500 ms); the next ones count here at once instead of waiting too.
        expect(times[0]).toBeGreaterThan(400);
        for (const ms of times.slice(1)) expect(ms).toBeLessThan(250);
        expect(instance.logged).toEqual([expect.stringMatching(/^Warning: Redis at test redis does not answer; .*asked again every 5 s/)]);
        expect(await instance.app.metrics.registry.getSingleMetricAsString('rate_limits_counting_locally')).toMatch(/^rate_limits_counting_locally 1$/m);
        // Each request counted here is counted by why: the one that timed out, then the three of the back-off.
        const degraded = await instance.app.metrics.registry.getSingleMetricAsString('degraded_requests_total');
        expect(degraded).toMatch(/^degraded_requests_total\{reason="redis_error"\} 1$/m);
        expect(degraded).toMatch(/^degraded_requests_total\{reason="redis_backoff"\} 3$/m);
      } finally {
        redis.thaw();
      }
    });
  });

  it('starts with an unreachable Redis as a warning, limiting per process', async () => {
    const logged: string[] = [];
    const limits = createSharedLimits(createLimitsRedis('redis://127.0.0.1:1'), (message) => logged.push(message), '127.0.0.1:1');
    await limits.connect();
    expect(logged).toEqual([expect.stringMatching(/^Warning: Redis at 127\.0\.0\.1:1 does not answer/)]);
    await limits.close();
  });
} else {
  describe('rate limits shared through Redis by two instances', () => {
    it.skip('needs redis-server on PATH (Debian: apt-get install -y redis-server; .ci/run installs it)', () => undefined);
  });
}
