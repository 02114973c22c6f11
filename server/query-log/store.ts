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
}

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

/** The insert-only query log, the page ratings and the completion records (spec 7.4). */
export interface QueryLogStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Inserts a row; with an idempotency key (the client's `Idempotency-Key` header), a second insert with the same key
   * stores nothing, so a client may retry an insert whose answer it never got without writing it twice.
   */
  insertQuery(record: QueryLogRecord, idempotencyKey?: string): Promise<void>;
  insertPageFeedback(record: PageFeedbackRecord, idempotencyKey?: string): Promise<void>;
  insertCompletion(record: CompletionRecord): Promise<void>;
  /** Counts of rows, for tests and the report. */
  countQueries(): Promise<number>;
  /** Rows in each table now (QUERY_LOG_MAX_ROWS bounds them; see row-bound.ts). */
  countRows(): Promise<Record<LogTableName, number>>;
  report(since: Date, limit?: number): Promise<QueryLogReport>;
  /** Resolves once the store answers a trivial statement (GET /readyz), within the store's own timeouts. */
  ping(): Promise<void>;
  /** Deletes rows older than `days` days from every table (QUERY_LOG_RETENTION_DAYS); resolves to the rows deleted. */
  prune(days: number): Promise<number>;
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
 * The report's page sections, in SQL both stores run (`?` placeholders; PostgreSQL's are numbered by `numbered`).
 * `helpful` is 0/1 in SQLite and a boolean in PostgreSQL; CASE reads both. Ties on time fall back to insert order.
 */
export const REPORT_SQL = {
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
} as const;

/** `?` placeholders as PostgreSQL's `$1`, `$2`, ... (the report's SQL holds no other question mark). */
export const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};

/** Tables that take an optional client idempotency key, a column added to existing databases at start. */
export const IDEMPOTENCY_TABLES = ['queries', 'page_feedback'] as const;

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

/** Run after the idempotency_key column is added (each store adds it its own way to databases made before it). */
export const IDEMPOTENCY_INDEXES = IDEMPOTENCY_TABLES.map((table) => `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_idempotency_key ON ${table} (idempotency_key)`);
