import {spawn} from 'node:child_process';
import {chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {readConfig} from '../config';
import {keepQueryLogFor} from './retention';
import {boundRows} from './row-bound';
import {createSqliteStore} from './sqlite-store';
import {startQueryLogApi} from './test-app';

const ANON = 'anon-key-for-faults';

/** The unprivileged user a test run as root starts the server as (nobody). */
const NOBODY = 65534;

/** Whether every folder from `dir` up to the root lets any user through (the mode's execute bit for others). */
function reachableByAnyone(dir: string): boolean {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false;
    if (at === path.dirname(at)) return true;
  }
}

/**
 * A temporary folder under a parent the unprivileged user can reach: the run's own temporary folder when it can,
 * else the system's (a root run's TMPDIR is often private, mode 700).
 */
function tempDirForAnyone(prefix: string): string {
  const parent = [tmpdir(), '/tmp', '/var/tmp', '/dev/shm'].find((dir) => {
    try {
      return reachableByAnyone(dir);
    } catch {
      return false;
    }
  });
  if (!parent) throw new Error('No temporary folder every user can reach (tried TMPDIR, /tmp, /var/tmp, /dev/shm)');
  return mkdtempSync(path.join(parent, prefix));
}
const post = (url: string, query: string) =>
  fetch(url, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON}, body: JSON.stringify({query})});

