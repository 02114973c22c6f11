import Database from 'better-sqlite3';
import pg from 'pg';
import {inDoubtQuestionOf, numbered, pagesOfReferences, RATED_AT_SQL, REPORT_COMMENTS_PER_PAGE, REPORT_SQL, type InDoubtQuestion} from '../../server/query-log/store';
import {DontKnowQuestions} from './dont-know-groups';

/**
 * Read-only queries of the maintainer's report over the query-log tables (queries, completions, page_feedback), in
 * SQL both stores run. The stores' own files are left to the server; this module only reads what they wrote. Every
 * result is aggregated by the database to a size that does not grow with the log, but two whose rows are many on a
 * large log (one per distinct question answered "don't know", one per distinct list of references cited): those are
 * read a batch at a time and folded as they come, so a year's log is never in memory at once.
 */

/** One UTC day, as YYYY-MM-DD. */
export type Day = string;

/** The rows the report is computed from, each aggregated as far as SQL can without the search's normalisation. */
export interface LogRows {
  completionsByDay: Array<{day: Day; answered: number; dontKnow: number}>;
  ratingsByDay: Array<{day: Day; up: number; down: number}>;
  /** Every distinct prompt answered "don't know", with how often and when last (kept on disk until the reader closes). */
  dontKnow: DontKnowQuestions;
  /** Thumbs-down questions (case-insensitive), most often first, with the references of their latest answer before the rating. */
  thumbsDown: Array<{question: string; count: number; lastRated: Date; referenceIds: string | null}>;
  /** Answered completions citing each page (an answer citing two sections of one page counts once for it). */
  answersByPage: Map<string, number>;
  pageRatings: Array<{page: string; yes: number; no: number}>;
  pageTotals: {yes: number; no: number; comments: number};
  latestComments: Array<{page: string; helpful: boolean; comment: string; createdAt: Date}>;
  /** Questions answered in doubt, most asked first, with the first two pages of their latest such answer. */
  inDoubt: InDoubtQuestion[];
}

/** How the two stores spell what differs: the UTC day of a timestamp. */
interface Dialect {
  day: (column: string) => string;
}

