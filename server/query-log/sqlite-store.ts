import {mkdirSync, statSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  ADDED_COLUMNS,
  ADDED_INDEXES,
  COMMENT_AMENDS_VOTE_WITHIN_HOURS,
  groupComments,
  inDoubtQuestionOf,
  LOG_TABLES,
  PRUNE_CHUNK_ROWS,
  RATING_FINDS_QUESTION_WITHIN_HOURS,
  REPORT_COMMENTS_PER_PAGE,
  REPORT_SQL,
  SCHEMA_STATEMENTS,
  StoreUnavailableError,
  UNRATED_QUESTION_SQL,
  type AmendOutcome,
  type LogTableName,
  type QueryLogStore,
} from './store';
import {wellFormed} from './text';

/**
 * How a write waits for a lock another process holds. The driver is synchronous, so SQLite's own busy wait would stall
 * every request of the server; instead a busy write fails at once and is retried later, off the event loop.
 */
export interface SqliteWriteOptions {
  /** Longest time one insert keeps retrying before it fails (the route answers 503). */
  deadlineMs: number;
  /** Most inserts waiting for the lock at once; more fail at once (503). */
  maxWaiting: number;
}

export const DEFAULT_SQLITE_WRITE_OPTIONS: SqliteWriteOptions = {deadlineMs: 2_000, maxWaiting: 1_000};

const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as {code?: string}).code ?? ''));