describe('SQLite query log faults', () => {
  it('refuses writes with 503 and Retry-After, and reports not ready, once its folder is deleted under it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'querylog-gone-'));
    const store = createSqliteStore(path.join(dir, 'log.sqlite'));
    const {app, url, origin} = await startQueryLogApi(store, ANON);
    try {
      expect((await post(url, 'before')).status).toBe(201);
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      rmSync(dir, {recursive: true, force: true});
      // Acknowledged rows would go to a file nobody can open again: refused instead, with a time to come back.
      const refused = await post(url, 'after');
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({error: 'the query log is unavailable; try again later'});
      const ready = await fetch(`${origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({error: 'not ready: the query-log store (sqlite) does not answer'});
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('refuses writes once the file is replaced by another one at the same path', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'querylog-replaced-'));
    const file = path.join(dir, 'log.sqlite');
    const store = createSqliteStore(file);
    const {app, url} = await startQueryLogApi(store, ANON);
    try {
      rmSync(file);
      for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, {force: true});
      new Database(file).close();
      expect((await post(url, 'into the replaced file')).status).toBe(503);
    } finally {
      await app.close();
      await store.close();
    }
  });

  for (const suffix of ['-wal', '-shm'] as const) {
    it(`keeps every acknowledged row when the ${suffix} file is deleted under it, then refuses writes and reports not ready`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), `querylog${suffix}-`));
      const file = path.join(dir, 'log.sqlite');
      const store = createSqliteStore(file);
      const {app, url, origin} = await startQueryLogApi(store, ANON);
      try {
        for (let i = 0; i < 25; i++) expect((await post(url, `acknowledged ${i}`)).status).toBe(201);
        rmSync(file + suffix);
        const refused = await post(url, 'after the deletion');
        expect(refused.status).toBe(503);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await fetch(`${origin}/readyz`)).status).toBe(503);
        // A crash now leaves the database file alone (the deleted file goes with the process): what a restart reads.
        const afterCrash = path.join(dir, 'after-crash.sqlite');
        copyFileSync(file, afterCrash);
        const db = new Database(afterCrash, {readonly: true});
        try {
          expect((db.prepare('SELECT COUNT(*) AS n FROM queries').get() as {n: number}).n).toBe(25);
        } finally {
          db.close();
        }
      } finally {
        await app.close();
        await store.close();
      }
    });
  }

  it('refuses inserts with 507 once a table holds QUERY_LOG_MAX_ROWS rows, counts it, and stores again once retention frees room', async () => {
    expect(readConfig({QUERY_LOG_MAX_ROWS: '3'}).queryLogMaxRows).toBe(3);
    const dir = mkdtempSync(path.join(tmpdir(), 'querylog-full-'));
    const file = path.join(dir, 'log.sqlite');
    const store = await boundRows(createSqliteStore(file), 3);
    const {app, url} = await startQueryLogApi(store, ANON);
    try {
      for (let i = 0; i < 3; i++) expect((await post(url, `row ${i}`)).status).toBe(201);
      const full = await post(url, 'one too many');
      expect(full.status).toBe(507);
      expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await full.json()).toEqual({error: 'no more query-log rows are stored for now: the log holds as many as it may; try again later'});
      const metrics = await app.metrics.registry.metrics();
      expect(metrics).toMatch(/^query_log_rows\{table="queries"\} 3$/m);
      expect(metrics).toMatch(/^degraded_requests_total\{reason="query_log_full"\} 1$/m);
      // Two rows grow old; retention deletes them, and the count follows.
      const db = new Database(file);
      db.prepare("UPDATE queries SET created_at = '2000-01-01T00:00:00.000Z' WHERE query IN ('row 0', 'row 1')").run();
      db.close();
      expect(await store.prune(90)).toBe(2);
      expect((await post(url, 'room again')).status).toBe(201);
      expect(await store.countQueries()).toBe(2);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('deletes expired rows at start and again at each interval (QUERY_LOG_RETENTION_DAYS)', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'querylog-retention-')), 'log.sqlite');
    const store = createSqliteStore(file);
    const backdate = (query: string, days: number) => {
      const db = new Database(file);
      db.prepare('UPDATE queries SET created_at = ? WHERE query = ?').run(new Date(Date.now() - days * 86_400_000).toISOString(), query);
      db.close();
    };
    const logged: string[] = [];
    let stop = () => undefined as void;
    try {
      for (const query of ['old', 'recent']) await store.insertQuery({query});
      backdate('old', 100);
      backdate('recent', 10);
      stop = await keepQueryLogFor(store, 90, (message) => logged.push(message), 100);
      expect((await store.report(new Date(0), 10)).topQueries.map((q) => q.query)).toEqual(['recent']);
      expect(logged).toEqual(['Query log: deleted 1 rows older than 90 days (QUERY_LOG_RETENTION_DAYS)']);
      await store.insertQuery({query: 'expires later'});
      backdate('expires later', 95);
      await expect.poll(async () => (await store.report(new Date(0), 10)).topQueries.map((q) => q.query), {timeout: 5_000}).toEqual(['recent']);
    } finally {
      stop();
      await store.close();
    }
  });

  it('keeps every row with QUERY_LOG_RETENTION_DAYS=0', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'querylog-keep-')), 'log.sqlite');
    const store = createSqliteStore(file);
    await store.insertQuery({query: 'ancient'});
    const db = new Database(file);
    db.prepare('UPDATE queries SET created_at = ?').run('2001-01-01T00:00:00.000Z');
    db.close();
    const stop = await keepQueryLogFor(store, 0, () => undefined, 50);
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    expect(await store.countQueries()).toBe(1);
    await store.close();
  });

  it('stops the start-up with one line naming QUERY_LOG_SQLITE_PATH when the database file cannot be written', async () => {
    // root writes any file whatever its mode: then the server runs as an unprivileged user, who owns the folder (so
    // SQLite opens the file, read-only, without complaint) but not the file.
    const asRoot = process.getuid?.() === 0;
    const dir = asRoot ? tempDirForAnyone('querylog-readonly-') : mkdtempSync(path.join(tmpdir(), 'querylog-readonly-'));
    const file = path.join(dir, 'log.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec("CREATE TABLE queries (id INTEGER PRIMARY KEY AUTOINCREMENT, query TEXT NOT NULL, result_rating TEXT, created_at TEXT NOT NULL)");
    db.close();
    chmodSync(file, 0o444);
    // The server's own temporary folder (tsx keeps its cache and its pipe there): one it may write, whatever the mode
    // of this run's TMPDIR.
    const serverTmp = path.join(dir, 'tmp');
    mkdirSync(serverTmp);
    if (asRoot) {
      chownSync(dir, NOBODY, NOBODY);
      chownSync(serverTmp, NOBODY, NOBODY);
    }
    const command = asRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath] : [process.execPath];
    const child = spawn(command[0], [...command.slice(1), path.resolve('node_modules/tsx/dist/cli.mjs'), 'server/server.ts'], {
      env: {...process.env, SERVE_STATIC: 'false', PORT: '0', QUERY_LOG_SQLITE_PATH: file, BUILD_DIR: mkdtempSync(path.join(tmpdir(), 'no-build-')), TSX_TSCONFIG_PATH: path.resolve('tsconfig.json'), HOME: serverTmp, TMPDIR: serverTmp},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^QUERY_LOG_SQLITE_PATH: could not open the query log at .*log\.sqlite \(attempt to write a readonly database\)\. Point it at/);
  }, 120_000);
});
