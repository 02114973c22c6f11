import type {FastifyInstance} from 'fastify';
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createPostgresStore} from './postgres-store';
import type {QueryLogStore} from './store';
import {startRelay, throughRelay, type Relay} from './test-relay';
import {startQueryLogApi} from './test-app';
import {postgresUrlInSchema} from '../../scripts/report/seed-log';

/**
 * The query log on a real PostgreSQL that stops answering: reached through a TCP relay (./test-relay) that can freeze
 * or go away, then come back.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const ANON = 'anon-key-for-fault-tests';
const TIMEOUTS = {connectTimeoutMs: 500, queryTimeoutMs: 500};

if (postgresUrl) {
  describe('query log on PostgreSQL that freezes or goes away', () => {
    let relay: Relay;
    let store: QueryLogStore;
    let app: FastifyInstance;
    let url: string;

    beforeAll(async () => {
      relay = await startRelay(new URL(postgresUrl));
      store = await createPostgresStore(throughRelay(postgresUrl, relay), TIMEOUTS);
      ({app, url} = await startQueryLogApi(store, ANON));
    });
    afterAll(async () => {
      await app?.close();
      await store?.close();
      await relay?.stop();
    });

    const insert = async (query: string) => {
      const started = Date.now();
      const response = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON}, body: JSON.stringify({query})});
      const body = await response.text();
      return {status: response.status, ms: Date.now() - started, body};
    };
    const recovers = async () => {
      for (let i = 0; i < 40; i++) {
        if ((await insert('after the fault')).status === 201) return true;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return false;
    };

    it('answers 503 within the timeouts while the database is frozen, and recovers without a restart', async () => {
      expect((await insert('before the freeze')).status).toBe(201);
      relay.freeze();
      const frozen = await Promise.all([insert('during the freeze'), insert('during the freeze, too')]);
      for (const result of frozen) {
        expect(result.status).toBe(503);
        expect(result.ms).toBeLessThan(3000);
        expect(result.body).not.toMatch(/timeout|postgres|connection/i);
      }
      // The server itself stays responsive meanwhile.
      const read = await fetch(url, {headers: {apikey: ANON}});
      expect(read.status).toBe(401);
      relay.thaw();
      expect(await recovers()).toBe(true);
    });

    it('answers 503 at once while the database is down, and recovers when it is back', async () => {
      await relay.stop();
      const down = await insert('while down');
      expect(down.status).toBe(503);
      expect(down.ms).toBeLessThan(3000);
      await relay.start();
      expect(await recovers()).toBe(true);
    });
  });

  it('counts the rows (at start, after a prune) for longer than PG_QUERY_TIMEOUT_MS, which bounds requests only', async () => {
    // A count that waits longer than the statement timeout, as one over millions of rows just pruned does: here it
    // waits for a lock another connection holds for three times the timeout.
    const scoped = await postgresUrlInSchema(postgresUrl, 'count_timeout_test');
    const store = await createPostgresStore(scoped, TIMEOUTS);
    const locker = new pg.Client({connectionString: scoped});
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE completions IN ACCESS EXCLUSIVE MODE');
      const counted = store.countRows();
      await new Promise((resolve) => setTimeout(resolve, 3 * TIMEOUTS.queryTimeoutMs));
      await locker.query('COMMIT');
      await expect(counted).resolves.toMatchObject({queries: expect.any(Number), completions: expect.any(Number), page_feedback: expect.any(Number)});
    } finally {
      await locker.end();
      await store.close();
    }
  });

  it('names DATABASE_URL, without the password, when PostgreSQL cannot be reached at start', async () => {
    const unreachable = new URL(postgresUrl);
    unreachable.hostname = '127.0.0.1';
    unreachable.port = '1';
    unreachable.password = 'secret-password';
    const error = await createPostgresStore(unreachable.toString(), TIMEOUTS).then(() => null, (e: Error) => e);
    expect(error?.message).toMatch(/^DATABASE_URL: could not use PostgreSQL at 127\.0\.0\.1:1\//);
    expect(error?.message).not.toContain('secret-password');
  });
} else {
  describe('query log on PostgreSQL that freezes or goes away', () => {
    it.skip('needs TEST_DATABASE_URL (set by .ci/run, which starts PostgreSQL)', () => undefined);
  });
}
