import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createPostgresStore} from './postgres-store';
import {createBurstClient} from '../burst-client';
import Database from 'better-sqlite3';
import {formatReport} from './report-text';
import {createSqliteStore} from './sqlite-store';
import type {QueryLogStore} from './store';
import {startQueryLogApi} from './test-app';

const ANON = 'anon-key-for-tests';
const postgresUrl = process.env.TEST_DATABASE_URL;

const jsonHeaders = (key: string | null) => ({'content-type': 'application/json', ...(key ? {apikey: key} : {})});
const postFeedback = (origin: string, body: unknown, headers: Record<string, string> = jsonHeaders(ANON)) =>
  fetch(`${origin}/rest/v1/page_feedback`, {method: 'POST', headers, body: JSON.stringify(body)});
const errorOf = async (response: Response) => ((await response.json()) as {error: string}).error;

/** Moves the rows of `table` holding `query` back by `days`, as if written then (test set-up, straight in the database). */
async function age(store: QueryLogStore, table: 'queries', query: string, days: number): Promise<void> {
  if (store.kind === 'sqlite') {
    const db = new Database(sqliteFile);
    db.prepare(`UPDATE ${table} SET created_at = ? WHERE query = ?`).run(new Date(Date.now() - days * 86_400_000).toISOString(), query);
    db.close();
    return;
  }
  const client = new pg.Client({connectionString: postgresUrl});
  await client.connect();
  await client.query(`UPDATE ${table} SET created_at = now() - make_interval(days => $1) WHERE query = $2`, [days, query]);
  await client.end();
}

/** The stored bytes (hex) of the queries LIKE `pattern`, read by the database itself. */
async function storedHex(store: QueryLogStore, pattern: string): Promise<string[]> {
  if (store.kind === 'sqlite') {
    const db = new Database(sqliteFile);
    const rows = db.prepare('SELECT hex(query) AS hex FROM queries WHERE query LIKE ?').all(pattern) as Array<{hex: string}>;
    db.close();
    return rows.map((r) => r.hex);
  }
  const client = new pg.Client({connectionString: postgresUrl});
  await client.connect();
  const {rows} = await client.query<{hex: string}>("SELECT upper(encode(convert_to(query, 'UTF8'), 'hex')) AS hex FROM queries WHERE query LIKE $1", [pattern]);
  await client.end();
  return rows.map((r) => r.hex);
}

