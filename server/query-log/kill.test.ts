import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {CHAT_SECTIONS_FILE} from '../../plugins/search-index/constants';
import {freePort} from '../free-port';

describe('query log when the server is stopped mid-burst', () => {
  // SIGKILL: nothing runs after it, so a row is acknowledged only once committed. SIGTERM: the server closes itself
  // (in-flight requests, then the store) and must not lose what it acknowledged on the way out either.
  it.each(['SIGKILL', 'SIGTERM'] as const)('keeps every row it acknowledged after %s, in a file that passes the integrity check', async (signal) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kill-')), 'log.sqlite');
    // A build folder with no sections: the server starts at once, without indexing the docs.
    const buildDir = path.join(path.dirname(file), 'build');
    mkdirSync(path.dirname(path.join(buildDir, CHAT_SECTIONS_FILE)), {recursive: true});
    writeFileSync(path.join(buildDir, CHAT_SECTIONS_FILE), '[]');
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: {...process.env, PORT: String(port), HOST: '127.0.0.1', SERVE_STATIC: 'false', BUILD_DIR: buildDir, QUERY_LOG_SQLITE_PATH: file, QUERY_LOG_RATE_LIMIT_PER_MINUTE: '1000000'},
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}/rest/v1/queries`;
    const anonKey = (await import('../../src/site')).chatService.queryLogAnonKey;
    const post = (query: string) =>
      fetch(url, {method: 'POST', headers: {'content-type': 'application/json', apikey: anonKey}, body: JSON.stringify({query})}).then(
        (r) => r.status,
        () => 0,
      );
    try {
      for (let i = 0; i < 200 && (await post('ready?')) !== 201; i++) await new Promise((r) => setTimeout(r, 200));
      const acknowledged: string[] = [];
      let sent = 0;
      let killed = false;
      // Eight writers in a burst; the process is killed while they write.
      const writers = Array.from({length: 8}, async () => {
        while (!killed) {
          const query = `burst ${(sent += 1)}`;
          if ((await post(query)) === 201) acknowledged.push(query);
        }
      });
      // Stopped once enough rows are acknowledged (however fast the machine writes), mid-burst.
      for (let waited = 0; acknowledged.length < 60 && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill(signal);
      killed = true;
      await Promise.all(writers);
      await exited;
      expect(acknowledged.length).toBeGreaterThan(50);

      const db = new Database(file, {readonly: true});
      try {
        expect(db.pragma('integrity_check', {simple: true})).toBe('ok');
        const stored = new Set((db.prepare("SELECT query FROM queries WHERE query LIKE 'burst %'").all() as Array<{query: string}>).map((r) => r.query));
        expect(acknowledged.filter((q) => !stored.has(q))).toEqual([]);
      } finally {
        db.close();
      }
    } finally {
      server.kill('SIGKILL');
    }
  }, 300_000);
});
