/**
 * A synthetic query log of many days of readers' traffic (issue 50 §3), for the bench and for the report's memory test:
 * rows in time order, written in bulk with the times they would have had (the stores' own inserts always write "now").
 * The questions are the ones the team and real users wrote (data/questions, data/*-questions.tsv), the most asked far
 * more often than the rest, a quarter of them reworded and a few carrying a pasted error id, so that the distinct
 * questions grow with the log as a real one's do.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import path from 'node:path';
import {readFileSync} from 'node:fs';
import {readQuestionFiles} from '../../plugins/search-index/questions';
import {readQuestionFile} from '../evaluation/question-sets';
import {createPostgresStore} from '../../server/query-log/postgres-store';
import {createSqliteStore} from '../../server/query-log/sqlite-store';

const DAY_MS = 86_400_000;

export interface TrafficOptions {
  /** Rows in all three tables together. */
  rows: number;
  /** Days the traffic spans, ending at `now`. */
  days: number;
  now: Date;
  /** Seed of the pseudo-random choices: the same options give the same log. */
  seed?: number;
}

/** Rows of one table, in the columns the seed writes; times in ms since the epoch. */
export interface TrafficBatch {
  queries: Array<{query: string; rating: 'positive' | 'negative' | null; createdAt: number; ratedAt: number | null}>;
  completions: Array<{prompt: string; referenceIds: string; dontKnow: boolean; inDoubt: boolean; createdAt: number; msToReferences: number; msToEnd: number}>;
  pageFeedback: Array<{page: string; helpful: boolean; comment: string | null; voteId: string; createdAt: number}>;
}

/** What each question asked writes: its row in queries, its completion, and one page vote in eight questions. */
const FEEDBACK_PER_QUESTION = 1 / 8;
const ROWS_PER_QUESTION = 2 + FEEDBACK_PER_QUESTION;
const RATED_SHARE = 0.12;
const DONT_KNOW_SHARE = 0.09;
const IN_DOUBT_SHARE = 0.05;
const COMMENT_SHARE = 0.1;
/** Questions reworded (case, punctuation, a word added), and questions that carry a pasted id of their own. */
const REWORDED_SHARE = 0.25;
const UNIQUE_SHARE = 0.04;

/** Mulberry32: small, fast and good enough to spread synthetic rows. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface AskedQuestion {
  text: string;
  /** Section URLs an answer to it cites. */
  sections: string[];
}

