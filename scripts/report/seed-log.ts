import Database from 'better-sqlite3';
import pg from 'pg';
import {createPostgresStore} from '../../server/query-log/postgres-store';
import {createSqliteStore} from '../../server/query-log/sqlite-store';

/**
 * A query log over several days, for the report's tests: rows are written with the times they would have had, which
 * the stores' own inserts (always "now") cannot do, so they go in by SQL after the store has made its tables.
 */

const HOUR_MS = 3_600_000;

/** A completion asked `hoursAgo` hours before the seed's `now`. */
interface SeedCompletion {
  hoursAgo: number;
  prompt: string;
  references: string[];
  dontKnow: boolean;
}
/**
 * A row of the dialog's log. With `ratedHoursAgo`, a question rated in its own row, as the server now stores a rating;
 * without it, a rating carries the time of a row of its own, as older servers stored each rating beside its question.
 */
interface SeedQuery {
  hoursAgo: number;
  query: string;
  rating: 'positive' | 'negative' | null;
  ratedHoursAgo?: number;
}
interface SeedFeedback {
  hoursAgo: number;
  page: string;
  helpful: boolean;
  comment: string | null;
}

export interface SeedLog {
  completions: SeedCompletion[];
  queries: SeedQuery[];
  pageFeedback: SeedFeedback[];
}

/** Text a reader could type that would be markup, a script or a direction override if the page did not escape it. */
export const HOSTILE_QUESTION = 'What does <script>alert("x")</script> & <b>bold</b> do?';
export const HOSTILE_COMMENT = 'Step 3 fails <img src="http://192.0.2.1/x.png" onerror="alert(1)"> \u202Eevil\u202C & more';

const TAGS = ['/docs/tags#add-tags', '/docs/api/tutorials/tags#add-tags'];
const LINEAGE = ['/docs/lineage/lineage-feature-guide#overview', '/docs/api/tutorials/lineage#add-lineage', '/docs/lineage/lineage-feature-guide#manual'];
const QUICKSTART = ['/docs/quickstart#install'];

/** Rows over the last six days (one day without questions), and one row of each kind 40 days old, outside a 30-day report. */
export const SEED_LOG: SeedLog = {
  completions: [
    ...[120, 119, 118].map((h) => ({hoursAgo: h, prompt: 'How do I add a tag?', references: TAGS, dontKnow: false})),
    {hoursAgo: 117, prompt: 'How do I rotate the Kafka SSL keystore?', references: [], dontKnow: true},
    ...[96, 95].map((h) => ({hoursAgo: h, prompt: 'How is lineage shown?', references: LINEAGE, dontKnow: false})),
    {hoursAgo: 94, prompt: 'kafka ssl keystore rotation', references: ['/docs/deploy/kubernetes#kafka'], dontKnow: true},
    {hoursAgo: 93, prompt: 'Rotating Kafka SSL keystores', references: [], dontKnow: true},
    // 72 hours ago: a day without questions.
    ...[48, 47, 46, 45].map((h) => ({hoursAgo: h, prompt: 'How do I run the quickstart?', references: QUICKSTART, dontKnow: false})),
    {hoursAgo: 44, prompt: 'Does DataHub support Teradata lineage?', references: [], dontKnow: true},
    {hoursAgo: 24, prompt: 'How do I add a tag?', references: TAGS, dontKnow: false},
    {hoursAgo: 23, prompt: 'Does datahub support teradata lineage', references: [], dontKnow: true},
    {hoursAgo: 2, prompt: HOSTILE_QUESTION, references: [], dontKnow: true},
    {hoursAgo: 1, prompt: 'How do I rotate the Kafka SSL keystore?', references: [], dontKnow: true},
    {hoursAgo: 40 * 24, prompt: 'An old question outside the period', references: [], dontKnow: true},
  ],
  queries: [
    {hoursAgo: 119.9, query: 'How do I add a tag?', rating: 'positive'},
    {hoursAgo: 117.9, query: 'How do I add a tag?', rating: 'negative'},
    {hoursAgo: 94.9, query: 'How is lineage shown?', rating: 'negative'},
    {hoursAgo: 47.9, query: 'How do I run the quickstart?', rating: 'positive'},
    {hoursAgo: 46.9, query: 'How do I run the quickstart?', rating: 'positive'},
    {hoursAgo: 45.9, query: 'How do I run the quickstart?', rating: 'positive'},
    {hoursAgo: 23.9, query: 'how do i add a tag?', rating: 'negative'},
    {hoursAgo: 10, query: 'Can I purge soft-deleted datasets?', rating: 'negative'},
    {hoursAgo: 1.9, query: HOSTILE_QUESTION, rating: null},
    {hoursAgo: 40 * 24, query: 'An old question outside the period', rating: 'negative'},
  ],
  pageFeedback: [
    {hoursAgo: 110, page: '/docs/quickstart', helpful: true, comment: null},
    {hoursAgo: 100, page: '/docs/quickstart', helpful: true, comment: 'Worked first time'},
    {hoursAgo: 90, page: '/docs/quickstart', helpful: false, comment: HOSTILE_COMMENT},
    {hoursAgo: 50, page: '/docs/lineage/lineage-feature-guide', helpful: false, comment: 'No example for column-level lineage'},
    {hoursAgo: 30, page: '/docs/lineage/lineage-feature-guide', helpful: false, comment: null},
    {hoursAgo: 20, page: '/docs/lineage/lineage-feature-guide', helpful: true, comment: null},
    {hoursAgo: 5, page: '/docs/tags', helpful: true, comment: null},
    {hoursAgo: 40 * 24, page: '/docs/features', helpful: false, comment: 'outside the period'},
  ],
};

