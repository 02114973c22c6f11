/**
 * The query log at a year's size (issue 50 §3): each store seeded with a year of readers' traffic, then the insert
 * latency of the server's own write path on the empty and on the full store, `npm run report` in a process of its own
 * (wall time, peak memory), and retention (QUERY_LOG_RETENTION_DAYS) pruning it back.
 */
import {mkdtempSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {createPostgresStore} from '../../server/query-log/postgres-store';
import {createSqliteStore} from '../../server/query-log/sqlite-store';
import type {QueryLogStore} from '../../server/query-log/store';
import {boundRows} from '../../server/query-log/row-bound';
import {serverDefaults} from '../../server/config';
import {postgresUrlInSchema} from '../report/seed-log';
import {seedPostgresTraffic, seedSqliteTraffic, type SeededRows, type TrafficOptions} from '../report/seed-traffic';
import {measureTsScript, type CommandUsage} from './measure-command';
import {percentile, type BenchRow} from './report';

const ROOT = path.resolve(__dirname, '../..');
const DAY_MS = 86_400_000;
/** The schema of the test database the PostgreSQL run drops and fills (its tables only). */
const POSTGRES_SCHEMA = 'bench_query_log_year';

/**
 * The writes a reader's browser and the server make, as the server makes them; and a rating of a question never
 * asked (a client posting ratings alone), which looks for its question and finds none.
 */
const INSERT_KINDS = ['question', 'rating', 'completion', 'page vote', 'rating, no question'] as const;
type InsertKind = (typeof INSERT_KINDS)[number];

/** Per-insert latency (ms) of each kind over `rounds` rounds of one question asked, answered, rated and a page voted. */
async function insertLatencies(store: QueryLogStore, rounds: number, label: string): Promise<Record<InsertKind, number[]>> {
  const samples: Record<InsertKind, number[]> = {question: [], rating: [], completion: [], 'page vote': [], 'rating, no question': []};
  const time = async (kind: InsertKind, write: () => Promise<unknown>) => {
    const started = performance.now();
    await write();
    samples[kind].push(performance.now() - started);
  };
  for (let i = 0; i < rounds; i++) {
    const query = `How do I configure ingestion source ${label} ${i}?`;
    await time('question', () => store.insertQuery({query}));
    await time('completion', () =>
      store.insertCompletion({createdAt: new Date(), prompt: query, references: ['/docs/quickstart#install'], answeredIDontKnow: false, answeredInDoubt: false, msToReferences: 5, msToEnd: 20}),
    );
    await time('rating', () => store.insertQuery({query, result_rating: i % 3 === 0 ? 'negative' : 'positive'}));
    await time('page vote', () => store.insertPageFeedback({page: '/docs/quickstart', helpful: i % 2 === 0, vote_id: crypto.randomUUID()}));
    await time('rating, no question', () => store.insertQuery({query: `Never asked ${label} ${i}`, result_rating: 'negative'}));
  }
  return samples;
}

/** One store's figures. */
export interface QueryLogYear {
  store: 'SQLite' | 'PostgreSQL';
  seeded: SeededRows;
  seedSeconds: number;
  sizeFull: StoreSize;
  insertEmpty: Record<InsertKind, number[]>;
  insertFull: Record<InsertKind, number[]>;
  /** Opening the full store as the server does at start: tables checked, then its rows counted (QUERY_LOG_MAX_ROWS), s. */
  openSeconds: number;
  countSeconds: number;
  reports: Array<{label: string; usage: CommandUsage}>;
  retention: Array<{label: string; seconds: number; deleted: number; left: number; size: StoreSize}>;
}

/** Bytes the store's files take, and of them the pages holding rows (SQLite; PostgreSQL: the same figure). */
interface StoreSize {
  onDisk: number;
  inUse: number;
}

/** What a store seeded for the bench offers: open it as the server does, its size, and its rows. */
interface BenchedStore {
  name: QueryLogYear['store'];
  /** The environment that points the server and `npm run report` at it. */
  env: NodeJS.ProcessEnv;
  open(): Promise<QueryLogStore>;
  /** Writes the traffic into a store made afresh, or with `append` into the store as it is. */
  seed(options: TrafficOptions, onBatch: (written: SeededRows) => void, append?: boolean): Promise<SeededRows>;
  size(): Promise<StoreSize>;
  cleanUp(): Promise<void>;
}

function sqliteBench(): BenchedStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-query-log-'));
  const file = path.join(dir, 'query-log.sqlite');
  return {
    name: 'SQLite',
    env: {QUERY_LOG_SQLITE_PATH: file, DATABASE_URL: undefined},
    open: async () => createSqliteStore(file),
    // SQLite's seed always adds to the file (making the tables when missing): a fresh store is a fresh file.
    seed: async (options, onBatch, append) => {
      if (!append) rmSync(dir, {recursive: true, force: true});
      return seedSqliteTraffic(file, options, ROOT, onBatch);
    },
    async size() {
      // Pages in use: a prune frees pages for later rows without shrinking the file (no auto_vacuum).
      const db = new Database(file);
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
        const pageSize = Number(db.pragma('page_size', {simple: true}));
        const pages = Number(db.pragma('page_count', {simple: true}));
        return {onDisk: statSync(file).size, inUse: (pages - Number(db.pragma('freelist_count', {simple: true}))) * pageSize};
      } finally {
        db.close();
      }
    },
    async cleanUp() {
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

async function postgresBench(url: string): Promise<BenchedStore> {
  const scoped = await postgresUrlInSchema(url, POSTGRES_SCHEMA);
  const sql = async <T extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({connectionString: scoped});
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    env: {DATABASE_URL: scoped},
    open: () => createPostgresStore(scoped),
    seed: (options, onBatch, append) => seedPostgresTraffic(scoped, options, ROOT, onBatch, {append}),
    async size() {
      // After a vacuum, as autovacuum runs after a prune: the space of deleted rows is then free for new ones.
      await sql('VACUUM queries, completions, page_feedback');
      const [row] = await sql<{bytes: string}>(
        "SELECT pg_total_relation_size('queries') + pg_total_relation_size('completions') + pg_total_relation_size('page_feedback') AS bytes",
      );
      return {onDisk: Number(row.bytes), inUse: Number(row.bytes)};
    },
    async cleanUp() {
      await sql('DROP TABLE IF EXISTS queries, completions, page_feedback');
    },
  };
}

/** Heap the last report runs in: what the HTML page needs on an empty log with the site's words read from a build (about 100 MiB), and little more. */
const CAPPED_HEAP_MIB = 128;

const REPORTS: Array<{label: string; args: string[]; node?: string[]}> = [
  {label: 'text, 30 days (the default)', args: []},
  {label: 'HTML page, 30 days', args: ['--html', '{dir}/report.html']},
  {label: 'text, 365 days', args: ['--days', '365']},
  {label: 'HTML page, 365 days', args: ['--days', '365', '--html', '{dir}/report.html']},
  // Peak memory above is what the process took, garbage included; this run shows what it needs.
  {label: `HTML page, 365 days, heap capped at ${CAPPED_HEAP_MIB} MiB`, args: ['--days', '365', '--html', '{dir}/report.html'], node: [`--max-old-space-size=${CAPPED_HEAP_MIB}`]},
];

/** Rounds of every write: the p99 is then the 20th slowest of each. */
const INSERT_ROUNDS = 2000;

async function measureStore(bench: BenchedStore, rows: number, log: (line: string) => void): Promise<QueryLogYear> {
  // The empty store first, on a store made just for it.
  await bench.seed({rows: 0, days: 1, now: new Date()}, () => undefined);
  let store = await bench.open();
  const insertEmpty = await insertLatencies(store, INSERT_ROUNDS, 'empty');
  await store.close();

  const seedStarted = performance.now();
  let reported = 0;
  const seeded = await bench.seed({rows, days: 365, now: new Date()}, (written) => {
    const total = written.queries + written.completions + written.page_feedback;
    if (total - reported >= 1_000_000) {
      reported = total;
      log(`${bench.name}: ${total.toLocaleString('en-US')} rows seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
    }
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const sizeFull = await bench.size();

  let started = performance.now();
  store = await bench.open();
  const openSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  // A count the store's statement timeout cuts short would stop a server's start: said, not thrown.
  const countSeconds = await boundRows(store, serverDefaults.queryLogMaxRows).then(
    () => (performance.now() - started) / 1000,
    (error: Error) => {
      log(`${bench.name}: counting the rows at start FAILED: ${error.message}`);
      return NaN;
    },
  );
  const insertFull = await insertLatencies(store, INSERT_ROUNDS, 'full');
  await store.close();

  const reports: QueryLogYear['reports'] = [];
  const out = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
  try {
    reports.push({label: 'startup only (--help)', usage: measureTsScript('scripts/report.ts', ['--help'], bench.env)});
    for (const {label, args, node} of REPORTS) {
      const usage = measureTsScript('scripts/report.ts', args.map((a) => a.replace('{dir}', out)), {...bench.env, BUILD_DIR: path.join(ROOT, 'build')}, node);
      log(`${bench.name}: report ${label}: ${usage.seconds.toFixed(1)} s, ${usage.maxRssMiB.toFixed(0)} MiB${usage.status === 0 ? '' : `, FAILED: ${usage.stderr.trim().split('\n').at(-1)}`}`);
      reports.push({label, usage});
    }
  } finally {
    rmSync(out, {recursive: true, force: true});
  }

  // Retention as the server runs it: the first pass at 90 days (the default) and the next day's; then a month more of
  // the same traffic and the passes a month on, at 90 days and at 30.
  const retention: QueryLogYear['retention'] = [];
  const pass = async (label: string, days: number, asOf: Date) => {
    store = await bench.open();
    try {
      const started = performance.now();
      const deleted = await store.prune(days, asOf).catch((error: Error) => {
        log(`${bench.name}: prune ${days} days FAILED: ${error.message}`);
        return NaN;
      });
      const seconds = (performance.now() - started) / 1000;
      const counts = await store.countRows().catch((error: Error) => {
        log(`${bench.name}: counting the rows FAILED: ${error.message}`);
        return {queries: NaN, completions: NaN, page_feedback: NaN};
      });
      retention.push({label, seconds, deleted, left: counts.queries + counts.completions + counts.page_feedback, size: await bench.size()});
    } finally {
      await store.close();
    }
  };
  const now = Date.now();
  await pass('90 days, first pass', 90, new Date(now));
  await pass('90 days, the next day', 90, new Date(now + DAY_MS));
  const monthOn = new Date(now + 30 * DAY_MS);
  await bench.seed({rows: Math.round((rows * 30) / 365), days: 30, now: monthOn, seed: 51}, () => undefined, true);
  await pass('90 days, a month (and its traffic) on', 90, monthOn);
  await pass('30 days, a month on', 30, monthOn);
  return {store: bench.name, seeded, seedSeconds, sizeFull, insertEmpty, insertFull, openSeconds, countSeconds, reports, retention};
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const total = (rows: SeededRows) => rows.queries + rows.completions + rows.page_feedback;

/** The phase's figures as one markdown table, a column per store. */
export function queryLogYearTable(results: QueryLogYear[]): string {
  const head = `| Measure | ${results.map((r) => r.store).join(' | ')} |`;
  const line = (measure: string, cell: (r: QueryLogYear) => string) => `| ${measure} | ${results.map(cell).join(' | ')} |`;
  const lines = [
    head,
    `|---|${results.map(() => '---').join('|')}|`,
    line('Rows seeded (queries / completions / page votes)', (r) => `${total(r.seeded).toLocaleString('en-US')} (${r.seeded.queries.toLocaleString('en-US')} / ${r.seeded.completions.toLocaleString('en-US')} / ${r.seeded.page_feedback.toLocaleString('en-US')})`),
    line('Seed time, size on disk', (r) => `${r.seedSeconds.toFixed(0)} s, ${mib(r.sizeFull.onDisk)}`),
    line('Server start on the full store: open, then count rows (QUERY_LOG_MAX_ROWS)', (r) => `${r.openSeconds.toFixed(1)} s, ${Number.isNaN(r.countSeconds) ? 'FAILED' : `${r.countSeconds.toFixed(1)} s`}`),
    ...INSERT_KINDS.map((kind) =>
      line(`Insert p50 / p99, ${kind}: empty → full (ms)`, (r) => `${ms(percentile(r.insertEmpty[kind], 50))} / ${ms(percentile(r.insertEmpty[kind], 99))} → ${ms(percentile(r.insertFull[kind], 50))} / ${ms(percentile(r.insertFull[kind], 99))}`),
    ),
    ...results[0].reports.map(({label}, i) =>
      line(`\`npm run report\`: ${label}`, (r) => {
        const u = r.reports[i].usage;
        return `${u.seconds.toFixed(1)} s, ${u.maxRssMiB.toFixed(0)} MiB${u.status === 0 ? '' : ' (FAILED)'}`;
      }),
    ),
    ...results[0].retention.map(({label}, i) =>
      line(`Retention ${label}: pass time, rows deleted → left, size in use / on disk`, (r) => {
        const p = r.retention[i];
        return `${p.seconds.toFixed(1)} s, ${Number.isNaN(p.deleted) ? 'FAILED' : p.deleted.toLocaleString('en-US')} → ${p.left.toLocaleString('en-US')}, ${mib(p.size.inUse)} / ${mib(p.size.onDisk)}`;
      }),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** The phase: SQLite always, PostgreSQL with TEST_DATABASE_URL; prints its table and returns rows for the report. */
export async function benchQueryLogYear(rows: number, log: (line: string) => void = console.error): Promise<{rows: BenchRow[]; table: string}> {
  const benches: BenchedStore[] = [sqliteBench()];
  if (process.env.TEST_DATABASE_URL) benches.push(await postgresBench(process.env.TEST_DATABASE_URL));
  const results: QueryLogYear[] = [];
  for (const bench of benches) {
    try {
      const result = await measureStore(bench, rows, log);
      results.push(result);
      // Each store's figures as soon as they are in: a later store's failure does not lose them.
      log(`\n${queryLogYearTable([result])}`);
    } finally {
      await bench.cleanUp();
    }
  }
  const benchRows: BenchRow[] = [];
  for (const r of results) {
    const area = `Query log, a year (${total(r.seeded).toLocaleString('en-US')} rows)`;
    const allEmpty = INSERT_KINDS.flatMap((k) => r.insertEmpty[k]);
    const allFull = INSERT_KINDS.flatMap((k) => r.insertFull[k]);
    benchRows.push({area, metric: `${r.store}: insert p99, full store (every kind)`, value: percentile(allFull, 99), unit: 'ms', baseline: percentile(allEmpty, 99), note: 'baseline: the empty store; target: unchanged'});
    const text = r.reports.find((x) => x.label.startsWith('text, 30'))!.usage;
    benchRows.push({area, metric: `${r.store}: npm run report (text, 30 days)`, value: text.seconds, unit: 's', note: `peak ${text.maxRssMiB.toFixed(0)} MiB; target < 30 s`});
    const html = r.reports.find((x) => x.label.startsWith('HTML page, 30'))!.usage;
    benchRows.push({area, metric: `${r.store}: npm run report --html (30 days)`, value: html.seconds, unit: 's', note: `peak ${html.maxRssMiB.toFixed(0)} MiB; target < 30 s`});
  }
  if (!process.env.TEST_DATABASE_URL) benchRows.push({area: 'Query log, a year', metric: 'PostgreSQL', value: NaN, unit: '', note: 'not measured: set TEST_DATABASE_URL'});
  return {rows: benchRows, table: queryLogYearTable(results)};
}
