import {randomUUID} from 'node:crypto';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createPostgresStore} from './postgres-store';
import {createBurstClient} from '../burst-client';
import Database from 'better-sqlite3';
import {postgresUrlInSchema} from '../../scripts/report/seed-log';
import {formatReport} from './report-text';
import {createSqliteStore} from './sqlite-store';
import {PRUNE_CHUNK_ROWS, type QueryLogStore} from './store';
import {startQueryLogApi} from './test-app';

const ANON = 'anon-key-for-tests';
const postgresUrl = process.env.TEST_DATABASE_URL;

const jsonHeaders = (key: string | null) => ({'content-type': 'application/json', ...(key ? {apikey: key} : {})});
const postFeedback = (origin: string, body: unknown, headers: Record<string, string> = jsonHeaders(ANON)) =>
  fetch(`${origin}/rest/v1/page_feedback`, {method: 'POST', headers, body: JSON.stringify(body)});
const errorOf = async (response: Response) => ((await response.json()) as {error: string}).error;

/** Moves the rows of `table` whose `column` holds `value` back by `days`, as if written then (test set-up, straight in the database). */
async function age(store: QueryLogStore, table: 'queries' | 'page_feedback', value: string, days: number, column = 'query'): Promise<void> {
  if (store.kind === 'sqlite') {
    const db = new Database(sqliteFile);
    db.prepare(`UPDATE ${table} SET created_at = ? WHERE ${column} = ?`).run(new Date(Date.now() - days * 86_400_000).toISOString(), value);
    db.close();
    return;
  }
  const client = new pg.Client({connectionString: postgresUrl});
  await client.connect();
  await client.query(`UPDATE ${table} SET created_at = now() - make_interval(days => $1) WHERE ${column} = $2`, [days, value]);
  await client.end();
}

