import {createHash} from 'node:crypto';
import path from 'node:path';
import {expect} from 'vitest';
import {collectSections} from '../../plugins/search-index/collect';
import {loadSynonyms} from '../../plugins/search-index/synonyms';
import {buildSearchIndex, loadSearchIndex, type LocalSearchIndex} from '../../lib/search/engine';
import {shardSearchIndex} from '../../src/features/search/sharded-index';
import type {ShardedSearchIndex} from '../../src/features/search/search-types';

/** The repository's root: its hand-written pages are a real corpus of a few thousand sections. */
export const repositoryRoot = path.resolve(__dirname, '../..');

/** The repository's pages as the whole search index and as the sharded one, its shard files kept in memory by name. */
export function shardedCorpus() {
  const file = buildSearchIndex(collectSections(repositoryRoot), loadSynonyms(repositoryRoot));
  const {lexicon, shards} = shardSearchIndex(file, (content) => `${createHash('sha256').update(content).digest('hex').slice(0, 10)}.txt`);
  return {file, full: loadSearchIndex(file), lexicon, shardFiles: new Map(shards.map((s) => [s.file, s.content]))};
}

/** Asserts that `index` gives every query the whole index's first 20 hits and total. */
export async function expectRankedAsWhole(index: ShardedSearchIndex, full: LocalSearchIndex, queries: readonly string[]): Promise<void> {
  for (const query of queries) {
    const expected = full.search(query, Number.MAX_SAFE_INTEGER);
    const {hits, total} = await index.search(query, 20);
    expect({query, hits, total}).toEqual({query, hits: expected.slice(0, 20), total: expected.length});
  }
}
