import {beforeAll, describe, expect, it} from 'vitest';
import {readDevQueries, readDevQuestions} from '../../../scripts/relevance';
import {expectRankedAsWhole, shardedCorpus} from '../../../tests/unit/sharded-corpus';
import {openShardedIndex} from './sharded-index';

// The hand-written pages of the repository: a real corpus of a few thousand sections.
let {file, full, lexicon, shardFiles} = {} as ReturnType<typeof shardedCorpus>;
beforeAll(() => {
  ({file, full, lexicon, shardFiles} = shardedCorpus());
});

function opened(options?: Parameters<typeof openShardedIndex>[2]) {
  const fetched: string[] = [];
  const index = openShardedIndex(lexicon, async (name) => {
    fetched.push(name);
    const content = shardFiles.get(name);
    if (content === undefined) throw new Error(`no shard ${name}`);
    return content;
  }, options);
  return {index, fetched};
}

/**
 * Every prefix of the dev queries as typed, the dev questions (filler words, synonyms, version numbers), and
 * misspellings that only fuzzy matching finds.
 */
function typedQueries(): string[] {
  const queries = readDevQueries().map((q) => q.query);
  const prefixes = queries.flatMap((q) => Array.from({length: q.length}, (_, i) => q.slice(0, i + 1)));
  const questions = readDevQuestions().map((q) => q.query);
  return [...new Set([...prefixes, ...questions, 'linage', 'snowflak', 'glosary term', 'personal acess token', 'kuberntes deploy', 'zzqxjv'])];
}

describe('sharded search index', () => {
  it('ranks every typed query exactly as the full index does', async () => {
    const {index} = opened();
    const queries = typedQueries();
    expect(queries.length).toBeGreaterThan(500);
    await expectRankedAsWhole(index, full, queries);
  }, 300_000);

  it('gives as many first hits as asked for, each as the full ranking orders them, with the total of every match', async () => {
    // Each search reranks only the pages that can hold the hits it shows: a short limit stops sooner.
    const {index} = opened();
    for (const query of typedQueries().filter((_, i) => i % 5 === 0)) {
      const expected = full.search(query, Number.MAX_SAFE_INTEGER);
      for (const limit of [1, 8, 50]) {
        expect(await index.search(query, limit), `${query} (${limit})`).toEqual({hits: expected.slice(0, limit), total: expected.length});
      }
    }
  }, 300_000);

  it('ranks as the full index does when it keeps few postings decoded between queries', async () => {
    // Kept this small, nearly every keystroke drops terms an earlier one decoded and decodes them again.
    const {index} = opened({maxDecodedPostings: 2_000});
    const queries = typedQueries().filter((_, i) => i % 3 === 0);
    await expectRankedAsWhole(index, full, [...queries, ...[...queries].reverse()]);
  }, 300_000);

  it('fetches a small part of the index for one query, and each shard once', async () => {
    const {index, fetched} = opened();
    await index.search('lineage', 20);
    const total = [...shardFiles.values()].reduce((n, c) => n + c.length, 0);
    const bytes = fetched.reduce((n, f) => n + shardFiles.get(f)!.length, 0);
    expect(bytes).toBeLessThan(total / 10);
    const count = fetched.length;
    await index.search('lineage', 20);
    expect(fetched).toHaveLength(count);
  });

  it('keeps every section and posting line of the full index in exactly one shard', () => {
    expect(lexicon.terms.split('\n')).toHaveLength(file.engine.postings.split('\n').filter(Boolean).length);
    const postingLines = lexicon.postingShards.flatMap((s) => shardFiles.get(s.file)!.split('\n'));
    expect(postingLines.sort()).toEqual(file.engine.postings.split('\n').filter(Boolean).sort());
    const sections = lexicon.sectionShards.flatMap((f) => JSON.parse(shardFiles.get(f)!) as unknown[]);
    expect(sections).toEqual(file.sections);
  });

  it('retries a shard whose fetch failed', async () => {
    let failNext = true;
    const index = openShardedIndex(lexicon, async (name) => {
      if (failNext) {
        failNext = false;
        throw new TypeError('Failed to fetch');
      }
      return shardFiles.get(name)!;
    });
    await expect(index.search('lineage', 5)).rejects.toThrow('Failed to fetch');
    expect((await index.search('lineage', 5)).hits).toEqual(full.search('lineage', 5));
  });

  it('answers nothing for an empty query or another language', async () => {
    const {index, fetched} = opened();
    expect(await index.search('  ', 5)).toEqual({hits: [], total: 0});
    expect(await index.search('lineage', 5, {language: 'fr'})).toEqual({hits: [], total: 0});
    expect(fetched).toEqual([]);
  });
});
