import type {PageFeedbackRecord} from '../../contract/page-feedback';
import type {QueryLogRecord} from '../../contract/query-log';
import type {CompletionRecord} from '../completions/pipeline';

/** How readers rated one page: only pages with at least one answer in the period are listed. */
export interface PageRating {
  page: string;
  yes: number;
  no: number;
  /** no / (yes + no), in [0, 1]. */
  noShare: number;
}

/** The newest comments left on one page, newest first. */
export interface PageComments {
  page: string;
  comments: Array<{helpful: boolean; comment: string; createdAt: Date}>;
}

/** Comments the report shows per page: enough to see a pattern, few enough to read every page's. */
export const REPORT_COMMENTS_PER_PAGE = 3;

/** What maintainers read from the log to find gaps in the docs. */
export interface QueryLogReport {
  since: Date;
  topQueries: Array<{query: string; count: number}>;
  negativeQueries: Array<{query: string; count: number}>;
  completions: number;
  iDontKnowShare: number;
  /** Rated pages, highest share of "No" first (then more "No" answers, then path); at most `limit`. */
  pageRatings: PageRating[];
  /** Pages with comments, the most recently commented first; at most `limit` pages of REPORT_COMMENTS_PER_PAGE. */
  latestComments: PageComments[];
  /** Questions answered in doubt (their first two pages scored close), most asked first; at most `limit`. */
  inDoubt: InDoubtQuestion[];
}

/** A question whose answers were in doubt, with the first two pages of its latest such answer. */
export interface InDoubtQuestion {
  question: string;
  count: number;
  lastAsked: Date;
  /** The first two pages of the latest answer in doubt (its references' pages, in order). */
  pages: string[];
}