/** SQLite store (WAL mode), the default: one file, no server. */
export function createSqliteStore(file: string, writeOptions: SqliteWriteOptions = DEFAULT_SQLITE_WRITE_OPTIONS): QueryLogStore {
  let db: Database.Database;
  try {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), {recursive: true});
    db = new Database(file);
    // Inside the try: a file that is not a database, or one this process may not write, fails here, at start.
    db.pragma('journal_mode = WAL');
    // At start nothing is being served yet: the schema may wait for a lock as SQLite does; writes later may not.
    db.pragma('busy_timeout = 5000');
    for (const sql of SCHEMA_STATEMENTS) db.exec(sql.replace('{{AUTO}}', 'AUTOINCREMENT').replaceAll('{{TIMESTAMP}}', 'TEXT'));
    for (const {table, column, type} of ADDED_COLUMNS) {
      const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{name: string}>;
      if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type.replace('{{TIMESTAMP}}', 'TEXT')}`);
    }
    for (const sql of ADDED_INDEXES) db.exec(sql);
    // A file this process may only read (or a WAL beside it it cannot write) opens without complaint and then refuses
    // every insert: a write rolled back at once finds that out now, so the server does not start on it.
    db.exec('BEGIN IMMEDIATE');
    try {
      db.prepare("INSERT INTO queries (query, created_at) VALUES ('start-up write check', '')").run();
    } finally {
      db.exec('ROLLBACK');
    }
    db.pragma('busy_timeout = 0');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`QUERY_LOG_SQLITE_PATH: could not open the query log at ${path.resolve(file)} (${reason}). Point it at a file in a writable folder.`);
  }
  // The files this process writes: the database and, in WAL mode, its write-ahead log and shared index beside it.
  // When a path no longer leads to the file that was opened (deleted, or replaced), rows written now would vanish at
  // the next start, so writes are refused (503) and /readyz says not ready.
  const identityOf = (target: string) => {
    const stat = statSync(target, {throwIfNoEntry: false});
    return stat ? `${stat.dev}:${stat.ino}` : undefined;
  };
  const watched = file === ':memory:' ? [] : [file, `${file}-wal`, `${file}-shm`].map((target) => ({target, opened: identityOf(target)}));
  let lost: StoreUnavailableError | undefined;
  const checkFile = () => {
    if (lost) throw lost;
    const gone = watched.find(({target, opened}) => opened !== undefined && identityOf(target) !== opened);
    if (!gone) return;
    if (gone.target === file) {
      lost = new StoreUnavailableError(`the query-log file ${path.resolve(file)} was deleted or replaced while the server ran; restart the server to open it again (QUERY_LOG_SQLITE_PATH)`, 30);
      throw lost;
    }
    // The log or index went while the database stayed: rows committed since the last checkpoint live only in the log
    // this process still holds open. Copied into the database now, they survive a crash; later writes would not.
    let rescued = 'its committed rows were copied into the database';
    try {
      db.pragma('wal_checkpoint(FULL)');
    } catch (error) {
      rescued = `copying its committed rows into the database failed (${error instanceof Error ? error.message : String(error)})`;
    }
    lost = new StoreUnavailableError(`${path.resolve(gone.target)} was deleted or replaced while the server ran; ${rescued}; restart the server to write again (QUERY_LOG_SQLITE_PATH)`, 30);
    throw lost;
  };
  // A repeated idempotency key stores nothing; rows without a key (NULL) never conflict.
  const insertQuery = db.prepare('INSERT INTO queries (query, result_rating, created_at, idempotency_key) VALUES (?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING');
  // A rating goes into its question's row (see QueryLogStore.insertQuery); the key, when given, goes with it, so only
  // a row without a key of its own can take it, and a key already stored means the rating is too.
  const keyStored = db.prepare('SELECT 1 FROM queries WHERE idempotency_key = ?');
  const unratedQuestion = db.prepare(
    `SELECT id FROM queries WHERE ${UNRATED_QUESTION_SQL} AND created_at >= ? AND (? IS NULL OR idempotency_key IS NULL) ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const rateQuestion = db.prepare('UPDATE queries SET result_rating = ?, rated_at = ?, idempotency_key = COALESCE(?, idempotency_key) WHERE id = ?');
  const insertRating = db.prepare('INSERT INTO queries (query, result_rating, created_at, rated_at, idempotency_key) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const rate = db.transaction((query: string, rating: string, key: string | null) => {
    if (key !== null && keyStored.get(key)) return;
    const now = new Date();
    const at = now.toISOString();
    const question = unratedQuestion.get(query, query, new Date(now.getTime() - RATING_FINDS_QUESTION_WITHIN_HOURS * 3_600_000).toISOString(), key) as {id: number} | undefined;
    if (question) rateQuestion.run(rating, at, key, question.id);
    else insertRating.run(query, rating, at, at, key);
  });
  // No conflict target: a repeated idempotency key or vote_id alike stores nothing.
  const insertPageFeedback = db.prepare(
    'INSERT INTO page_feedback (page, helpful, comment, created_at, idempotency_key, vote_id) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const addComment = db.prepare('UPDATE page_feedback SET comment = ? WHERE vote_id = ? AND created_at >= ? AND comment IS NULL');
  const voteComment = db.prepare('SELECT comment FROM page_feedback WHERE vote_id = ? AND created_at >= ?');
  const amend = (voteId: string, comment: string): AmendOutcome => {
    const since = new Date(Date.now() - COMMENT_AMENDS_VOTE_WITHIN_HOURS * 3_600_000).toISOString();
    if (addComment.run(comment, voteId, since).changes === 1) return 'amended';
    const vote = voteComment.get(voteId, since) as {comment: string | null} | undefined;
    return !vote ? 'not-found' : vote.comment === comment ? 'unchanged' : 'conflict';
  };
  const insertCompletion = db.prepare(
    'INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, answered_in_doubt, ms_to_references, ms_to_end) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const topQueries = db.prepare(REPORT_SQL.topQueries);
  const negative = db.prepare(REPORT_SQL.negativeQueries);
  const pageRatings = db.prepare(REPORT_SQL.pageRatings);
  const latestComments = db.prepare(REPORT_SQL.latestComments);
  const inDoubt = db.prepare(REPORT_SQL.inDoubt);
  const ping = db.prepare('SELECT 1');
  const completionStats = db.prepare('SELECT COUNT(*) AS total, COALESCE(SUM(answered_i_dont_know), 0) AS idk FROM completions WHERE created_at >= ?');

  const pruneStatements = LOG_TABLES.map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE created_at < ? ORDER BY created_at LIMIT ${PRUNE_CHUNK_ROWS})`),
  );

  let waiting = 0;
  /** Runs a write now, or, while another process holds the lock, again with backoff until the deadline. */
  const write = async <T>(run: () => T): Promise<T> => {
    checkFile();
    try {
      return run();
    } catch (error) {
      if (!isBusy(error)) throw error;
    }
    if (waiting >= writeOptions.maxWaiting) throw new StoreUnavailableError(`${waiting} query-log writes already wait for the SQLite lock`);
    waiting += 1;
    try {
      const deadline = Date.now() + writeOptions.deadlineMs;
      for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        try {
          return run();
        } catch (error) {
          if (!isBusy(error)) throw error;
          if (Date.now() >= deadline) throw new StoreUnavailableError(`the SQLite lock stayed taken for ${writeOptions.deadlineMs} ms (${String(error)})`);
        }
      }
    } finally {
      waiting -= 1;
    }
  };

  return {
    kind: 'sqlite',
    async insertQuery(r, key) {
      const query = wellFormed(r.query);
      // Taken before the write lock (immediate), so a busy database fails at once and is retried like any insert.
      if (r.result_rating) await write(() => rate.immediate(query, r.result_rating!, key ?? null));
      else await write(() => insertQuery.run(query, null, new Date().toISOString(), key ?? null));
    },
    // Ratings take the same write path as queries: the same lock retries off the event loop, the same bound on waiters.
    async insertPageFeedback(r, key) {
      await write(() =>
        insertPageFeedback.run(wellFormed(r.page), r.helpful ? 1 : 0, r.comment === undefined ? null : wellFormed(r.comment), new Date().toISOString(), key ?? null, r.vote_id ?? null),
      );
    },
    amendPageFeedback: (voteId, comment) => write(() => amend(voteId, wellFormed(comment))),
    async insertCompletion(c) {
      await write(() =>
        insertCompletion.run(c.createdAt.toISOString(), wellFormed(c.prompt), wellFormed(JSON.stringify(c.references)), c.answeredIDontKnow ? 1 : 0, c.answeredInDoubt ? 1 : 0, c.msToReferences, c.msToEnd),
      );
    },
    async prune(days, asOf = new Date()) {
      if (days <= 0) return 0;
      checkFile();
      const cutoff = new Date(asOf.getTime() - days * 86_400_000).toISOString();
      let deleted = 0;
      for (const statement of pruneStatements) {
        for (;;) {
          const {changes} = statement.run(cutoff);
          deleted += changes;
          if (changes < PRUNE_CHUNK_ROWS) break;
          // Between chunks the lock is free and the event loop turns: waiting inserts and requests go first.
          await new Promise((resolve) => setImmediate(resolve));
          checkFile();
        }
      }
      return deleted;
    },
    async countQueries() {
      return (db.prepare('SELECT COUNT(*) AS n FROM queries').get() as {n: number}).n;
    },
    async countRows() {
      const count = (table: LogTableName) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as {n: number}).n;
      return {queries: count('queries'), completions: count('completions'), page_feedback: count('page_feedback')};
    },
    async report(since, limit = 10) {
      const iso = since.toISOString();
      const stats = completionStats.get(iso) as {total: number; idk: number};
      return {
        since,
        topQueries: topQueries.all(iso, limit) as Array<{query: string; count: number}>,
        negativeQueries: negative.all(iso, limit) as Array<{query: string; count: number}>,
        completions: stats.total,
        iDontKnowShare: stats.total ? stats.idk / stats.total : 0,
        pageRatings: (pageRatings.all(iso, limit) as Array<{page: string; yes: number; no: number}>).map((r) => ({...r, noShare: r.no / (r.yes + r.no)})),
        latestComments: groupComments(
          (latestComments.all(iso, limit, REPORT_COMMENTS_PER_PAGE) as Array<{page: string; helpful: number; comment: string; created_at: string}>).map((r) => ({
            page: r.page,
            helpful: r.helpful === 1,
            comment: r.comment,
            createdAt: new Date(r.created_at),
          })),
        ),
        inDoubt: (inDoubt.all(iso, limit) as Array<Parameters<typeof inDoubtQuestionOf>[0]>).map(inDoubtQuestionOf),
      };
    },
    async ping() {
      checkFile();
      ping.get();
    },
    waitingWrites: () => waiting,
    async close() {
      db.close();
    },
  };
}
