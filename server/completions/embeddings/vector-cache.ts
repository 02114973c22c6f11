import {createHash} from 'node:crypto';
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Section vectors on disk, one SQLite file per model and vector length, each row keyed by the hash of the text the
 * model read: a restart or a rebuild embeds only the sections whose text changed, and another model starts afresh.
 */
export interface VectorCache {
  readonly file: string;
  /** The vectors stored for these hashes (others are simply absent). */
  read(hashes: ReadonlySet<string>): Map<string, Float32Array>;
  write(rows: Array<{hash: string; vector: Float32Array}>): void;
  close(): void;
}

/** File of a model's cache: a readable name, and a hash of the exact model and dimensions so no two share a file. */
export function vectorCacheFile(dir: string, model: string, dimensions?: number): string {
  const slug = model.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'model';
  const key = createHash('sha256').update(`${model}\0${dimensions ?? 'native'}`).digest('hex').slice(0, 8);
  return path.join(dir, `${slug}${dimensions ? `-d${dimensions}` : ''}-${key}.sqlite`);
}

export function openVectorCache(dir: string, model: string, dimensions?: number): VectorCache {
  const file = vectorCacheFile(dir, model, dimensions);
  mkdirSync(dir, {recursive: true});
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Two instances starting together on one cache folder wait for each other's writes instead of failing.
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS meta (model TEXT NOT NULL, dimensions INTEGER);
    CREATE TABLE IF NOT EXISTS vectors (hash TEXT PRIMARY KEY, vector BLOB NOT NULL);`);
  if (!db.prepare('SELECT 1 FROM meta').get()) db.prepare('INSERT INTO meta (model, dimensions) VALUES (?, ?)').run(model, dimensions ?? null);
  const selectAll = db.prepare<[], {hash: string; vector: Buffer}>('SELECT hash, vector FROM vectors');
  const insert = db.prepare('INSERT OR REPLACE INTO vectors (hash, vector) VALUES (?, ?)');
  const insertAll = db.transaction((rows: Array<{hash: string; vector: Float32Array}>) => {
    for (const {hash, vector} of rows) insert.run(hash, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
  });
  return {
    file,
    read(hashes) {
      const found = new Map<string, Float32Array>();
      for (const row of selectAll.iterate()) {
        if (!hashes.has(row.hash)) continue;
        // Copied out of the row's buffer, which need not be aligned for 4-byte floats.
        found.set(row.hash, new Float32Array(row.vector.buffer.slice(row.vector.byteOffset, row.vector.byteOffset + row.vector.byteLength)));
      }
      return found;
    },
    write: (rows) => void insertAll(rows),
    close: () => db.close(),
  };
}
