import type {QueryLogRecord} from '../../contract/query-log';
import type {CompletionRecord} from '../completions/pipeline';

/** What maintainers read from the log to find gaps in the docs. */
export interface QueryLogReport {
  since: Date;
  topQueries: Array<{query: string; count: number}>;
  negativeQueries: Array<{query: string; count: number}>;
  completions: number;
  iDontKnowShare: number;
}

/** The insert-only query log and the completion records (spec 7.4). */
export interface QueryLogStore {
  readonly kind: 'sqlite' | 'postgres';
  insertQuery(record: QueryLogRecord): Promise<void>;
  insertCompletion(record: CompletionRecord): Promise<void>;
  /** Counts of rows, for tests and the report. */
  countQueries(): Promise<number>;
  report(since: Date, limit?: number): Promise<QueryLogReport>;
  close(): Promise<void>;
}

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
  'CREATE INDEX IF NOT EXISTS queries_created_at ON queries (created_at)',
  'CREATE INDEX IF NOT EXISTS completions_created_at ON completions (created_at)',
];