/** The same suite for each store: the HTTP contract of the query log, of page feedback, and the report. */
function storeSuite(name: string, open: () => Promise<QueryLogStore>, reset: () => Promise<void>) {
  describe(`query log on ${name}`, () => {
    let store: QueryLogStore;
    let app: FastifyInstance;
    let url: string;
    let origin: string;
    beforeAll(async () => {
      await reset();
      store = await open();
      ({app, url, origin} = await startQueryLogApi(store, ANON));
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

    it('caps a query at 6,000 bytes of UTF-8: 2,000 characters of any script fit, 2,000 emoji do not', async () => {
      const before = await store.countQueries();
      const euros = '\u20AC'.repeat(2000);
      expect((await post({query: euros})).status).toBe(201);
      expect(await storedHex(store, '\u20AC%')).toEqual([Buffer.from(euros).toString('hex').toUpperCase()]);
      const emoji = await post({query: '\u{1F600}'.repeat(2000)});
      expect(emoji.status).toBe(400);
      expect(await errorOf(emoji)).toMatch(/^query: query must be at most 6000 bytes of UTF-8/);
      expect(await store.countQueries()).toBe(before + 1);
    });

    it('stores a lone surrogate as U+FFFD, the same on both stores', async () => {
      // JSON may carry a lone surrogate ("\\ud800"); UTF-8 cannot encode it.
      const response = await fetch(url, {method: 'POST', headers: jsonHeaders(ANON), body: '{"query":"lone \\ud800 surrogate"}'});
      expect(response.status).toBe(201);
      const {topQueries} = await store.report(new Date(0), 1000);
      expect(topQueries.map((q) => q.query)).toContain('lone \ufffd surrogate');
      // The bytes in the database, not as a driver decodes them: valid UTF-8 with EF BF BD (U+FFFD) in both stores.
      expect(await storedHex(store, 'lone %')).toEqual([Buffer.from('lone \ufffd surrogate').toString('hex').toUpperCase()]);
    });

    it('stores a retried insert once when the client sends the same Idempotency-Key', async () => {
      const before = await store.countQueries();
      const key = `retry-${Date.now()}`;
      for (let i = 0; i < 2; i++) {
        const response = await fetch(url, {method: 'POST', headers: {...jsonHeaders(ANON), 'idempotency-key': key}, body: JSON.stringify({query: 'sent twice'})});
        expect(response.status).toBe(201);
      }
      expect(await store.countQueries()).toBe(before + 1);
      // Without a key, each insert is a row of its own (at least once, as the README says).
      for (let i = 0; i < 2; i++) expect((await post({query: 'sent twice'})).status).toBe(201);
      expect(await store.countQueries()).toBe(before + 3);
      const tooLong = await fetch(url, {method: 'POST', headers: {...jsonHeaders(ANON), 'idempotency-key': 'k'.repeat(201)}, body: JSON.stringify({query: 'x'})});
      expect(tooLong.status).toBe(400);
      expect(await errorOf(tooLong)).toBe('Idempotency-Key: must be one header of 1 to 200 characters');
    });

    it('deletes rows older than the retention period from every table, and keeps all with 0 days', async () => {
      await store.insertQuery({query: 'kept for retention'});
      const before = await store.countQueries();
      expect(await store.prune(0)).toBe(0);
      await age(store, 'queries', 'kept for retention', 91);
      expect(await store.prune(0)).toBe(0);
      expect(await store.countQueries()).toBe(before);
      expect(await store.prune(90)).toBeGreaterThanOrEqual(1);
      expect(await store.countQueries()).toBe(before - 1);
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

    // Page feedback: the rows each test leaves are counted by the report test at the end.
    const feedbackSince = new Date(Date.now() - 60_000);
    const answersOf = async (page: string) => {
      const rating = (await store.report(feedbackSince, 100)).pageRatings.find((r) => r.page === page);
      return rating ? rating.yes + rating.no : 0;
    };

    it('stores a page rating with 201 and no body, the page without its trailing slash and the comment trimmed', async () => {
      const first = await postFeedback(origin, {page: '/docs/quickstart/', helpful: false, comment: '  Step 3 fails on Windows  '});
      expect(first.status).toBe(201);
      expect(await first.text()).toBe('');
      const represented = await postFeedback(origin, {page: '/docs/quickstart', helpful: true, comment: '   '}, {...jsonHeaders(ANON), prefer: 'return=representation'});
      expect(represented.status).toBe(201);
      expect(await represented.json()).toEqual([{page: '/docs/quickstart', helpful: true, comment: null}]);
      const bearer = await postFeedback(origin, {page: '/docs/quickstart', helpful: true, comment: 'x'.repeat(500)}, {'content-type': 'application/json', authorization: `Bearer ${ANON}`});
      expect(bearer.status).toBe(201);
      const report = await store.report(feedbackSince);
      expect(report.pageRatings).toEqual([{page: '/docs/quickstart', yes: 2, no: 1, noShare: 1 / 3}]);
      expect(report.latestComments[0].comments.map((c) => [c.helpful, c.comment])).toEqual([[true, 'x'.repeat(500)], [false, 'Step 3 fails on Windows']]);
    });

    it('refuses a bad page rating with 400 naming the field, and a wrong key with 401, storing nothing', async () => {
      const refusals: Array<[unknown, RegExp]> = [
        [{page: '/docs/no-such-page', helpful: true}, /^page: page must be the path of one of the site's doc pages/],
        [{page: '/docs/quickstart?from=search', helpful: true}, /^page: /],
        [{page: 'https://example.com/docs/quickstart', helpful: true}, /^page: /],
        [{page: 42, helpful: true}, /^page: /],
        [{page: '/docs/quickstart', helpful: 'no'}, /^helpful: /],
        [{page: '/docs/quickstart'}, /^helpful: /],
        [{page: '/docs/quickstart', helpful: false, comment: 'x'.repeat(501)}, /^comment: comment must be at most 500 characters$/],
        [{page: '/docs/quickstart', helpful: false, comment: 'a\u0000b'}, /^comment: comment must not contain NUL/],
        [{page: '/docs/quickstart', helpful: false, comment: '\u{1F600}'.repeat(500)}, /^comment: comment must be at most 1500 bytes of UTF-8/],
        [{page: '/docs/quickstart', helpful: false, comment: ['x']}, /^comment: /],
        [{page: '/docs/quickstart', helpful: false, id: 1}, /^body: .*"id"/],
        [[{page: '/docs/quickstart', helpful: false}], /^body: /],
      ];
      for (const [body, message] of refusals) {
        const response = await postFeedback(origin, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const error = await errorOf(response);
        expect(error).toMatch(message);
        expect(error).not.toContain('\n');
      }
      expect((await postFeedback(origin, {page: '/docs/quickstart', helpful: true}, jsonHeaders('wrong'))).status).toBe(401);
      expect((await postFeedback(origin, {page: '/docs/quickstart', helpful: true}, jsonHeaders(null))).status).toBe(401);
      expect(await answersOf('/docs/quickstart')).toBe(3);
    });

    it('never lets the anonymous key read or change page ratings', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        for (const headers of [{apikey: ANON}, {authorization: `Bearer ${ANON}`}, {}] as Array<Record<string, string>>) {
          const response = await fetch(`${origin}/rest/v1/page_feedback?select=*`, {method, headers});
          expect(response.status).toBe(401);
          expect(await response.text()).not.toContain('Windows');
        }
      }
      expect(await answersOf('/docs/quickstart')).toBe(3);
    });

    it('reports pages by share of "No" and the latest comments per page, as plain text on one line', async () => {
      const rate = (page: string, helpful: boolean, comment?: string) => store.insertPageFeedback({page, helpful, comment});
      await rate('/docs/act-on-metadata', true);
      await rate('/docs/act-on-metadata', true, 'clear');
      for (const comment of ['first', 'second', 'third', 'fourth']) await rate('/docs/features', comment !== 'third', comment);
      await rate('/docs/act-on-metadata/impact-analysis', false);
      await rate('/docs/act-on-metadata/impact-analysis', false);
      await rate('/docs/actions', false, 'Line one\nline two\u0007\u001b[31m red\u202e');

      const report = await store.report(feedbackSince);
      expect(report.pageRatings.map((r) => [r.page, r.yes, r.no])).toEqual([
        // Same share of No: more No answers first.
        ['/docs/act-on-metadata/impact-analysis', 0, 2],
        ['/docs/actions', 0, 1],
        ['/docs/quickstart', 2, 1],
        ['/docs/features', 3, 1],
        ['/docs/act-on-metadata', 2, 0],
      ]);
      expect(report.latestComments.map(({page, comments}) => [page, comments.map((c) => c.comment.slice(0, 12))])).toEqual([
        ['/docs/actions', ['Line one\nlin']],
        ['/docs/features', ['fourth', 'third', 'second']],
        ['/docs/act-on-metadata', ['clear']],
        ['/docs/quickstart', ['xxxxxxxxxxxx', 'Step 3 fails']],
      ]);
      // Comments are stored as sent; the printed report shows each on one line, without control characters.
      const printed = formatReport(report, store.kind, 1);
      expect(printed).toContain('\n  No share    yes     no  page\n    100.0%      0      2  /docs/act-on-metadata/impact-analysis\n');
      expect(printed).toMatch(/\n  \/docs\/actions\n    \d{4}-\d\d-\d\d  No   Line one line two red\n/);
      expect(printed).toMatch(/\n  \/docs\/features\n    \S+  Yes  fourth\n    \S+  No   third\n    \S+  Yes  second\n/);
      expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);

      const limited = await store.report(feedbackSince, 2);
      expect(limited.pageRatings.map((r) => r.page)).toEqual(['/docs/act-on-metadata/impact-analysis', '/docs/actions']);
      expect(limited.latestComments.map((p) => p.page)).toEqual(['/docs/actions', '/docs/features']);
      const future = await store.report(new Date(Date.now() + 60_000));
      expect([future.pageRatings, future.latestComments]).toEqual([[], []]);
      expect(formatReport(future, store.kind, 1)).toMatch(/by share of "No".*\n  \(none\)\n[\s\S]*Latest comments.*\n  \(none\)$/);
    });
  });
}

const sqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'querylog-')), 'log.sqlite');
storeSuite('SQLite', async () => createSqliteStore(sqliteFile), async () => undefined);

