import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createPostgresStore} from './postgres-store';
import {createBurstClient} from '../burst-client';
import {createSqliteStore} from './sqlite-store';
import type {QueryLogStore} from './store';
import {startQueryLogApi} from './test-app';

const ANON = 'anon-key-for-tests';
const postgresUrl = process.env.TEST_DATABASE_URL;

/** The same suite for each store: the HTTP contract of the query log and the report. */
function storeSuite(name: string, open: () => Promise<QueryLogStore>, reset: () => Promise<void>) {
  describe(`query log on ${name}`, () => {
    let store: QueryLogStore;
    let app: FastifyInstance;
    let url: string;
    beforeAll(async () => {
      await reset();
      store = await open();
      ({app, url} = await startQueryLogApi(store, ANON));
    });
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    const post = (body: unknown, key: string | null = ANON) => fetch(url, {
      method: 'POST',
      headers: {'content-type': 'application/json', prefer: 'return=minimal', ...(key ? {apikey: key} : {})},
      body: JSON.stringify(body),
    });

    it('inserts {query} and {query, result_rating} with 201 and no body', async () => {
      const first = await post({query: 'how to add lineage'});
      expect(first.status).toBe(201);
      expect(await first.text()).toBe('');
      expect((await post({query: 'how to add lineage', result_rating: 'negative'})).status).toBe(201);
      expect(await store.countQueries()).toBe(2);
    });

    it('rejects bad bodies with 400 and wrong keys with 401', async () => {
      expect((await post({query: ''})).status).toBe(400);
      expect((await post({query: 'x', result_rating: 'meh'})).status).toBe(400);
      expect((await post({query: 'x', extra: 1})).status).toBe(400);
      expect((await post({query: 'x'}, 'wrong')).status).toBe(401);
      expect((await post({query: 'x'}, null)).status).toBe(401);
      expect(await store.countQueries()).toBe(2);
    });

    it('refuses a NUL character with 400 naming the field, storing nothing', async () => {
      const before = await store.countQueries();
      const response = await post({query: 'a\u0000b'});
      expect(response.status).toBe(400);
      expect(((await response.json()) as {error: string}).error).toMatch(/^query: query must not contain NUL/);
      expect(await store.countQueries()).toBe(before);
    });

    it('never lets the anonymous key read or change rows', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const response = await fetch(url, {method, headers: {apikey: ANON}});
        expect(response.status).toBe(401);
        expect(await response.text()).not.toContain('lineage');
      }
    });

    it('persists 1,000 concurrent inserts', async () => {
      const before = await store.countQueries();
      const client = createBurstClient();
      const headers = {'content-type': 'application/json', prefer: 'return=minimal', apikey: ANON};
      try {
        const statuses = await Promise.all(Array.from({length: 1000}, (_, i) => client.post(url, headers, JSON.stringify({query: `concurrent ${i % 10}`})).then((r) => r.status)));
        expect(statuses.every((s) => s === 201)).toBe(true);
      } finally {
        client.close();
      }
      expect(await store.countQueries()).toBe(before + 1000);
    }, 120_000);

    it('reports the most asked, the negatively rated and the share of don\'t-know answers', async () => {
      const now = new Date();
      await store.insertCompletion({createdAt: now, prompt: 'a', references: [], answeredIDontKnow: true, msToReferences: 1, msToEnd: 2});
      await store.insertCompletion({createdAt: now, prompt: 'b', references: ['/docs/x'], answeredIDontKnow: false, msToReferences: 1, msToEnd: 2});
      const report = await store.report(new Date(now.getTime() - 60_000));
      expect(report.topQueries[0].count).toBe(100);
      expect(report.negativeQueries).toEqual([{query: 'how to add lineage', count: 1}]);
      expect(report.completions).toBe(2);
      expect(report.iDontKnowShare).toBe(0.5);
    });
  });
}

const sqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'querylog-')), 'log.sqlite');
storeSuite('SQLite', async () => createSqliteStore(sqliteFile), async () => undefined);

if (postgresUrl) {
  storeSuite('PostgreSQL', () => createPostgresStore(postgresUrl), async () => {
    const client = new pg.Client({connectionString: postgresUrl});
    await client.connect();
    await client.query('DROP TABLE IF EXISTS queries, completions');
    await client.end();
  });
} else {
  describe('query log on PostgreSQL', () => {
    it.skip('needs TEST_DATABASE_URL (set by .ci/run, which starts PostgreSQL)', () => undefined);
  });
}