const at = (now: Date, hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);

/** Creates the SQLite log at `file` (through the store, as the server would) and writes `seed` into it. */
export async function seedSqliteLog(file: string, now: Date, seed: SeedLog = SEED_LOG): Promise<void> {
  await createSqliteStore(file).close();
  const db = new Database(file);
  try {
    db.transaction(() => {
      const completion = db.prepare('INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, ms_to_references, ms_to_end) VALUES (?, ?, ?, ?, 5, 20)');
      for (const c of seed.completions) completion.run(at(now, c.hoursAgo).toISOString(), c.prompt, JSON.stringify(c.references), c.dontKnow ? 1 : 0);
      const query = db.prepare('INSERT INTO queries (query, result_rating, created_at, rated_at) VALUES (?, ?, ?, ?)');
      for (const q of seed.queries) query.run(q.query, q.rating, at(now, q.hoursAgo).toISOString(), q.ratedHoursAgo === undefined ? null : at(now, q.ratedHoursAgo).toISOString());
      const feedback = db.prepare('INSERT INTO page_feedback (page, helpful, comment, created_at) VALUES (?, ?, ?, ?)');
      for (const f of seed.pageFeedback) feedback.run(f.page, f.helpful ? 1 : 0, f.comment, at(now, f.hoursAgo).toISOString());
    })();
  } finally {
    db.close();
  }
}

/**
 * Empties the PostgreSQL log at `url` (the tables are dropped, so run it against a database of its own), creates the
 * tables through the store and writes `seed` into them.
 */
export async function seedPostgresLog(url: string, now: Date, seed: SeedLog = SEED_LOG): Promise<void> {
  const client = new pg.Client({connectionString: url});
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS queries, completions, page_feedback');
    await (await createPostgresStore(url)).close();
    for (const c of seed.completions) {
      await client.query(
        'INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, ms_to_references, ms_to_end) VALUES ($1, $2, $3, $4, 5, 20)',
        [at(now, c.hoursAgo), c.prompt, JSON.stringify(c.references), c.dontKnow],
      );
    }
    for (const q of seed.queries) {
      await client.query('INSERT INTO queries (query, result_rating, created_at, rated_at) VALUES ($1, $2, $3, $4)', [
        q.query,
        q.rating,
        at(now, q.hoursAgo),
        q.ratedHoursAgo === undefined ? null : at(now, q.ratedHoursAgo),
      ]);
    }
    for (const f of seed.pageFeedback) {
      await client.query('INSERT INTO page_feedback (page, helpful, comment, created_at) VALUES ($1, $2, $3, $4)', [f.page, f.helpful, f.comment, at(now, f.hoursAgo)]);
    }
  } finally {
    await client.end();
  }
}

/**
 * `url` with every connection's search_path set to `schema` (created when missing), so a suite's tables stay apart
 * from the tables other suites drop and create on the same test database at the same time.
 */
export async function postgresUrlInSchema(url: string, schema: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema must be a plain lower-case identifier, got "${schema}"`);
  const client = new pg.Client({connectionString: url});
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return scoped.toString();
}
