import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {afterAll, describe, expect, it} from 'vitest';
import {readDevQueries} from '../../scripts/relevance';
import type * as ShardedIndexModule from '../../src/features/search/sharded-index';
import {expectRankedAsWhole, repositoryRoot as root, shardedCorpus} from '../../tests/unit/sharded-corpus';
import {readOnlyMiniSearch, UNCALLED_MINISEARCH_METHODS, UNCALLED_SEARCHABLE_MAP_METHODS, withoutUncalledMethods} from './read-only-minisearch';

const miniSearchSource = readFileSync(path.join(root, 'node_modules/minisearch/dist/es/index.js'), 'utf8');
const outDir = mkdtempSync(path.join(tmpdir(), 'read-only-minisearch-'));
afterAll(() => rmSync(outDir, {recursive: true, force: true}));

/** Whether a class in `source` defines a method, getter or static method of that name. */
const definesMethod = (source: string, name: string) => new RegExp(`^\\s*(static\\s+)?(async\\s+)?(get\\s+)?${name}\\(`, 'm').test(source);

describe('MiniSearch without the methods a read-only index never calls', () => {
  it('loses every listed method of the installed MiniSearch and keeps the rest', () => {
    const stripped = withoutUncalledMethods(miniSearchSource);
    for (const name of [...UNCALLED_MINISEARCH_METHODS, ...UNCALLED_SEARCHABLE_MAP_METHODS]) {
      expect(definesMethod(miniSearchSource, name)).toBe(true);
      expect(definesMethod(stripped, name)).toBe(false);
    }
    for (const name of ['loadJS', 'executeQuery', 'addFields', 'fuzzyGet', 'atPrefix', 'get', 'set', 'entries']) expect(definesMethod(stripped, name)).toBe(true);
  });

  it('stops the build, naming the method, when a MiniSearch release no longer has one of them', () => {
    const renamed = miniSearchSource.replace(/\bperformVacuuming\(/g, 'runVacuum(');
    expect(() => withoutUncalledMethods(renamed)).toThrow(/no method performVacuuming; update UNCALLED_MINISEARCH_METHODS/);
    expect(UNCALLED_MINISEARCH_METHODS).toContain('performVacuuming');
  });

  it('ranks the dev queries and misspellings as the whole index does when bundled into the sharded index', async () => {
    const outfile = path.join(outDir, 'sharded-index.mjs');
    await build({entryPoints: [path.join(root, 'src/features/search/sharded-index.ts')], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'silent', plugins: [readOnlyMiniSearch]});
    expect(readFileSync(outfile, 'utf8')).not.toContain('addAllAsync(');
    const bundled = (await import(pathToFileURL(outfile).href)) as typeof ShardedIndexModule;

    const {full, lexicon, shardFiles} = shardedCorpus();
    const index = bundled.openShardedIndex(lexicon, async (name) => shardFiles.get(name)!);
    const queries = [...readDevQueries().map((q) => q.query), 'linage', 'snowflak', 'glosary term', 'kuberntes deploy', 'v0.10', 'zzqxjv'];
    expect(queries.length).toBeGreaterThan(50);
    await expectRankedAsWhole(index, full, queries);
  }, 300_000);
});
