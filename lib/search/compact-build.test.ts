import MiniSearch from 'minisearch';
import {describe, expect, it} from 'vitest';
import {buildCompactEngine, isCompactEngine} from './compact-build';
import {compactPostings, leanSearcher} from './lean-search';
import {processTerm, QUERY_OPTIONS, tokenize} from './terms';

/** Sections whose words repeat within and across fields, with stop words, numbers, versions and empty fields. */
const WORDS = ['ingest', 'ingestion', 'Ingesting', 'snowflake', 'snowflak', 'lineage', 'the', 'of', '42', 'v0.10.5', 'token', 'tokens', 'kafka', 'kafca', 'schema', 'a', 'helm', 'chart', 'docker', 'owner', 'ownership', 'glossary', 'term'];
const FIELDS = ['title', 'headings', 'text', 'summary', 'questions'] as const;

function corpus(count: number) {
  let seed = 5;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const words = (n: number) => Array.from({length: n}, () => WORDS[Math.floor(random() * WORDS.length)]).join(random() < 0.5 ? ' ' : ', ');
  return Array.from({length: count}, (_, n) => ({n, title: random() < 0.2 ? words(3) : '', headings: words(2), text: words(40), summary: random() < 0.1 ? words(8) : '', questions: random() < 0.5 ? words(12) : ''}));
}

const options = {idField: 'n', fields: [...FIELDS], storeFields: [], tokenize, processTerm};

/** What a search reads of an engine: its terms in order, each with its fields in order and their postings, and the field lengths. */
function contents(mini: MiniSearch<any>) {
  const engine = mini as unknown as {
    _index: Iterable<[string, Map<number, {ids: Int32Array; freqs: Int32Array}>]>;
    _fieldLength: Map<number, number[]>;
    _avgFieldLength: number[];
    _documentIds: Map<number, unknown>;
    _documentCount: number;
    _nextId: number;
  };
  return {
    terms: [...engine._index].map(([term, data]) => [term, [...data].map(([field, {ids, freqs}]) => [field, [...ids], [...freqs]])]),
    fieldLength: [...engine._fieldLength],
    averageFieldLength: engine._avgFieldLength,
    documentIds: [...engine._documentIds],
    counts: [engine._documentCount, engine._nextId],
  };
}

describe('compact engine build', () => {
  const documents = corpus(500);
  const built = () => {
    const mini = new MiniSearch(options);
    mini.addAll(documents);
    compactPostings(mini);
    return mini;
  };

  it('holds what MiniSearch indexes: the same terms in the same order, postings, field lengths and averages', () => {
    const compact = buildCompactEngine(options, documents);
    expect(isCompactEngine(compact)).toBe(true);
    expect(contents(compact)).toEqual(contents(built()));
  });

  it('is searched as MiniSearch\'s own index is, to the last bit of every score', () => {
    const expected = leanSearcher(built());
    const actual = leanSearcher(buildCompactEngine(options, documents));
    for (const query of ['snowflak', 'ingestion helm', 'kafka schema tokens', '0.10', 'ownershi']) {
      const read = (searcher: typeof expected) => {
        const found = searcher.search(query, {...QUERY_OPTIONS, prefix: true});
        return Array.from({length: found.length}, (_, k) => [found.id(k), found.score(k), found.terms(k), found.queryTerms(k)]);
      };
      const results = read(expected);
      expect(results.length, query).toBeGreaterThan(5);
      expect(read(actual), query).toEqual(results);
    }
  });
});
