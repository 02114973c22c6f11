import pg from 'pg';
import {serverDefaults} from '../config';
import {wellFormed} from './text';
import {
  ADDED_COLUMNS,
  ADDED_INDEXES,
  COMMENT_AMENDS_VOTE_WITHIN_HOURS,
  groupComments,
  inDoubtQuestionOf,
  LOG_TABLES,
  numbered,
  PRUNE_CHUNK_ROWS,
  RATING_FINDS_QUESTION_WITHIN_HOURS,
  REPORT_COMMENTS_PER_PAGE,
  REPORT_SQL,
  SCHEMA_STATEMENTS,
  UNRATED_QUESTION_SQL,
  type QueryLogStore,
} from './store';

/** Longest the count of the rows (at start and after a prune; see countRows) may take. */
const COUNT_TIMEOUT_MS = 60_000;

/** PostgreSQL's code for a unique index refusing a row (two retries of one rating racing for its idempotency key). */
const UNIQUE_VIOLATION = '23505';

/**
 * A rating, in one statement (see QueryLogStore.insertQuery): written into the newest unrated row of its question, or
 * stored as a row of its own when there is none. SKIP LOCKED: a rating of the same question being written at the same
 * moment takes the next row, not the same one. ($1 query, $2 rating, $3 idempotency key or NULL.)
 */
