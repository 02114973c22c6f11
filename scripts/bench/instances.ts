/**
 * Two API instances on one machine sharing PostgreSQL and Redis, against one: completions/s and query-log inserts/s
 * at 50 connections to each instance (50 for one, 100 in all for two), zero errors expected, and every acknowledged
 * row present afterwards. A run with errors or with fewer rows stored than acknowledged adds an ERROR row and ends
 * the process non-zero (after the report is written). Part of `npm run bench`; alone:
 * `TEST_DATABASE_URL=postgres://... npx tsx scripts/bench/instances.ts` (BENCH_LOAD_SECONDS, default 10).
 */
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {freePort} from '../../server/free-port';
import {redisServerAvailable, startTestRedis} from '../../server/test-redis';
import {chatService} from '../../src/site';
import {readDevQuestions} from '../relevance';
import {toMarkdown, type BenchRow} from './report';

const AREA = 'Instances';
/** Connections to each instance, as a load balancer would spread 50 per instance. */
const CONNECTIONS_PER_INSTANCE = 50;
/** High enough that the bench measures throughput, not the limiter (which still counts every request in Redis). */
const UNLIMITED = '100000000';

interface Instance {
  origin: string;
  stop(): Promise<void>;
}

/** One `npm run serve` process with SERVE_STATIC=false, ready once its /readyz answers 200. */
async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SERVE_STATIC: 'false'},
    // Access lines are written as in production, then dropped; errors stay visible.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`an API instance exited with code ${child.exitCode} before it was ready`);
    const ready = await fetch(`${origin}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`an API instance on port ${port} was not ready within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Runs one load against every instance at once, CONNECTIONS_PER_INSTANCE connections to each. */
async function spread(instances: Instance[], options: (origin: string) => autocannon.Options) {
  const runs = await Promise.all(instances.map((instance) => cannon({...options(instance.origin), connections: CONNECTIONS_PER_INSTANCE})));
  const sum = (pick: (r: autocannon.Result) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {perSecond: sum((r) => r.requests.average), ok: sum((r) => r['2xx']), errors: sum((r) => r.errors + r.timeouts + r.non2xx)};
}

/** Completions/s and inserts/s of `count` instances, and whether every acknowledged insert is in PostgreSQL. */
async function measure(count: number, env: NodeJS.ProcessEnv, databaseUrl: string, seconds: number) {
  const instances = await Promise.all(Array.from({length: count}, () => startInstance(env)));
  try {
    const prompts = readDevQuestions().slice(0, 20).map((q) => q.query);
    const completions = await spread(instances, (origin) => ({
      url: `${origin}/v1/completions`, duration: seconds, method: 'POST', headers: {'content-type': 'application/json'},
      requests: prompts.map((prompt) => ({method: 'POST', body: JSON.stringify({prompt, projectKey: chatService.projectKey})})),
    }));
    // A query text of this run alone, so the row count is exact whatever the table held before.
    const marker = `bench instances ${count} ${Date.now()}`;
    const inserts = await spread(instances, (origin) => ({
      url: `${origin}/rest/v1/queries`, duration: seconds, method: 'POST',
      headers: {'content-type': 'application/json', apikey: chatService.queryLogAnonKey, prefer: 'return=minimal'},
      body: JSON.stringify({query: marker}),
    }));
    const pool = new pg.Pool({connectionString: databaseUrl, max: 1});
    try {
      const {rows} = await pool.query<{n: string}>('SELECT COUNT(*) AS n FROM queries WHERE query = $1', [marker]);
      return {completions, inserts, stored: Number(rows[0].n)};
    } finally {
      await pool.end();
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}

type Measured = Awaited<ReturnType<typeof measure>>;

/** What the run got wrong: requests that failed, and acknowledged query-log rows missing from PostgreSQL. */
export function instancesFailures(runs: Record<'one' | 'two', Measured>): string[] {
  const failures: string[] = [];
  for (const [name, run] of Object.entries(runs)) {
    const label = name === 'one' ? '1 instance' : '2 instances';
    if (run.completions.errors > 0) failures.push(`${label}: ${run.completions.errors} completions failed (errors, timeouts or non-2xx)`);
    if (run.inserts.errors > 0) failures.push(`${label}: ${run.inserts.errors} query-log inserts failed (errors, timeouts or non-2xx)`);
    if (run.stored < run.inserts.ok) failures.push(`${label}: ${run.inserts.ok} query-log rows acknowledged but ${run.stored} stored (${run.inserts.ok - run.stored} lost)`);
  }
  return failures;
}

/** The rows of the instances bench; without TEST_DATABASE_URL or redis-server, rows that say what is missing. */
export async function benchInstances(buildDir: string, seconds: number): Promise<BenchRow[]> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const missing = !databaseUrl ? 'no PostgreSQL (set TEST_DATABASE_URL)' : !redisServerAvailable() ? 'no Redis (install redis-server)' : null;
  if (missing || !databaseUrl) {
    return [{area: AREA, metric: 'Two API instances sharing PostgreSQL and Redis', value: NaN, unit: 'req/s', skipped: missing ?? 'no PostgreSQL'}];
  }
  const redis = await startTestRedis();
  try {
    const env = {
      BUILD_DIR: buildDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      CHAT_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      QUERY_LOG_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      PAGE_FEEDBACK_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      CHAT_MAX_CONCURRENT: '10000',
      CHAT_MAX_CONCURRENT_PER_CLIENT: '10000',
    };
    const one = await measure(1, env, databaseUrl, seconds);
    const two = await measure(2, env, databaseUrl, seconds);
    const note = (run: {errors: number}, extra = '') => `${run.errors} errors (target 0)${extra}`;
    const rowsNote = (r: typeof one) => `; ${r.inserts.ok} acknowledged, ${r.stored} stored${r.stored >= r.inserts.ok ? '' : ` (${r.inserts.ok - r.stored} ROWS LOST)`}`;
    const each = `${CONNECTIONS_PER_INSTANCE} connections each (${2 * CONNECTIONS_PER_INSTANCE} in all)`;
    const rows: BenchRow[] = [
      {area: AREA, metric: `Completions/s, 1 instance, ${CONNECTIONS_PER_INSTANCE} connections, ${seconds} s (PostgreSQL + Redis limits)`, value: one.completions.perSecond, unit: 'req/s', note: note(one.completions)},
      {
        area: AREA, metric: `Completions/s, 2 instances, ${each}`, value: two.completions.perSecond, unit: 'req/s',
        baseline: one.completions.perSecond, note: note(two.completions, '; baseline: 1 instance, same run'),
      },
      {area: AREA, metric: `Query-log inserts/s, 1 instance, ${CONNECTIONS_PER_INSTANCE} connections, ${seconds} s`, value: one.inserts.perSecond, unit: 'rows/s', note: note(one.inserts, rowsNote(one))},
      {
        area: AREA, metric: `Query-log inserts/s, 2 instances, ${each}`, value: two.inserts.perSecond, unit: 'rows/s',
        baseline: one.inserts.perSecond, note: note(two.inserts, `${rowsNote(two)}; baseline: 1 instance`),
      },
    ];
    const failures = instancesFailures({one, two});
    for (const failure of failures) {
      rows.push({area: AREA, metric: `ERROR: ${failure}`, value: NaN, unit: '', skipped: 'the run failed', note: 'the process ends non-zero'});
      console.error(`ERROR (instances bench): ${failure}`);
    }
    // Failed, but after the caller has written the report: the figures of a failed run are what one debugs with.
    if (failures.length > 0) process.exitCode = 1;
    return rows;
  } finally {
    await redis.kill();
  }
}

if (/scripts[\\/]bench[\\/]instances\.ts$/.test(process.argv[1] ?? '')) {
  benchInstances(path.resolve('build'), Number(process.env.BENCH_LOAD_SECONDS ?? 10)).then(
    (rows) => console.log(toMarkdown(rows, 'Instances bench')),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