/** The section URLs of a stored reference list (a JSON array of them); none when it is not one, its other items dropped. */
export function referencesOf(referenceIds: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(referenceIds ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** The first `count` pages (anchors dropped) of a stored reference list, each once, in order. */
export function pagesOfReferences(referenceIds: string | null, count = Infinity): string[] {
  const pages = referencesOf(referenceIds).map((r) => r.replace(/[#?].*$/, '').replace(/(.)\/$/, '$1'));
  return [...new Set(pages)].slice(0, count);
}

/** The report's rows of REPORT_SQL.inDoubt, read the same from either store. */
export const inDoubtQuestionOf = (r: {question: unknown; count: unknown; last_asked: unknown; reference_ids: unknown}): InDoubtQuestion => ({
  question: String(r.question),
  count: Number(r.count),
  lastAsked: r.last_asked instanceof Date ? r.last_asked : new Date(String(r.last_asked)),
  pages: pagesOfReferences(r.reference_ids === null || r.reference_ids === undefined ? null : String(r.reference_ids), 2),
});

/**
 * A write the store refused for a reason that passes (a lock, a file being replaced, a database restarting): the
 * route answers 503 with Retry-After of `retryAfterSeconds`.
 */
export class StoreUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}

/** The tables of the query log. */
export const LOG_TABLES = ['queries', 'completions', 'page_feedback'] as const;
export type LogTableName = (typeof LOG_TABLES)[number];

/**
 * How long after a question a rating of it still finds the question's row (the dialog posts the question when it is
 * asked and the rating once the answer is read, minutes apart at most; a day leaves room for a dialog left open).
 */
export const RATING_FINDS_QUESTION_WITHIN_HOURS = 24;

/**
 * How a rating finds its question's row through the index queries_unrated (both stores; `?` is the question): by the
 * question's first characters, which any question fits in an index entry by (PostgreSQL's hold at most 2,704 bytes), and
 * the question whole. Without it a rating read every question of the day, a cost that grew with the site's traffic.
 */
export const UNRATED_QUESTION_SQL = 'result_rating IS NULL AND substr(query, 1, 200) = substr(?, 1, 200) AND query = ?';

/** How long after a vote its client may still add the comment (PATCH): a vote just cast, not one to rewrite later. */
export const COMMENT_AMENDS_VOTE_WITHIN_HOURS = 24;

/** What became of a comment sent for a vote. */
export type AmendOutcome =
  /** The vote's row now holds the comment. */
  | 'amended'
  /** The row already held this very comment (a retried request). */
  | 'unchanged'
  /** No vote with this id was cast within COMMENT_AMENDS_VOTE_WITHIN_HOURS. */
  | 'not-found'
  /** The field already holds something else (a vote, another comment: a comment is written once). */
  | 'conflict';

/**
 * The query log, the page ratings and the completion records (spec 7.4). The anonymous key adds rows; the only rows it
 * changes are its own, in one field each: a question's rating, and the comment of a vote it names by its random id.
 */
export interface QueryLogStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Stores a question, or a rating of one. A rating (`result_rating`) is written into the row of the same question
   * asked within RATING_FINDS_QUESTION_WITHIN_HOURS that has no rating yet (the newest), so a question asked and rated
   * is one row; with no such row it is a row of its own. With an idempotency key (the client's `Idempotency-Key`
   * header), a second write with the same key stores nothing, so a client may retry a write whose answer it never got.
   */
  insertQuery(record: QueryLogRecord, idempotencyKey?: string): Promise<void>;
  /** Stores a vote; a repeated vote_id, like a repeated idempotency key, stores nothing. */
  insertPageFeedback(record: PageFeedbackRecord, idempotencyKey?: string): Promise<void>;
  /** Adds the comment to the vote cast with `voteId` within COMMENT_AMENDS_VOTE_WITHIN_HOURS; nothing else changes. */
  amendPageFeedback(voteId: string, comment: string): Promise<AmendOutcome>;
  insertCompletion(record: CompletionRecord): Promise<void>;
  /** Counts of rows, for tests and the report. */
  countQueries(): Promise<number>;
  /** Rows in each table now (QUERY_LOG_MAX_ROWS bounds them; see row-bound.ts). */
  countRows(): Promise<Record<LogTableName, number>>;
  report(since: Date, limit?: number): Promise<QueryLogReport>;
  /** Resolves once the store answers a trivial statement (GET /readyz), within the store's own timeouts. */
  ping(): Promise<void>;
  /**
   * Deletes rows older than `days` days from every table (QUERY_LOG_RETENTION_DAYS); resolves to the rows deleted.
   * Counted back from `asOf` when given (the bench's later days), else from now (PostgreSQL: the database's clock).
   */
  prune(days: number, asOf?: Date): Promise<number>;
  /** Writes waiting: for a lock another process holds (SQLite's bounded retry queue), or for a pooled connection (PostgreSQL). */
  waitingWrites?(): number;
  close(): Promise<void>;
}

/** Groups comment rows, already ordered by page recency then newest first, into one entry per page. */
export function groupComments(rows: Array<{page: string; helpful: boolean; comment: string; createdAt: Date}>): PageComments[] {
  const byPage = new Map<string, PageComments>();
  for (const {page, ...comment} of rows) {
    const entry = byPage.get(page) ?? {page, comments: []};
    entry.comments.push(comment);
    byPage.set(page, entry);
  }
  return [...byPage.values()];
}

/**
 * The rows of `queries` that stand for a question asked. A rating is written into its question's row (rated_at set);
 * a row with a rating and no rated_at is a rating an older server (or a PostgREST table) stored as a row of its own,
 * after the question's row: it is counted as a rating, not as a question again.
 */
export const QUESTION_ROW_SQL = '(result_rating IS NULL OR rated_at IS NOT NULL)';

/** When a row's rating was given: rated_at, or for a rating stored as a row of its own, that row's time. */
export const RATED_AT_SQL = 'COALESCE(rated_at, created_at)';

/**
 * The report's page sections, in SQL both stores run (`?` placeholders; PostgreSQL's are numbered by `numbered`).
 * `helpful` is 0/1 in SQLite and a boolean in PostgreSQL; CASE reads both. Ties on time fall back to insert order.
 */
export const REPORT_SQL = {
  /** (since, limit): questions asked, counted once each whether rated or not; the same question in any case is one. */
  topQueries: `SELECT MIN(query) AS query, COUNT(*) AS count FROM queries WHERE created_at >= ? AND ${QUESTION_ROW_SQL}
    GROUP BY lower(query) ORDER BY count DESC, MIN(query) LIMIT ?`,
  /** (since, limit): thumbs-down ratings given in the period, by question. */
  negativeQueries: `SELECT MIN(query) AS query, COUNT(*) AS count FROM queries WHERE ${RATED_AT_SQL} >= ? AND result_rating = 'negative'
    GROUP BY lower(query) ORDER BY count DESC, MIN(query) LIMIT ?`,
  /** (since, limit): pages by share of "No", then by number of "No", then by path. */
  pageRatings: `SELECT page, SUM(CASE WHEN helpful THEN 1 ELSE 0 END) AS yes, SUM(CASE WHEN helpful THEN 0 ELSE 1 END) AS no
    FROM page_feedback WHERE created_at >= ? GROUP BY page
    ORDER BY 1.0 * SUM(CASE WHEN helpful THEN 0 ELSE 1 END) / COUNT(*) DESC, SUM(CASE WHEN helpful THEN 0 ELSE 1 END) DESC, page
    LIMIT ?`,
  /** (since, pages, per page): the newest comments of the most recently commented pages. */
  latestComments: `WITH commented AS (
      SELECT id, page, helpful, comment, created_at,
        ROW_NUMBER() OVER (PARTITION BY page ORDER BY created_at DESC, id DESC) AS n
      FROM page_feedback WHERE created_at >= ? AND comment IS NOT NULL
    ), pages AS (
      SELECT page, MAX(created_at) AS newest, MAX(id) AS newest_id FROM commented GROUP BY page
      ORDER BY newest DESC, newest_id DESC LIMIT ?
    )
    SELECT c.page, c.helpful, c.comment, c.created_at FROM commented c JOIN pages p ON p.page = c.page
    WHERE c.n <= ? ORDER BY p.newest DESC, p.newest_id DESC, c.n`,
  /**
   * (since, limit): questions answered in doubt (answered_in_doubt: the first two pages scored close), the same
   * question in any case and spacing one, most asked first, with the references of its latest answer in doubt. That
   * answer is found at its time (last_asked), through the index on created_at: completions has none on the prompt.
   */
  inDoubt: `SELECT g.question, g.count, g.last_asked,
      (SELECT c.reference_ids FROM completions c
        WHERE c.created_at = g.last_asked AND lower(trim(c.prompt)) = g.question_key AND c.answered_in_doubt
        ORDER BY c.id DESC LIMIT 1) AS reference_ids
    FROM (SELECT lower(trim(prompt)) AS question_key, MIN(prompt) AS question, COUNT(*) AS count, MAX(created_at) AS last_asked
      FROM completions WHERE created_at >= ? AND answered_in_doubt GROUP BY lower(trim(prompt))
      ORDER BY count DESC, last_asked DESC, question LIMIT ?) g
    ORDER BY g.count DESC, g.last_asked DESC, g.question`,
} as const;

/** `?` placeholders as PostgreSQL's `$1`, `$2`, ... (the report's SQL holds no other question mark). */
export const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};

/**
 * Rows one statement of a prune deletes: a pass over a large backlog (a first retention, a server down for weeks) is
 * many short statements, each within PostgreSQL's statement timeout and each holding SQLite's write lock briefly, so
 * inserts go on between them.
 */
export const PRUNE_CHUNK_ROWS = 5_000;

/** Tables that take an optional client idempotency key. */
export const IDEMPOTENCY_TABLES = ['queries', 'page_feedback'] as const;

/**
 * Columns added after the tables were first made, added at start to databases made before them (rows already stored
 * keep NULL there). `{{TIMESTAMP}}` is each store's time type.
 */
export const ADDED_COLUMNS = [
  ...IDEMPOTENCY_TABLES.map((table) => ({table, column: 'idempotency_key', type: 'TEXT'})),
  /** When the question's rating was given; NULL while it has none, and on rows stored before ratings joined questions. */
  {table: 'queries', column: 'rated_at', type: '{{TIMESTAMP}}'},
  /** The random id the widget sent with a vote (see VOTE_ID_PATTERN); NULL for votes sent without one. */
  {table: 'page_feedback', column: 'vote_id', type: 'TEXT'},
  /** The answer's first two pages scored close (CompletionRecord.answeredInDoubt); NULL on rows stored before. */
  {table: 'completions', column: 'answered_in_doubt', type: 'BOOLEAN'},
] as const;

/** Longest `Idempotency-Key` header accepted (longer: 400). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export const SCHEMA_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS queries (
    id INTEGER PRIMARY KEY {{AUTO}},
    query TEXT NOT NULL,
    result_rating TEXT CHECK (result_rating IN ('positive', 'negative')),
    created_at {{TIMESTAMP}} NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS completions (
    id INTEGER PRIMARY KEY {{AUTO}},
    created_at {{TIMESTAMP}} NOT NULL,
    prompt TEXT NOT NULL,
    reference_ids TEXT NOT NULL,
    answered_i_dont_know BOOLEAN NOT NULL,
    ms_to_references DOUBLE PRECISION NOT NULL,
    ms_to_end DOUBLE PRECISION NOT NULL
  )`,
  // "Was this page helpful?": one row per answer; the comment is the reader's plain text, NULL when they left none.
  `CREATE TABLE IF NOT EXISTS page_feedback (
    id INTEGER PRIMARY KEY {{AUTO}},
    page TEXT NOT NULL,
    helpful BOOLEAN NOT NULL,
    comment TEXT,
    created_at {{TIMESTAMP}} NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS queries_created_at ON queries (created_at)',
  'CREATE INDEX IF NOT EXISTS completions_created_at ON completions (created_at)',
  'CREATE INDEX IF NOT EXISTS page_feedback_created_at ON page_feedback (created_at)',
];

/** Run after ADDED_COLUMNS are added (each store adds them its own way to databases made before them). */
export const ADDED_INDEXES = [
  ...IDEMPOTENCY_TABLES.map((table) => `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_idempotency_key ON ${table} (idempotency_key)`),
  'CREATE UNIQUE INDEX IF NOT EXISTS page_feedback_vote_id ON page_feedback (vote_id)',
  // The ratings by when they were given, for the report's rating lists and days (RATED_AT_SQL, written the same in
  // its queries so both databases use it); only rated rows are in it, so a question asked costs it nothing.
  `CREATE INDEX IF NOT EXISTS queries_rated ON queries (${RATED_AT_SQL}) WHERE result_rating IS NOT NULL`,
  // The questions not rated yet, for a rating to find its question (UNRATED_QUESTION_SQL), newest last.
  'CREATE INDEX IF NOT EXISTS queries_unrated ON queries (substr(query, 1, 200), created_at, id) WHERE result_rating IS NULL',
];
