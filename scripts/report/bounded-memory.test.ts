/**
 * `npm run report` on a log larger than the memory it may use (issue 50 §3): the report reads its lists a batch at a
 * time and keeps only what it shows, so a log whose text alone outgrows the report's heap is reported all the same.
 */
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {createSqliteStore} from '../../server/query-log/sqlite-store';
import {measureTsScript} from '../bench/measure-command';
import type {MaintainerReport} from './maintainer-report';

/** The heap the report runs in: what it needs on an empty log (about 48 MiB without a build), with room to spare. */
const HEAP_MIB = 64;
const ANSWERS = 100_000;
/** Fewer: each is read as the search reads a question (analyzeQuery), which takes a tenth of a millisecond. */
const DONT_KNOWS = 20_000;
/** Pages the answers cite: a site's worth, each cited under many different anchors. */
const PAGES = 250;
const REFERENCES_PER_ANSWER = 8;

const filler = 'with the values from our staging cluster behind the corporate proxy and the custom certificate authority';

/**
 * The worst case for memory: every question different (a client may send any text), every answer citing a list of
 * references of its own; all in the last day.
 */
function seedDistinctLog(file: string, now: Date): number {
  const db = new Database(file);
  let textBytes = 0;
  try {
    const insert = db.prepare(
      'INSERT INTO completions (created_at, prompt, reference_ids, answered_i_dont_know, answered_in_doubt, ms_to_references, ms_to_end) VALUES (?, ?, ?, ?, 0, 5, 20)',
    );
    db.transaction(() => {
      for (let i = 0; i < ANSWERS + DONT_KNOWS; i++) {
        const at = new Date(now.getTime() - (i % 86_000) * 1000).toISOString();
        const dontKnow = i < DONT_KNOWS;
        const prompt = `How do I connect warehouse${i} and schema${i * 7} ${filler}?`;
        const references = dontKnow ? [] : Array.from({length: REFERENCES_PER_ANSWER}, (_, k) => `/docs/generated/ingestion/sources/page${(i + k) % PAGES}#configuration-option-number-${i}-${k}`);
        const referenceIds = JSON.stringify(references);
        textBytes += prompt.length + referenceIds.length;
        insert.run(at, prompt, referenceIds, dontKnow ? 1 : 0);
      }
    })();
  } finally {
    db.close();
  }
  return textBytes;
}

describe('npm run report on a log larger than its memory', () => {
  it(`reports ${(ANSWERS + DONT_KNOWS).toLocaleString('en-US')} different questions and reference lists in a ${HEAP_MIB} MiB heap`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'report-memory-'));
    const file = path.join(dir, 'log.sqlite');
    await createSqliteStore(file).close();
    const textBytes = seedDistinctLog(file, new Date());
    // Held in memory at once, the questions and reference lists would not fit: their text alone is larger.
    expect(textBytes).toBeGreaterThan(HEAP_MIB * 2 ** 20);

    const run = measureTsScript('scripts/report.ts', ['--json', '--days', '7'], {QUERY_LOG_SQLITE_PATH: file, DATABASE_URL: undefined, BUILD_DIR: path.join(dir, 'no-build')}, [
      `--max-old-space-size=${HEAP_MIB}`,
    ]);
    expect(run.stderr.match(/heap out of memory|FATAL ERROR.*/)?.[0] ?? '', 'the report ran out of memory').toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as MaintainerReport;
    expect([report.totals.answered, report.totals.dontKnow]).toEqual([ANSWERS, DONT_KNOWS]);
    // Every question is its own group, asked once: the ten most recently asked are listed.
    expect(report.dontKnowGroups).toHaveLength(10);
    expect(report.dontKnowGroups.every((group) => group.count === 1 && group.wordings.length === 1)).toBe(true);
    // Each page is cited by the answers whose references reach it, as many for every page.
    expect(report.citedPages).toHaveLength(10);
    expect(report.citedPages.map((page) => page.answers)).toEqual(Array(10).fill((REFERENCES_PER_ANSWER * ANSWERS) / PAGES));
  }, 120_000);
});