/** Rows of a table as the database holds them, for the columns named, in insert order (test checks only). */
async function rowsOf(store: QueryLogStore, sql: string, ...values: unknown[]): Promise<Array<Record<string, unknown>>> {
  if (store.kind === 'sqlite') {
    const db = new Database(sqliteFile);
    try {
      return db.prepare(sql).all(...values) as Array<Record<string, unknown>>;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({connectionString: postgresUrl});
  await client.connect();
  try {
    let n = 0;
    return (await client.query(sql.replace(/\?/g, () => `$${(n += 1)}`), values)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
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

    it('inserts {query} with 201 and no body, and writes {query, result_rating} into that question\'s row', async () => {
      const first = await post({query: 'how to add lineage'});
      expect(first.status).toBe(201);
      expect(await first.text()).toBe('');
      expect((await post({query: 'how to add lineage', result_rating: 'negative'})).status).toBe(201);
      // One question asked and rated: one row.
      expect(await store.countQueries()).toBe(1);
      expect(await rowsOf(store, 'SELECT query, result_rating, rated_at IS NOT NULL AS rated FROM queries')).toEqual([
        {query: 'how to add lineage', result_rating: 'negative', rated: store.kind === 'sqlite' ? 1 : true},
      ]);
    });

    it('rejects bad bodies with 400 and wrong keys with 401', async () => {
      expect((await post({query: ''})).status).toBe(400);
      expect((await post({query: 'x', result_rating: 'meh'})).status).toBe(400);
      expect((await post({query: 'x', extra: 1})).status).toBe(400);
      expect((await post({query: 'x'}, 'wrong')).status).toBe(401);
      expect((await post({query: 'x'}, null)).status).toBe(401);
      expect(await store.countQueries()).toBe(1);
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
      // Without a key, each insert is a row of its own (at least once, as maintaining/server.md says).
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

    it('deletes a backlog of expired rows many times one statement\'s share, and nothing newer', async () => {
      const expired = 2 * PRUNE_CHUNK_ROWS + 7;
      await store.insertQuery({query: 'asked today, kept'});
      const before = await store.countQueries();
      // Rows a year old, straight into the table, as a log would hold them when retention is first turned on.
      const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
      if (store.kind === 'sqlite') {
        const db = new Database(sqliteFile);
        const insert = db.prepare('INSERT INTO queries (query, created_at) VALUES (?, ?)');
        db.transaction(() => {
          for (let i = 0; i < expired; i++) insert.run(`old question ${i}`, yearAgo);
        })();
        db.close();
      } else {
        const client = new pg.Client({connectionString: postgresUrl});
        await client.connect();
        await client.query("INSERT INTO queries (query, created_at) SELECT 'old question ' || n, $2::timestamptz FROM generate_series(1, $1) AS n", [expired, yearAgo]);
        await client.end();
      }
      expect(await store.countQueries()).toBe(before + expired);
      // A question asked while the pass runs is stored between two of its statements, not after the whole pass
      // (SQLite: one process, so the order is certain; PostgreSQL serves both at once in any order).
      const finished: string[] = [];
      const pass = store.prune(90).then((deleted) => {
        finished.push('prune');
        return deleted;
      });
      await store.insertQuery({query: 'asked during the prune'});
      finished.push('insert');
      expect(await pass).toBe(expired);
      if (store.kind === 'sqlite') expect(finished).toEqual(['insert', 'prune']);
      expect(await store.countQueries()).toBe(before + 1);
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
      await store.insertCompletion({createdAt: now, prompt: 'a', references: [], answeredIDontKnow: true, answeredInDoubt: false, msToReferences: 1, msToEnd: 2});
      await store.insertCompletion({createdAt: now, prompt: 'b', references: ['/docs/x'], answeredIDontKnow: false, answeredInDoubt: false, msToReferences: 1, msToEnd: 2});
      const report = await store.report(new Date(now.getTime() - 60_000));
      expect(report.topQueries[0].count).toBe(100);
      expect(report.negativeQueries).toEqual([{query: 'how to add lineage', count: 1}]);
      expect(report.completions).toBe(2);
      expect(report.iDontKnowShare).toBe(0.5);
    });

    it('reports the questions answered in doubt once per question, most asked first, with the two pages of the latest', async () => {
      const now = Date.now();
      const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
      const doubt = (prompt: string, references: string[], secondsAgo: number, answeredInDoubt = true) =>
        store.insertCompletion({createdAt: at(secondsAgo), prompt, references, answeredIDontKnow: false, answeredInDoubt, msToReferences: 1, msToEnd: 2});
      await doubt('How do I schedule ingestion?', ['/docs/schedule/cron#steps', '/docs/schedule/cron', '/docs/schedule/airflow'], 30);
      await doubt('how do i schedule ingestion? ', ['/docs/schedule/airflow#dag', '/docs/schedule/cron#steps'], 20);
      await doubt('Which grants does the role need?', ['/docs/grants', '/docs/roles#assign'], 10);
      await doubt('A clear answer', ['/docs/one', '/docs/two'], 5, false);
      const {inDoubt} = await store.report(at(60));
      expect(inDoubt.map(({question, count, pages}) => ({question: question.toLowerCase().trim(), count, pages}))).toEqual([
        {question: 'how do i schedule ingestion?', count: 2, pages: ['/docs/schedule/airflow', '/docs/schedule/cron']},
        {question: 'which grants does the role need?', count: 1, pages: ['/docs/grants', '/docs/roles']},
      ]);
      expect(inDoubt[0].lastAsked.getTime()).toBe(at(20).getTime());
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

    it('never lets the anonymous key read page ratings, nor change one without naming its vote', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        for (const headers of [{apikey: ANON}, {authorization: `Bearer ${ANON}`}, {}] as Array<Record<string, string>>) {
          const response = await fetch(`${origin}/rest/v1/page_feedback?select=*`, {method, headers});
          // A PATCH with the key is refused for what it lacks (a vote_id), the rest as not allowed at all.
          expect(response.status).toBe(method === 'PATCH' && Object.keys(headers).length ? 400 : 401);
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

    it('writes a rating into the newest unrated row of its question asked within a day, else into a row of its own, and reports each question once', async () => {
      const since = new Date(Date.now() - 60_000);
      const question = 'How do I rotate keys?';
      const before = await store.countQueries();
      // Asked twice (two rows), rated twice: each rating takes one of the rows, the newest first.
      for (const body of [{query: question}, {query: question}, {query: question, result_rating: 'positive'}, {query: question, result_rating: 'negative'}]) {
        expect((await post(body)).status).toBe(201);
      }
      expect(await store.countQueries()).toBe(before + 2);
      expect(await rowsOf(store, 'SELECT result_rating FROM queries WHERE query = ? ORDER BY id', question)).toEqual([{result_rating: 'negative'}, {result_rating: 'positive'}]);
      // A third rating finds no unrated row: it is a row of its own (a rating implies the question was asked).
      expect((await post({query: question, result_rating: 'negative'})).status).toBe(201);
      expect(await store.countQueries()).toBe(before + 3);
      // A question asked two days ago is not the one a rating now is about.
      expect((await post({query: 'asked long ago'})).status).toBe(201);
      await age(store, 'queries', 'asked long ago', 2);
      expect((await post({query: 'asked long ago', result_rating: 'positive'})).status).toBe(201);
      expect(await rowsOf(store, 'SELECT result_rating FROM queries WHERE query = ? ORDER BY id', 'asked long ago')).toEqual([{result_rating: null}, {result_rating: 'positive'}]);

      const report = await store.report(since, 1000);
      expect(report.topQueries.find((q) => q.query === question)).toEqual({query: question, count: 3});
      expect(report.negativeQueries.find((q) => q.query === question)).toEqual({query: question, count: 2});
      expect(formatReport(report, store.kind, 1)).toContain(`\n      3  ${question}\n`);
    });

    it('counts a rating an older server stored as a row of its own as a rating, never as the question asked again', async () => {
      const since = new Date(Date.now() - 60_000);
      const question = 'Stored the old way?';
      await store.insertQuery({query: question});
      // As servers before ratings joined their questions wrote it: a second row, with the rating and no rated_at.
      if (store.kind === 'sqlite') {
        const db = new Database(sqliteFile);
        db.prepare("INSERT INTO queries (query, result_rating, created_at) VALUES (?, 'negative', ?)").run(question, new Date().toISOString());
        db.close();
      } else {
        const client = new pg.Client({connectionString: postgresUrl});
        await client.connect();
        await client.query("INSERT INTO queries (query, result_rating, created_at) VALUES ($1, 'negative', now())", [question]);
        await client.end();
      }
      const report = await store.report(since, 1000);
      expect(report.topQueries.find((q) => q.query === question)).toEqual({query: question, count: 1});
      expect(report.negativeQueries.find((q) => q.query === question)).toEqual({query: question, count: 1});
    });

    it('stores a retried rating once when it carries the same Idempotency-Key, and rates no other row with it', async () => {
      const question = 'rated with a key';
      for (let i = 0; i < 2; i++) expect((await post({query: question})).status).toBe(201);
      const key = `rating-${Date.now()}-${store.kind}`;
      for (let i = 0; i < 2; i++) {
        const response = await fetch(url, {method: 'POST', headers: {...jsonHeaders(ANON), 'idempotency-key': key}, body: JSON.stringify({query: question, result_rating: 'positive'})});
        expect(response.status).toBe(201);
      }
      expect(await rowsOf(store, 'SELECT result_rating FROM queries WHERE query = ? ORDER BY id', question)).toEqual([{result_rating: null}, {result_rating: 'positive'}]);
    });

    it('adds the comment to the vote its client cast, named by the random vote_id the client drew, and changes nothing else', async () => {
      const page = '/docs/domains';
      const vote = randomUUID();
      const patch = (filter: string, body: unknown, headers: Record<string, string> = jsonHeaders(ANON)) =>
        fetch(`${origin}/rest/v1/page_feedback?${filter}`, {method: 'PATCH', headers, body: JSON.stringify(body)});
      const votes = () => rowsOf(store, 'SELECT helpful, comment FROM page_feedback WHERE page = ? ORDER BY id', page);
      const no = store.kind === 'sqlite' ? 0 : false;

      expect((await postFeedback(origin, {page, helpful: false, vote_id: vote})).status).toBe(201);
      // The same vote sent again (a retry) stores nothing.
      expect((await postFeedback(origin, {page, helpful: false, vote_id: vote})).status).toBe(201);
      expect(await votes()).toEqual([{helpful: no, comment: null}]);

      const amended = await patch(`vote_id=eq.${vote}`, {comment: '  No example for domains of domains  '});
      expect(amended.status).toBe(204);
      expect(await amended.text()).toBe('');
      expect(await votes()).toEqual([{helpful: no, comment: 'No example for domains of domains'}]);
      // A retried PATCH finds its comment written; another comment is refused: a comment is written once.
      expect((await patch(`vote_id=eq.${vote}`, {comment: 'No example for domains of domains'})).status).toBe(204);
      const again = await patch(`vote_id=eq.${vote}`, {comment: 'Changed my mind'});
      expect([again.status, await errorOf(again)]).toEqual([409, expect.stringMatching(/^this vote already has a comment/)]);

      const refusals: Array<[string, unknown, number, RegExp]> = [
        [`vote_id=eq.${randomUUID()}`, {comment: 'x'}, 404, /^no vote with this vote_id was cast in the last 24 hours; send the comment with a new vote \(POST\) instead$/],
        [`vote_id=eq.${vote}`, {comment: 'x', helpful: true}, 400, /^body: only comment can be added to a vote; remove "helpful"$/],
        [`vote_id=eq.${vote}`, {comment: '   '}, 400, /^comment: comment must not be empty/],
        [`vote_id=eq.${vote}`, {comment: 'x'.repeat(501)}, 400, /^comment: comment must be at most 500 characters$/],
        [`vote_id=${vote}`, {comment: 'x'}, 400, /^vote_id: vote_id must be written as eq\./],
        ['vote_id=eq.1', {comment: 'x'}, 400, /^vote_id: vote_id must be a random version-4 UUID/],
        [`vote_id=eq.${vote}&vote_id=eq.${vote}`, {comment: 'x'}, 400, /^vote_id: vote_id must be given once/],
        [`vote_id=eq.${vote}&page=eq.${page}`, {comment: 'x'}, 400, /^filter: only \?vote_id=eq.<id> may name the row to change; remove "page"$/],
        ['', {comment: 'x'}, 400, /^vote_id: vote_id must be given once/],
      ];
      for (const [filter, body, status, message] of refusals) {
        const response = await patch(filter, body);
        expect([filter, response.status], JSON.stringify(body)).toEqual([filter, status]);
        expect(await errorOf(response)).toMatch(message);
      }
      expect((await patch(`vote_id=eq.${vote}`, {comment: 'x'}, jsonHeaders('wrong'))).status).toBe(401);
      expect((await patch(`vote_id=eq.${vote}`, {comment: 'x'}, jsonHeaders(null))).status).toBe(401);
      expect(await votes()).toEqual([{helpful: no, comment: 'No example for domains of domains'}]);

      // A vote is open to its comment for a day after it was cast, no longer.
      const late = randomUUID();
      expect((await postFeedback(origin, {page, helpful: true, vote_id: late})).status).toBe(201);
      await age(store, 'page_feedback', late, 2, 'vote_id');
      expect((await patch(`vote_id=eq.${late}`, {comment: 'too late'})).status).toBe(404);
      const bad = await postFeedback(origin, {page, helpful: true, vote_id: 'my-vote'});
      expect([bad.status, await errorOf(bad)]).toEqual([400, expect.stringMatching(/^vote_id: vote_id must be a random version-4 UUID/)]);
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

/** The tables as the first version made them: no idempotency key, no rated_at, no vote_id. */
const FIRST_SCHEMA = [
  'CREATE TABLE queries (id {{ID}}, query TEXT NOT NULL, result_rating TEXT, created_at {{TIME}} NOT NULL)',
  'CREATE TABLE completions (id {{ID}}, created_at {{TIME}} NOT NULL, prompt TEXT NOT NULL, reference_ids TEXT NOT NULL, answered_i_dont_know BOOLEAN NOT NULL, ms_to_references DOUBLE PRECISION NOT NULL, ms_to_end DOUBLE PRECISION NOT NULL)',
  'CREATE TABLE page_feedback (id {{ID}}, page TEXT NOT NULL, helpful BOOLEAN NOT NULL, comment TEXT, created_at {{TIME}} NOT NULL)',
];
/** Its rows: a question and its rating as two rows (as it stored them), another question not rated, a vote with its comment. */
const FIRST_ROWS = [
  "INSERT INTO queries (query, result_rating, created_at) VALUES ('old question', NULL, {{NOW}}), ('old question', 'positive', {{NOW}}), ('old unrated', NULL, {{NOW}})",
  "INSERT INTO page_feedback (page, helpful, comment, created_at) VALUES ('/docs/quickstart', FALSE, 'old comment', {{NOW}})",
];

/** Opens a store on a log the first version wrote, checks it kept every row and works as a new one does. */
function olderLogSuite(name: string, makeOld: (statements: string[]) => Promise<void>, open: () => Promise<QueryLogStore>) {
  describe(`a query log an older version wrote, on ${name}`, () => {
    it('keeps its rows, gains the new columns, and counts its questions once', async () => {
      await makeOld([...FIRST_SCHEMA, ...FIRST_ROWS]);
      const store = await open();
      const {app, url, origin} = await startQueryLogApi(store, ANON);
      try {
        expect(await store.countRows()).toEqual({queries: 3, completions: 0, page_feedback: 1});
        const since = new Date(Date.now() - 60_000);
        // The old rating row is a rating, not a second asking.
        expect((await store.report(since)).topQueries).toEqual([{query: 'old question', count: 1}, {query: 'old unrated', count: 1}]);
        // A rating now goes into the old question's row.
        const rate = await fetch(url, {method: 'POST', headers: jsonHeaders(ANON), body: JSON.stringify({query: 'old unrated', result_rating: 'negative'})});
        expect(rate.status).toBe(201);
        expect(await store.countQueries()).toBe(3);
        expect((await store.report(since)).negativeQueries).toEqual([{query: 'old unrated', count: 1}]);
        // A vote with its id, then its comment.
        const vote = randomUUID();
        expect((await postFeedback(origin, {page: '/docs/quickstart', helpful: true, vote_id: vote})).status).toBe(201);
        const patched = await fetch(`${origin}/rest/v1/page_feedback?vote_id=eq.${vote}`, {method: 'PATCH', headers: jsonHeaders(ANON), body: JSON.stringify({comment: 'new comment'})});
        expect(patched.status).toBe(204);
        const report = await store.report(since);
        expect(report.pageRatings).toEqual([{page: '/docs/quickstart', yes: 1, no: 1, noShare: 0.5}]);
        expect(report.latestComments[0].comments.map((c) => c.comment)).toEqual(['new comment', 'old comment']);
        // The completions table gained answered_in_doubt: a new answer in doubt is reported.
        await store.insertCompletion({createdAt: new Date(), prompt: 'close call', references: ['/docs/a', '/docs/b'], answeredIDontKnow: false, answeredInDoubt: true, msToReferences: 1, msToEnd: 2});
        expect((await store.report(since)).inDoubt.map((q) => q.question)).toEqual(['close call']);
      } finally {
        await app.close();
        await store.close();
      }
    });
  });
}

const olderSqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'querylog-older-')), 'log.sqlite');
olderLogSuite(
  'SQLite',
  async (statements) => {
    const db = new Database(olderSqliteFile);
    const now = `'${new Date().toISOString()}'`;
    for (const sql of statements) db.exec(sql.replaceAll('{{ID}}', 'INTEGER PRIMARY KEY AUTOINCREMENT').replaceAll('{{TIME}}', 'TEXT').replaceAll('{{NOW}}', now).replaceAll('FALSE', '0'));
    db.close();
  },
  async () => createSqliteStore(olderSqliteFile),
);

if (postgresUrl) {
  let olderUrl: string;
  olderLogSuite(
    'PostgreSQL',
    async (statements) => {
      olderUrl = await postgresUrlInSchema(postgresUrl, 'query_log_older_test');
      const client = new pg.Client({connectionString: olderUrl});
      await client.connect();
      try {
        await client.query('DROP TABLE IF EXISTS queries, completions, page_feedback');
        for (const sql of statements) await client.query(sql.replaceAll('{{ID}}', 'BIGSERIAL PRIMARY KEY').replaceAll('{{TIME}}', 'TIMESTAMPTZ').replaceAll('{{NOW}}', 'now()'));
      } finally {
        await client.end();
      }
    },
    () => createPostgresStore(olderUrl),
  );
}

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