const RATE_QUESTION_SQL = `WITH question AS (
    SELECT id FROM queries
    WHERE ${UNRATED_QUESTION_SQL.replace(/\?/g, '$1')} AND created_at >= now() - make_interval(hours => ${RATING_FINDS_QUESTION_WITHIN_HOURS})
      AND ($3::text IS NULL OR (idempotency_key IS NULL AND NOT EXISTS (SELECT 1 FROM queries WHERE idempotency_key = $3)))
    ORDER BY created_at DESC, id DESC LIMIT 1
    FOR UPDATE SKIP LOCKED
  ), rated AS (
    UPDATE queries q SET result_rating = $2, rated_at = now(), idempotency_key = COALESCE($3, q.idempotency_key)
    FROM question WHERE q.id = question.id RETURNING q.id
  )
  INSERT INTO queries (query, result_rating, created_at, rated_at, idempotency_key)
  SELECT $1, $2, now(), now(), $3 WHERE NOT EXISTS (SELECT 1 FROM rated)
  ON CONFLICT DO NOTHING`;

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
    for (const {table, column, type} of ADDED_COLUMNS) {
      await pool.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column} ${type.replace('{{TIMESTAMP}}', 'TIMESTAMPTZ')}`);
    }
    for (const sql of ADDED_INDEXES) await pool.query(sql);
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DATABASE_URL: could not use PostgreSQL at ${describeTarget(connectionString)} (${reason}). Check that the server runs and accepts this user, or unset DATABASE_URL to log to SQLite.`);
  }
  const grouped = async (sql: string, since: Date, limit: number) => {
    const {rows} = await pool.query<{query: string; count: string}>(numbered(sql), [since, limit]);
    return rows.map((r) => ({query: r.query, count: Number(r.count)}));
  };
  return {
    kind: 'postgres',
    // A repeated idempotency key stores nothing: a retry of an insert that was committed after its client gave up.
    async insertQuery(r, key) {
      if (!r.result_rating) {
        await pool.query('INSERT INTO queries (query, result_rating, created_at, idempotency_key) VALUES ($1, NULL, now(), $2) ON CONFLICT (idempotency_key) DO NOTHING', [
          wellFormed(r.query),
          key ?? null,
        ]);
        return;
      }
      try {
        await pool.query(RATE_QUESTION_SQL, [wellFormed(r.query), r.result_rating, key ?? null]);
      } catch (error) {
        // Two retries of one rating, each finding a question's row: the other one stored it under this key.
        if (!(key && (error as {code?: string}).code === UNIQUE_VIOLATION)) throw error;
      }
    },
    async insertPageFeedback(r, key) {
      // No conflict target: a repeated idempotency key or vote_id alike stores nothing.
      await pool.query(
        'INSERT INTO page_feedback (page, helpful, comment, created_at, idempotency_key, vote_id) VALUES ($1, $2, $3, now(), $4, $5) ON CONFLICT DO NOTHING',
        [wellFormed(r.page), r.helpful, r.comment === undefined ? null : wellFormed(r.comment), key ?? null, r.vote_id ?? null],
      );
    },
    async amendPageFeedback(voteId, comment) {
      const text = wellFormed(comment);
      const within = `created_at >= now() - make_interval(hours => ${COMMENT_AMENDS_VOTE_WITHIN_HOURS})`;
      const amended = await pool.query(`UPDATE page_feedback SET comment = $1 WHERE vote_id = $2 AND ${within} AND comment IS NULL`, [text, voteId]);
      if (amended.rowCount === 1) return 'amended';
      const {rows} = await pool.query<{comment: string | null}>(`SELECT comment FROM page_feedback WHERE vote_id = $1 AND ${within}`, [voteId]);
      return rows.length === 0 ? 'not-found' : rows[0].comment === text ? 'unchanged' : 'conflict';
    },
    async insertCompletion(c) {
      await pool.query(
        'INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, answered_in_doubt, ms_to_references, ms_to_end) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [c.createdAt, wellFormed(c.prompt), wellFormed(JSON.stringify(c.references)), c.answeredIDontKnow, c.answeredInDoubt, c.msToReferences, c.msToEnd],
      );
    },
    async countQueries() {
      const {rows} = await pool.query<{n: string}>('SELECT COUNT(*) AS n FROM queries');
      return Number(rows[0].n);
    },
    async countRows() {
      // Counted at start and after each prune, never for a request: a table of millions of rows, just after a prune
      // deleted most of them, takes longer than PG_QUERY_TIMEOUT_MS (4.7 million rows took more than 3 s).
      const timeout = Math.max(timeouts.queryTimeoutMs, COUNT_TIMEOUT_MS);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL statement_timeout = ${timeout}`);
        // The pool's client-side timeout too, per query (the driver reads query_timeout; its types leave it out).
        const count = {
          text: 'SELECT (SELECT COUNT(*) FROM queries) AS queries, (SELECT COUNT(*) FROM completions) AS completions, (SELECT COUNT(*) FROM page_feedback) AS page_feedback',
          query_timeout: timeout,
        } as pg.QueryConfig;
        const {rows} = await client.query<{queries: string; completions: string; page_feedback: string}>(count);
        await client.query('COMMIT');
        return {queries: Number(rows[0].queries), completions: Number(rows[0].completions), page_feedback: Number(rows[0].page_feedback)};
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
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
        topQueries: await grouped(REPORT_SQL.topQueries, since, limit),
        negativeQueries: await grouped(REPORT_SQL.negativeQueries, since, limit),
        completions: total,
        iDontKnowShare: total ? Number(rows[0].idk) / total : 0,
        pageRatings: ratings.rows.map((r) => {
          const [yes, no] = [Number(r.yes), Number(r.no)];
          return {page: r.page, yes, no, noShare: no / (yes + no)};
        }),
        latestComments: groupComments(comments.rows.map((r) => ({page: r.page, helpful: r.helpful, comment: r.comment, createdAt: r.created_at}))),
        inDoubt: (await pool.query(numbered(REPORT_SQL.inDoubt), [since, limit])).rows.map(inDoubtQuestionOf),
      };
    },
    async prune(days, asOf) {
      if (days <= 0) return 0;
      // One cutoff for the whole pass, from the database's clock as the rows' times are (as text: to the microsecond).
      const {rows} = await pool.query<{cutoff: string}>('SELECT (COALESCE($2::timestamptz, now()) - make_interval(days => $1))::text AS cutoff', [days, asOf ?? null]);
      let deleted = 0;
      for (const table of LOG_TABLES) {
        for (;;) {
          const result = await pool.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE created_at < $1::timestamptz ORDER BY created_at LIMIT ${PRUNE_CHUNK_ROWS})`, [rows[0].cutoff]);
          deleted += result.rowCount ?? 0;
          if ((result.rowCount ?? 0) < PRUNE_CHUNK_ROWS) break;
        }
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
