import pg from 'pg';
import {serverDefaults} from '../config';
import {wellFormed} from './text';
import {groupComments, IDEMPOTENCY_INDEXES, IDEMPOTENCY_TABLES, numbered, REPORT_COMMENTS_PER_PAGE, REPORT_SQL, SCHEMA_STATEMENTS, type QueryLogStore} from './store';

export interface PostgresTimeouts {
  /** Longest wait for a connection, new or from the pool (PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** Longest wait for one statement, enforced by the server and, should the server freeze, by the client (PG_QUERY_TIMEOUT_MS). */
  queryTimeoutMs: number;
}

/** Where a connection string points, without its password, for messages. */
function describeTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/**
 * PostgreSQL store, for deployments where one machine is not enough (DATABASE_URL). A database that is down or frozen
 * makes an insert fail within the timeouts (the route answers 503) and the pool reconnects by itself once it is back.
 */
export async function createPostgresStore(connectionString: string, timeouts: PostgresTimeouts = serverDefaults.postgres): Promise<QueryLogStore> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.queryTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  try {
    for (const sql of SCHEMA_STATEMENTS) {
      await pool.query(sql.replace('INTEGER PRIMARY KEY {{AUTO}}', 'BIGSERIAL PRIMARY KEY').replaceAll('{{TIMESTAMP}}', 'TIMESTAMPTZ'));
    }
    for (const table of IDEMPOTENCY_TABLES) await pool.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS idempotency_key TEXT`);
    for (const sql of IDEMPOTENCY_INDEXES) await pool.query(sql);
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DATABASE_URL: could not use PostgreSQL at ${describeTarget(connectionString)} (${reason}). Check that the server runs and accepts this user, or unset DATABASE_URL to log to SQLite.`);
  }
  const grouped = async (since: Date, limit: number, negativeOnly: boolean) => {
    const {rows} = await pool.query<{query: string; count: string}>(
      `SELECT min(query) AS query, COUNT(*) AS count FROM queries WHERE created_at >= $1 ${negativeOnly ? "AND result_rating = 'negative'" : ''}
       GROUP BY lower(query) ORDER BY count DESC, min(query) LIMIT $2`,
      [since, limit],
    );
    return rows.map((r) => ({query: r.query, count: Number(r.count)}));
  };
  return {
    kind: 'postgres',
    // A repeated idempotency key stores nothing: a retry of an insert that was committed after its client gave up.
    async insertQuery(r, key) {
      await pool.query('INSERT INTO queries (query, result_rating, created_at, idempotency_key) VALUES ($1, $2, now(), $3) ON CONFLICT (idempotency_key) DO NOTHING', [
        wellFormed(r.query),
        r.result_rating ?? null,
        key ?? null,
      ]);
    },
    async insertPageFeedback(r, key) {
      await pool.query(
        'INSERT INTO page_feedback (page, helpful, comment, created_at, idempotency_key) VALUES ($1, $2, $3, now(), $4) ON CONFLICT (idempotency_key) DO NOTHING',
        [wellFormed(r.page), r.helpful, r.comment === undefined ? null : wellFormed(r.comment), key ?? null],
      );
    },
    async insertCompletion(c) {
      await pool.query(
        'INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, ms_to_references, ms_to_end) VALUES ($1, $2, $3, $4, $5, $6)',
        [c.createdAt, wellFormed(c.prompt), wellFormed(JSON.stringify(c.references)), c.answeredIDontKnow, c.msToReferences, c.msToEnd],
      );
    },
    async countQueries() {
      const {rows} = await pool.query<{n: string}>('SELECT COUNT(*) AS n FROM queries');
      return Number(rows[0].n);
    },
    async countRows() {
      const {rows} = await pool.query<{queries: string; completions: string; page_feedback: string}>(
        'SELECT (SELECT COUNT(*) FROM queries) AS queries, (SELECT COUNT(*) FROM completions) AS completions, (SELECT COUNT(*) FROM page_feedback) AS page_feedback',
      );
      return {queries: Number(rows[0].queries), completions: Number(rows[0].completions), page_feedback: Number(rows[0].page_feedback)};
    },
    async report(since, limit = 10) {
      const {rows} = await pool.query<{total: string; idk: string}>(
        'SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE answered_i_dont_know) AS idk FROM completions WHERE created_at >= $1',
        [since],
      );
      const total = Number(rows[0].total);
      const ratings = await pool.query<{page: string; yes: string; no: string}>(numbered(REPORT_SQL.pageRatings), [since, limit]);
      const comments = await pool.query<{page: string; helpful: boolean; comment: string; created_at: Date}>(numbered(REPORT_SQL.latestComments), [
        since,
        limit,
        REPORT_COMMENTS_PER_PAGE,
      ]);
      return {
        since,
        topQueries: await grouped(since, limit, false),
        negativeQueries: await grouped(since, limit, true),
        completions: total,
        iDontKnowShare: total ? Number(rows[0].idk) / total : 0,
        pageRatings: ratings.rows.map((r) => {
          const [yes, no] = [Number(r.yes), Number(r.no)];
          return {page: r.page, yes, no, noShare: no / (yes + no)};
        }),
        latestComments: groupComments(comments.rows.map((r) => ({page: r.page, helpful: r.helpful, comment: r.comment, createdAt: r.created_at}))),
      };
    },
    async prune(days) {
      if (days <= 0) return 0;
      let deleted = 0;
      for (const table of ['queries', 'completions', 'page_feedback']) {
        const result = await pool.query(`DELETE FROM ${table} WHERE created_at < now() - make_interval(days => $1)`, [days]);
        deleted += result.rowCount ?? 0;
      }
      return deleted;
    },
    waitingWrites: () => pool.waitingCount,
    async ping() {
      // Bounded like every statement: PG_CONNECT_TIMEOUT_MS for a connection, PG_QUERY_TIMEOUT_MS for the answer.
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}