/** Every question the repository holds with the sections that answer it; the written ones cite their own section. */
function readQuestionPool(root: string): {questions: AskedQuestion[]; pages: string[]} {
  const questions: AskedQuestion[] = [];
  for (const {questions: file} of readQuestionFiles(root)) {
    for (const [route, anchors] of Object.entries(file)) {
      for (const [anchor, list] of Object.entries(anchors)) {
        for (const text of list) questions.push({text, sections: [anchor ? `${route}#${anchor}` : route]});
      }
    }
  }
  for (const file of ['real-dev-questions.tsv', 'chat-dev-questions.tsv', 'chat-team-questions.tsv', 'chat-thread-questions.tsv']) {
    for (const q of readQuestionFile(path.join(root, 'data', file))) questions.push({text: q.text, sections: q.acceptable});
  }
  const pages = readFileSync(path.join(root, 'data/routes.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .map((line) => line.split('\t')[0]);
  return {questions, pages};
}

const ADDED_WORDS = ['please', 'in datahub', 'on kubernetes', 'with docker compose', 'v0.10.5', 'in python', 'from the UI', 'again', 'thanks', 'urgent'];
const COMMENTS = ['Worked first time', 'The example is out of date', 'Missing a step for Kubernetes', 'Thanks, clear', 'Which version is this for?', 'Link to the API reference is broken'];

/**
 * The rows of `options.rows` rows of traffic, in time order, `batchRows` at a time. Each day holds its share (weekdays
 * twice a weekend day's), each question at a time of day drawn from office hours more than from the night.
 */
export function* trafficBatches(options: TrafficOptions, root: string, batchRows = 20_000): Generator<TrafficBatch> {
  const random = randomFrom(options.seed ?? 50);
  const {questions, pages} = readQuestionPool(root);
  const questionsTotal = Math.round(options.rows / ROWS_PER_QUESTION);
  const start = options.now.getTime() - options.days * DAY_MS;
  const dayWeights = Array.from({length: options.days}, (_, d) => ([0, 6].includes(new Date(start + d * DAY_MS).getUTCDay()) ? 1 : 2));
  const weightTotal = dayWeights.reduce((a, b) => a + b, 0);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  // Skewed: the first questions of the pool (shuffled once) are asked far more often than the last.
  const order = questions.map((q) => ({q, key: random()})).sort((a, b) => a.key - b.key).map((e) => e.q);
  const popular = () => order[Math.floor(order.length * random() ** 3)];
  const hex = (digits: number) => Array.from({length: digits}, () => Math.floor(random() * 16).toString(16)).join('');
  const reworded = (text: string) => {
    const r = random();
    if (r < UNIQUE_SHARE / REWORDED_SHARE) return `${text} (error id ${hex(12)})`;
    if (r < 0.4) return text.toLowerCase().replace(/[?.!]+$/, '');
    if (r < 0.7) return `${text.replace(/[?.!]+$/, '')} ${pick(ADDED_WORDS)}?`;
    return text.replace(/\bhow do i\b/i, 'how can I').replace(/\bdatahub\b/gi, 'DataHub');
  };

  // The chat's retrieval is deterministic: a question, in any of its wordings here, is answered with the same references.
  const citedLists = new Map<AskedQuestion, string[]>();
  const citedFor = (base: AskedQuestion) => {
    let list = citedLists.get(base);
    if (!list) citedLists.set(base, (list = [...new Set([...base.sections, pick(order).sections[0], pick(order).sections[0]].filter(Boolean))]));
    return list;
  };

  let batch: TrafficBatch = {queries: [], completions: [], pageFeedback: []};
  let inBatch = 0;
  let asked = 0;
  let carried = 0;
  for (let day = 0; day < options.days; day++) {
    // Whole questions per day, the remainders carried so the total is exact.
    const exact = (questionsTotal * dayWeights[day]) / weightTotal + carried;
    const today = day === options.days - 1 ? questionsTotal - asked : Math.floor(exact);
    carried = exact - today;
    asked += today;
    const times = Array.from({length: today}, () => {
      // Two draws averaged: the day's middle more likely than its ends.
      const hour = (random() + random()) * 12;
      return Math.min(options.now.getTime() - 1, start + day * DAY_MS + hour * 3_600_000);
    }).sort((a, b) => a - b);
    for (const at of times) {
      const base = popular();
      const text = random() < REWORDED_SHARE ? reworded(base.text) : base.text;
      const rated = random() < RATED_SHARE;
      batch.queries.push({query: text, rating: rated ? (random() < 0.7 ? 'positive' : 'negative') : null, createdAt: at, ratedAt: rated ? at + 20_000 + random() * 100_000 : null});
      const dontKnow = random() < DONT_KNOW_SHARE;
      const cited = dontKnow ? [] : citedFor(base);
      const msToReferences = 4 + random() * 30;
      batch.completions.push({
        prompt: text,
        referenceIds: JSON.stringify(cited),
        dontKnow,
        inDoubt: !dontKnow && random() < IN_DOUBT_SHARE,
        createdAt: at,
        msToReferences,
        msToEnd: msToReferences + 10 + random() * 150,
      });
      inBatch += 2;
      if (random() < FEEDBACK_PER_QUESTION) {
        batch.pageFeedback.push({page: pick(pages), helpful: random() < 0.75, comment: random() < COMMENT_SHARE ? pick(COMMENTS) : null, voteId: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`, createdAt: at + 60_000});
        inBatch += 1;
      }
      if (inBatch >= batchRows) {
        yield batch;
        batch = {queries: [], completions: [], pageFeedback: []};
        inBatch = 0;
      }
    }
  }
  if (inBatch > 0) yield batch;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Rows written by a seed, per table. */
export interface SeededRows {
  queries: number;
  completions: number;
  page_feedback: number;
}

const count = (batch: TrafficBatch, into: SeededRows) => {
  into.queries += batch.queries.length;
  into.completions += batch.completions.length;
  into.page_feedback += batch.pageFeedback.length;
};

/** Writes the traffic into the SQLite log at `file` (its tables made by the store, as the server makes them). */
export async function seedSqliteTraffic(file: string, options: TrafficOptions, root: string, onBatch?: (written: SeededRows) => void): Promise<SeededRows> {
  await createSqliteStore(file).close();
  const db = new Database(file);
  const written: SeededRows = {queries: 0, completions: 0, page_feedback: 0};
  try {
    const query = db.prepare('INSERT INTO queries (query, result_rating, created_at, rated_at) VALUES (?, ?, ?, ?)');
    const completion = db.prepare(
      'INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, answered_in_doubt, ms_to_references, ms_to_end) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const feedback = db.prepare('INSERT INTO page_feedback (page, helpful, comment, created_at, vote_id) VALUES (?, ?, ?, ?, ?)');
    const write = db.transaction((batch: TrafficBatch) => {
      for (const q of batch.queries) query.run(q.query, q.rating, iso(q.createdAt), q.ratedAt === null ? null : iso(q.ratedAt));
      for (const c of batch.completions) completion.run(iso(c.createdAt), c.prompt, c.referenceIds, c.dontKnow ? 1 : 0, c.inDoubt ? 1 : 0, c.msToReferences, c.msToEnd);
      for (const f of batch.pageFeedback) feedback.run(f.page, f.helpful ? 1 : 0, f.comment, iso(f.createdAt), f.voteId);
    });
    for (const batch of trafficBatches(options, root, 50_000)) {
      write(batch);
      count(batch, written);
      onBatch?.(written);
    }
  } finally {
    db.close();
  }
  return written;
}

/**
 * Writes the traffic into the PostgreSQL log at `url`, whose tables are dropped first (run it against a database or
 * schema of its own; see postgresUrlInSchema) and made again by the store, unless `append`. Each batch is one
 * statement per table.
 */
export async function seedPostgresTraffic(url: string, options: TrafficOptions, root: string, onBatch?: (written: SeededRows) => void, {append = false} = {}): Promise<SeededRows> {
  const client = new pg.Client({connectionString: url});
  await client.connect();
  const written: SeededRows = {queries: 0, completions: 0, page_feedback: 0};
  try {
    if (!append) {
      await client.query('DROP TABLE IF EXISTS queries, completions, page_feedback');
      await (await createPostgresStore(url)).close();
    }
    for (const batch of trafficBatches(options, root, 50_000)) {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO queries (query, result_rating, created_at, rated_at)
          SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[])`,
        [batch.queries.map((q) => q.query), batch.queries.map((q) => q.rating), batch.queries.map((q) => iso(q.createdAt)), batch.queries.map((q) => (q.ratedAt === null ? null : iso(q.ratedAt)))],
      );
      const c = batch.completions;
      await client.query(
        `INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, answered_in_doubt, ms_to_references, ms_to_end)
          SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::boolean[], $5::boolean[], $6::float8[], $7::float8[])`,
        [c.map((r) => iso(r.createdAt)), c.map((r) => r.prompt), c.map((r) => r.referenceIds), c.map((r) => r.dontKnow), c.map((r) => r.inDoubt), c.map((r) => r.msToReferences), c.map((r) => r.msToEnd)],
      );
      const f = batch.pageFeedback;
      await client.query(
        `INSERT INTO page_feedback (page, helpful, comment, created_at, vote_id)
          SELECT * FROM unnest($1::text[], $2::boolean[], $3::text[], $4::timestamptz[], $5::text[])`,
        [f.map((r) => r.page), f.map((r) => r.helpful), f.map((r) => r.comment), f.map((r) => iso(r.createdAt)), f.map((r) => r.voteId)],
      );
      await client.query('COMMIT');
      count(batch, written);
      onBatch?.(written);
    }
    // As autovacuum leaves tables some time after such a load: visibility map set, statistics fresh for the planner.
    await client.query('VACUUM (ANALYZE) queries, completions, page_feedback');
  } finally {
    await client.end();
  }
  return written;
}