describe('page feedback retries', () => {
  it('stores a retried rating once when the client sends the same Idempotency-Key', async () => {
    const store = createSqliteStore(':memory:');
    const {app, origin} = await startQueryLogApi(store, ANON);
    try {
      for (let i = 0; i < 2; i++) {
        expect((await postFeedback(origin, {page: '/docs/features', helpful: true}, {...jsonHeaders(ANON), 'idempotency-key': 'rating-1'})).status).toBe(201);
      }
      expect((await store.report(new Date(0))).pageRatings).toEqual([{page: '/docs/features', yes: 1, no: 0, noShare: 0}]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe('page feedback limits', () => {
  it('limits page ratings per client with 429 and Retry-After, in a bucket apart from the query log\'s', async () => {
    const store = createSqliteStore(':memory:');
    const {app, origin, url} = await startQueryLogApi(store, ANON, {pageFeedbackRateLimitPerMinute: 2, queryLogRateLimitPerMinute: 2});
    const postQuery = () => fetch(url, {method: 'POST', headers: jsonHeaders(ANON), body: JSON.stringify({query: 'lineage'})});
    try {
      for (let i = 0; i < 2; i++) expect((await postFeedback(origin, {page: '/docs/quickstart', helpful: true})).status).toBe(201);
      const limited = await postFeedback(origin, {page: '/docs/quickstart', helpful: true});
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({error: expect.stringMatching(/^too many page ratings: try again in \d+ s$/)});
      // The query log still has its own two rows a minute, and spending them leaves page ratings as they were.
      expect([(await postQuery()).status, (await postQuery()).status, (await postQuery()).status]).toEqual([201, 201, 429]);
      expect((await store.report(new Date(0))).pageRatings).toEqual([{page: '/docs/quickstart', yes: 2, no: 0, noShare: 0}]);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('waits off the event loop while another process holds the SQLite lock, sharing the bound on waiting writes', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'feedback-locked-')), 'log.sqlite');
    const store = createSqliteStore(file, {deadlineMs: 500, maxWaiting: 1});
    const {app, origin, url} = await startQueryLogApi(store, ANON);
    const locker = new Database(file);
    try {
      locker.exec('BEGIN IMMEDIATE');
      const waiting = postFeedback(origin, {page: '/docs/features', helpful: false, comment: 'while locked'});
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The one waiting slot is taken by the rating: a query-log insert is refused at once, and the server answers.
      const query = await fetch(url, {method: 'POST', headers: jsonHeaders(ANON), body: JSON.stringify({query: 'while locked'})});
      expect(query.status).toBe(503);
      expect(query.headers.get('retry-after')).toBe('1');
      expect((await fetch(`${origin}/rest/v1/page_feedback`, {headers: {apikey: ANON}})).status).toBe(401);
      locker.exec('COMMIT');
      expect((await waiting).status).toBe(201);

      locker.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      const late = await postFeedback(origin, {page: '/docs/features', helpful: true});
      locker.exec('ROLLBACK');
      expect(late.status).toBe(503);
      expect(late.headers.get('retry-after')).toBe('1');
      expect(await errorOf(late)).toBe('page feedback cannot be stored right now; try again later');
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect((await store.report(new Date(0))).pageRatings).toEqual([{page: '/docs/features', yes: 0, no: 1, noShare: 1}]);
    } finally {
      locker.close();
      await app.close();
      await store.close();
    }
  });
});

if (postgresUrl) {
  storeSuite('PostgreSQL', () => createPostgresStore(postgresUrl), async () => {
    const client = new pg.Client({connectionString: postgresUrl});
    await client.connect();
    await client.query('DROP TABLE IF EXISTS queries, completions, page_feedback');
    await client.end();
  });
} else {
  describe('query log on PostgreSQL', () => {
    it.skip('needs TEST_DATABASE_URL (set by .ci/run, which starts PostgreSQL)', () => undefined);
  });
}
