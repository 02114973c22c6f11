import {mkdirSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {SCHEMA_STATEMENTS, type QueryLogStore} from './store';

/** SQLite store (WAL mode), the default: one file, no server. */
export function createSqliteStore(file: string): QueryLogStore {
  let db: Database.Database;
  try {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), {recursive: true});
    db = new Database(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`QUERY_LOG_SQLITE_PATH: could not open the query log at ${path.resolve(file)} (${reason}). Point it at a file in a writable folder.`);
  }
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  for (const sql of SCHEMA_STATEMENTS) db.exec(sql.replace('{{AUTO}}', 'AUTOINCREMENT').replaceAll('{{TIMESTAMP}}', 'TEXT'));
  const insertQuery = db.prepare('INSERT INTO queries (query, result_rating, created_at) VALUES (?, ?, ?)');
  const insertCompletion = db.prepare(
    'INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, ms_to_references, ms_to_end) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const grouped = (where: string) =>
    db.prepare(`SELECT query, COUNT(*) AS count FROM queries WHERE created_at >= ? ${where} GROUP BY lower(query) ORDER BY count DESC, query LIMIT ?`);
  const topQueries = grouped('');
  const negative = grouped("AND result_rating = 'negative'");
  const completionStats = db.prepare('SELECT COUNT(*) AS total, COALESCE(SUM(answered_i_dont_know), 0) AS idk FROM completions WHERE created_at >= ?');

  return {
    kind: 'sqlite',
    async insertQuery(r) {
      insertQuery.run(r.query, r.result_rating ?? null, new Date().toISOString());
    },
    async insertCompletion(c) {
      insertCompletion.run(c.createdAt.toISOString(), c.prompt, JSON.stringify(c.references), c.answeredIDontKnow ? 1 : 0, c.msToReferences, c.msToEnd);
    },
    async countQueries() {
      return (db.prepare('SELECT COUNT(*) AS n FROM queries').get() as {n: number}).n;
    },
    async report(since, limit = 10) {
      const iso = since.toISOString();
      const stats = completionStats.get(iso) as {total: number; idk: number};
      return {
        since,
        topQueries: topQueries.all(iso, limit) as Array<{query: string; count: number}>,
        negativeQueries: negative.all(iso, limit) as Array<{query: string; count: number}>,
        completions: stats.total,
        iDontKnowShare: stats.total ? stats.idk / stats.total : 0,
      };
    },
    async close() {
      db.close();
    },
  };
}
