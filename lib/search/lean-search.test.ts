import MiniSearch, {type Query} from 'minisearch';
import {describe, expect, it} from 'vitest';
import {leanSearcher} from './lean-search';
import {processTerm, QUERY_OPTIONS, tokenize} from './terms';

/** A corpus whose words repeat across fields and sections, with near spellings, so prefix and fuzzy matches overlap. */
const WORDS = ['ingest', 'ingestion', 'ingesting', 'snowflake', 'snowflak', 'lineage', 'lineages', 'token', 'tokens', 'kafka', 'kafca', 'schema', 'schemas', 'registry', 'helm', 'chart', 'charts', 'docker', 'dockers', 'quickstart', 'owner', 'ownership', 'glossary', 'term', 'terms'];
const FIELDS = ['title', 'headings', 'text', 'summary', 'questions'] as const;

function corpus(count: number) {
  let seed = 11;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const words = (n: number) => Array.from({length: n}, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  return Array.from({length: count}, (_, n) => ({n, title: random() < 0.2 ? words(3) : '', headings: words(2), text: words(30), summary: random() < 0.1 ? words(8) : '', questions: random() < 0.5 ? words(12) : ''}));
}

const QUERIES: Query[] = [
  'snowflake',
  {combineWith: 'OR', queries: [{combineWith: 'OR', queries: [{combineWith: 'AND', queries: ['kafka schema'], prefix: (_t: string, i: number, all: string[]) => i === all.length - 1}, {combineWith: 'AND', queries: ['registry']}]}, {combineWith: 'OR', boost: {title: 1.5, headings: 1.25, text: 0.5, summary: 0.5, questions: 0.25}, queries: [{combineWith: 'AND', queries: ['token']}]}]},
  {combineWith: 'AND', queries: [{combineWith: 'OR', queries: [{combineWith: 'AND', queries: ['ingest']}, {combineWith: 'AND', queries: ['helm chart']}]}, {combineWith: 'OR', queries: [{combineWith: 'AND', queries: ['docke'], prefix: () => true}]}]},
  {combineWith: 'OR', queries: ['ownershi', 'glosary term', 'lineag']},
];

describe('lean search', () => {
  const engine = () => {
    const mini = new MiniSearch({idField: 'n', fields: [...FIELDS], storeFields: [], tokenize, processTerm});
    mini.addAll(corpus(400));
    return mini;
  };
  const mini = engine();
  // The lean searcher compacts its engine's postings, which MiniSearch's search then cannot read: a twin engine.
  const {search: lean, searchAmong, sectionsHolding} = leanSearcher(engine());
  const fieldIds = Object.fromEntries(FIELDS.map((f, i) => [f, i]));

  for (const fields of [undefined, ['title', 'headings', 'text', 'summary']]) {
    it(`finds what MiniSearch's search finds, with the same scores, order and matched terms (${fields ? 'content fields' : 'every field'})`, () => {
      for (const query of QUERIES) {
        const options = {...QUERY_OPTIONS, ...(fields && {fields})};
        const expected = mini.search(query, options).map((r) => ({
          id: r.id, score: r.score, terms: r.terms, queryTerms: r.queryTerms,
          fieldMasks: r.terms.map((t) => r.match[t].reduce((mask, field) => mask | (1 << fieldIds[field]), 0)),
        }));
        expect(expected.length).toBeGreaterThan(10);
        // Exact equality: scores to the last bit, ties in the same order.
        const found = lean(query, options);
        const actual = Array.from({length: found.length}, (_, k) => ({
          id: found.id(k), score: found.score(k), terms: found.terms(k), queryTerms: found.queryTerms(k),
          fieldMasks: found.terms(k).map((_t, i) => {
            // The fields of the i-th matched term, read back one field at a time.
            let mask = 0;
            for (let field = 0; field < FIELDS.length; field++) if (found.termsIn(k, (m) => (m & (1 << field)) !== 0)?.includes(found.terms(k)[i])) mask |= 1 << field;
            return mask;
          }),
        }));
        expect(actual).toEqual(expected);
      }
    });
  }

  it('finds the same sections, scores and query terms without keeping matched terms, however many query terms', () => {
    // More query terms than a set of bits holds (31): the search is then redone with lists.
    const many: Query = {combineWith: 'OR', queries: [...WORDS, ...WORDS.map((w) => `${w}x`)]};
    const read = (found: ReturnType<typeof lean>) => Array.from({length: found.length}, (_, k) => ({id: found.id(k), score: found.score(k), queryTerms: [...found.queryTerms(k)].sort()}));
    for (const query of QUERIES.concat([many])) {
      const whole = read(lean(query, QUERY_OPTIONS, false));
      const lists = lean(query, QUERY_OPTIONS, false, false);
      expect(Array.from({length: lists.length}, (_, k) => lists.terms(k))).toEqual(Array.from({length: lists.length}, () => []));
      expect(read(lists)).toEqual(whole);
    }
    expect(read(lean(many, QUERY_OPTIONS))).toEqual(mini.search(many, QUERY_OPTIONS).map((r) => ({id: r.id, score: r.score, queryTerms: [...r.queryTerms].sort()})));
  });

  it('finds a few sections among all as the whole search finds them, each posting list looked up or read through', () => {
    for (const query of QUERIES) {
      const whole = lean(query, QUERY_OPTIONS);
      const all = Array.from({length: whole.length}, (_, k) => ({id: whole.id(k), score: whole.score(k), terms: whole.terms(k), queryTerms: whole.queryTerms(k)}));
      // A few sections, the first and last of many posting lists among them (looked up in every longer list), and half
      // of them (every list read through).
      const [first, last] = [Math.min(...all.map((m) => m.id)), Math.max(...all.map((m) => m.id))];
      for (const chosen of [all.filter((m, k) => k % 37 === 5 || m.id === first || m.id === last), all.filter((_, k) => k % 2 === 0)]) {
        expect(chosen.length).toBeGreaterThan(2);
        const found = searchAmong(query, QUERY_OPTIONS, chosen.map((m) => m.id));
        const among = Array.from({length: found.length}, (_, k) => ({id: found.id(k), score: found.score(k), terms: found.terms(k), queryTerms: found.queryTerms(k)}));
        const ids = new Set(chosen.map((m) => m.id));
        expect(among).toEqual(all.filter((m) => ids.has(m.id)));
      }
    }
  });

  it('counts the sections holding a term as MiniSearch finds them', () => {
    for (const term of ['snowflak', 'ingest', 'kafca', 'glossari', 'nowhere']) {
      expect(sectionsHolding(term)).toBe(mini.search(term, {prefix: false, fuzzy: false, processTerm: (t: string) => t}).length);
    }
  });
});