const SQLITE: Dialect = {day: (column) => `substr(${column}, 1, 10)`};
const POSTGRES: Dialect = {day: (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`};

// `answered_i_dont_know` and `helpful` are 0/1 in SQLite and booleans in PostgreSQL: CASE and WHERE read both.
const sql = (d: Dialect) => ({
  /** (since) */
  completionsByDay: `SELECT ${d.day('created_at')} AS day,
      SUM(CASE WHEN answered_i_dont_know THEN 0 ELSE 1 END) AS answered,
      SUM(CASE WHEN answered_i_dont_know THEN 1 ELSE 0 END) AS dont_know
    FROM completions WHERE created_at >= ? GROUP BY 1 ORDER BY 1`,
  /** (since): ratings by the day they were given (a rating lives in its question's row; see QUESTION_ROW_SQL). */
  ratingsByDay: `SELECT ${d.day(RATED_AT_SQL)} AS day,
      SUM(CASE WHEN result_rating = 'positive' THEN 1 ELSE 0 END) AS up,
      SUM(CASE WHEN result_rating = 'negative' THEN 1 ELSE 0 END) AS down
    FROM queries WHERE ${RATED_AT_SQL} >= ? AND result_rating IS NOT NULL GROUP BY 1 ORDER BY 1`,
  /**
   * (since, limit): a thumbs-down is the rating of a question's row (or, from older servers, a row of its own); the
   * answer it rated is the latest completion of the same question served before the rating. The completions are
   * searched only for the questions listed (the limit applies first): completions has no index on prompt.
   */
  thumbsDown: `SELECT g.question, g.count, g.last_rated,
      (SELECT c.reference_ids FROM completions c
        WHERE lower(trim(c.prompt)) = g.question_key AND c.created_at <= g.last_rated
        ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS reference_ids
    FROM (SELECT lower(query) AS question_key, MIN(query) AS question, COUNT(*) AS count, MAX(${RATED_AT_SQL}) AS last_rated
      FROM queries WHERE ${RATED_AT_SQL} >= ? AND result_rating = 'negative' GROUP BY lower(query)
      ORDER BY count DESC, last_rated DESC, question LIMIT ?) g
    ORDER BY g.count DESC, g.last_rated DESC, g.question`,
  /** (since) */
  pageTotals: `SELECT COALESCE(SUM(CASE WHEN helpful THEN 1 ELSE 0 END), 0) AS yes,
      COALESCE(SUM(CASE WHEN helpful THEN 0 ELSE 1 END), 0) AS no,
      COUNT(comment) AS comments
    FROM page_feedback WHERE created_at >= ?`,
  pageRatings: REPORT_SQL.pageRatings,
  latestComments: REPORT_SQL.latestComments,
  inDoubt: REPORT_SQL.inDoubt,
});

/** The results read a batch at a time (since): as many rows as distinct questions or reference lists. */
const STREAMED_SQL = {
  /** In the order of the prompt: a tie between two wordings of one group keeps it (DontKnowQuestions.add). */
  dontKnowPrompts: `SELECT prompt, COUNT(*) AS count, MAX(created_at) AS last_asked
    FROM completions WHERE created_at >= ? AND answered_i_dont_know GROUP BY prompt ORDER BY prompt`,
  citedReferenceLists: `SELECT reference_ids, COUNT(*) AS answers
    FROM completions WHERE created_at >= ? AND NOT answered_i_dont_know GROUP BY reference_ids`,
};

type Row = Record<string, unknown>;
type StatementName = keyof ReturnType<typeof sql>;

/** Folds the streamed results into what the report keeps of them; `close` frees what they hold. */
function streamedSinks(): {sinks: Record<keyof typeof STREAMED_SQL, (row: Row) => void>; dontKnow: DontKnowQuestions; answersByPage: Map<string, number>} {
  const dontKnow = new DontKnowQuestions();
  const answersByPage = new Map<string, number>();
  return {
    dontKnow,
    answersByPage,
    sinks: {
      dontKnowPrompts: (r) => dontKnow.add({prompt: String(r.prompt), count: num(r.count), lastAsked: time(r.last_asked)}),
      citedReferenceLists: (r) => {
        const answers = num(r.answers);
        for (const page of pagesOfReferences(String(r.reference_ids))) answersByPage.set(page, (answersByPage.get(page) ?? 0) + answers);
      },
    },
  };
}

// Both drivers hand back numbers as text or bigint in places (COUNT in PostgreSQL), and times as text (SQLite).
const num = (value: unknown) => Number(value ?? 0);
const time = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Turns the raw result sets of either store, and what the streamed ones were folded into, into LogRows. */
function toLogRows(rows: Record<StatementName, Row[]>, streamed: Pick<LogRows, 'dontKnow' | 'answersByPage'>): LogRows {
  const totals = rows.pageTotals[0] ?? {};
  return {
    completionsByDay: rows.completionsByDay.map((r) => ({day: String(r.day), answered: num(r.answered), dontKnow: num(r.dont_know)})),
    ratingsByDay: rows.ratingsByDay.map((r) => ({day: String(r.day), up: num(r.up), down: num(r.down)})),
    ...streamed,
    thumbsDown: rows.thumbsDown.map((r) => ({question: String(r.question), count: num(r.count), lastRated: time(r.last_rated), referenceIds: text(r.reference_ids)})),
    pageRatings: rows.pageRatings.map((r) => ({page: String(r.page), yes: num(r.yes), no: num(r.no)})),
    pageTotals: {yes: num(totals.yes), no: num(totals.no), comments: num(totals.comments)},
    latestComments: rows.latestComments.map((r) => ({page: String(r.page), helpful: Boolean(r.helpful), comment: String(r.comment), createdAt: time(r.created_at)})),
    inDoubt: rows.inDoubt.map((r) => inDoubtQuestionOf(r as Parameters<typeof inDoubtQuestionOf>[0])),
  };
}

/** The parameters of each statement, for a period start already in the store's own form. */
const parameters = <T>(since: T, limit: number): Record<StatementName, unknown[]> => ({
  completionsByDay: [since],
  ratingsByDay: [since],
  thumbsDown: [since, limit],
  pageTotals: [since],
  pageRatings: [since, limit],
  latestComments: [since, limit, REPORT_COMMENTS_PER_PAGE],
  inDoubt: [since, limit],
});

/** Reads the report's rows from one store; `read` may be called again, and `close` frees what every read kept. */
export interface LogReader {
  read(since: Date, limit: number): Promise<LogRows>;
  close(): Promise<void>;
}

/** Reads a SQLite query log, opened read-only: the report never writes to the log it reads. */
export function openSqliteReader(file: string): LogReader {
  const db = new Database(file, {readonly: true, fileMustExist: true});
  const statements = Object.entries(sql(SQLITE)).map(([name, text]) => [name, db.prepare(text)] as const);
  const streamedStatements = Object.entries(STREAMED_SQL).map(([name, text]) => [name as keyof typeof STREAMED_SQL, db.prepare(text)] as const);
  const kept: DontKnowQuestions[] = [];
  return {
    async read(since, limit) {
      // SQLite keeps times as ISO-8601 text in UTC, which compares in time order.
      const iso = since.toISOString();
      const args = parameters(iso, limit);
      // One read transaction: every statement sees the same log, as PostgreSQL's snapshot does.
      db.exec('BEGIN');
      try {
        const result = Object.fromEntries(statements.map(([name, statement]) => [name, statement.all(...args[name as StatementName]) as Row[]]));
        const {sinks, ...streamed} = streamedSinks();
        kept.push(streamed.dontKnow);
        for (const [name, statement] of streamedStatements) {
          for (const row of statement.iterate(iso) as IterableIterator<Row>) sinks[name](row);
        }
        return toLogRows(result as Record<StatementName, Row[]>, streamed);
      } finally {
        db.exec('COMMIT');
      }
    },
    async close() {
      for (const questions of kept.splice(0)) questions.close();
      db.close();
    },
  };
}

/** Rows fetched at a time from a cursor. */
const FETCH_ROWS = 5_000;

/** Reads a PostgreSQL query log through one connection, inside a read-only transaction so all sections see one snapshot. */
export async function openPostgresReader(connectionString: string, timeouts: {connectTimeoutMs: number; queryTimeoutMs: number}): Promise<LogReader> {
  const client = new pg.Client({connectionString, connectionTimeoutMillis: timeouts.connectTimeoutMs, statement_timeout: timeouts.queryTimeoutMs});
  await client.connect();
  const statements = Object.entries(sql(POSTGRES)).map(([name, text]) => [name, numbered(text)] as const);
  const kept: DontKnowQuestions[] = [];
  return {
    async read(since, limit) {
      const args = parameters(since, limit);
      await client.query('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const result: Record<string, Row[]> = {};
        for (const [name, text] of statements) result[name] = (await client.query<Row>(text, args[name as StatementName])).rows;
        const {sinks, ...streamed} = streamedSinks();
        kept.push(streamed.dontKnow);
        for (const [name, text] of Object.entries(STREAMED_SQL) as Array<[keyof typeof STREAMED_SQL, string]>) {
          await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${numbered(text)}`, [since]);
          for (;;) {
            const {rows} = await client.query<Row>(`FETCH FORWARD ${FETCH_ROWS} FROM ${name}`);
            for (const row of rows) sinks[name](row);
            if (rows.length < FETCH_ROWS) break;
          }
          await client.query(`CLOSE ${name}`);
        }
        return toLogRows(result as Record<StatementName, Row[]>, streamed);
      } finally {
        await client.query('ROLLBACK');
      }
    },
    async close() {
      for (const questions of kept.splice(0)) questions.close();
      await client.end();
    },
  };
}
