/**
 * The chat's engine, built in the server's process (searchIndexOfSections), ranks exactly as the index the build writes
 * for the browser once it is read back; and its start-up grows with the corpus, not faster: a synthetic corpus ten
 * times the site's (issue 50) starts within a generous multiple of the site's own, measured in the same run.
 */
import {describe, expect, it} from 'vitest';
import {collectSections} from '../../plugins/search-index/collect';
import {loadSynonyms} from '../../plugins/search-index/synonyms';
import MiniSearch, {type Query} from 'minisearch';
import {buildSearchIndex, decodePostings, loadSearchIndex, QUERY_OPTIONS, salientQuery, searchIndexOfSections} from '../../lib/search/engine';
import {analyzeQuery, queryExpression} from '../../lib/search/query';
import {buildCompactEngine} from '../../lib/search/compact-build';
import {chooseReferences, createLexicalRetriever, lexicalCandidates, lexicalReferences} from '../../lib/search/retrieval';
import {processTerm, tokenize} from '../../lib/search/terms';
import {rankingWeights} from '../../data/ranking-weights';
import {scaledSections} from '../../scripts/bench/scaled-sections';
import {chatDefaults} from '../../src/site';
import {readDevQuestions} from '../../scripts/relevance';
import {repositoryRoot} from './sharded-corpus';

const sections = collectSections(repositoryRoot);
const synonyms = loadSynonyms(repositoryRoot);

const QUERIES = [
  'lineage',
  'how do I add an owner to a dataset with the python sdk',
  'ingestion stuck pending',
  'snowflake key pair authentication',
  'what is a urn',
  'delete metadata soft hard',
  'elasticsearch index read only',
  'personal access token expired 401',
  'kubernetes helm values for gms memory',
  'datahub docker quickstart fails port 9002 in use',
];

/** CPU time of a run, in seconds (the machine is shared: wall time would count other jobs). */
const cpuSeconds = async (run: () => Promise<unknown>) => {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};

const seconds = (run: () => unknown) => {
  const started = performance.now();
  run();
  return (performance.now() - started) / 1000;
};

describe('the chat engine built in process', () => {
  it('ranks every section as the written and re-read index does, with the same scores', () => {
    const live = searchIndexOfSections(sections, synonyms);
    const loaded = loadSearchIndex(buildSearchIndex(sections, synonyms));
    for (const query of QUERIES) {
      for (const combineWith of ['OR', undefined] as const) {
        const fromLive = live.rank(live.context.analyze(query), combineWith);
        const fromLoaded = loaded.rank(loaded.context.analyze(query), combineWith);
        expect(fromLive.length, query).toBeGreaterThan(0);
        expect(fromLive.map((r) => r.id), query).toEqual(fromLoaded.map((r) => r.id));
        fromLive.forEach((r, i) => expect(r.score).toBeCloseTo(fromLoaded[i].score, 9));
      }
      // The same hits; typo-tolerant matches may list their matched words in another order (the engines' term order).
      // Scores may differ in the last bits, as floating-point sums taken in another order do.
      const hits = (index: typeof live) => index.search(query, 20).map((hit) => ({...hit, score: Number(hit.score.toPrecision(12)), terms: [...hit.terms].sort()}));
      expect(hits(live)).toEqual(hits(loaded));
    }
  });

  it('starts ten times the sections in at most 25 times the start-up of the site\'s own', async () => {
    const one = sections;
    const ten = scaledSections(sections, 10);
    // Warm-up: module and stemmer caches would otherwise count against the first size only.
    createLexicalRetriever(one.slice(0, 500), synonyms);
    const startOne = seconds(() => createLexicalRetriever(one, synonyms));
    const startTen = seconds(() => createLexicalRetriever(ten, synonyms));
    const ratio = startTen / startOne;
    console.log(`retriever start: ${one.length} sections ${startOne.toFixed(2)} s, ${ten.length} sections ${startTen.toFixed(2)} s (${ratio.toFixed(1)}x)`);
    // Linear growth is 10x; the issue measured 64x for the start of a retriever in the worker pool.
    expect(ratio).toBeLessThan(25);
  }, 300_000);

  it('answers a question over ten times the sections in at most 8 times the CPU of the site\'s own, its slowest too', async () => {
    const options = {count: chatDefaults.sectionsMatchCount, threshold: chatDefaults.sectionsMatchThreshold};
    // Real users' questions: longer than the queries above, they reach most sections, where the growth showed.
    const questions = readDevQuestions('data/real-dev-questions.tsv').map((q) => q.query).slice(0, 20);
    /** The median and the second slowest (the 95th percentile of 20) of the questions' CPU times. */
    const ask = async (sizes: ReturnType<typeof createLexicalRetriever>) => {
      const times: number[] = [];
      for (const question of questions) times.push(await cpuSeconds(() => sizes.retrieve(question, options)));
      times.sort((a, b) => a - b);
      return [times[times.length >> 1], times[times.length - 2]];
    };
    const one = createLexicalRetriever(sections, synonyms);
    const ten = createLexicalRetriever(scaledSections(sections, 10), synonyms);
    // Warm-up: compiled code and term counts would otherwise count against the first size asked.
    await ask(one);
    await ask(ten);
    const [medianOne, slowOne] = await ask(one);
    const [medianTen, slowTen] = await ask(ten);
    const ratio = medianTen / medianOne;
    console.log(`retrieval, median of ${questions.length} questions: 1x ${(medianOne * 1000).toFixed(1)} ms CPU, 10x ${(medianTen * 1000).toFixed(1)} ms CPU (${ratio.toFixed(1)}x); second slowest: 1x ${(slowOne * 1000).toFixed(1)} ms, 10x ${(slowTen * 1000).toFixed(1)} ms (${(slowTen / slowOne).toFixed(1)}x)`);
    // Linear growth is 10x: reranking every match measured 11.6-13.4x on an idle machine and 18.6x in CI beside the
    // builds (the issue saw 24x). Reranking only the pages that can hold the references (bounded-ranking.ts) measured
    // 3.5x on a busy machine; keeping no matched terms per section in the search of every match (lean-search.ts) and
    // the bounds' credits per set of query terms, 2.8x, and 2-3x for the second slowest question, whose matches grow most.
    expect(ratio).toBeLessThan(8);
    expect(slowTen / slowOne).toBeLessThan(8);
  }, 300_000);

  it('matches a question over ten times the sections in at most two thirds of the CPU of MiniSearch\'s own search', async () => {
    // The same run, the same postings, the same load: the engine every path now matches with (the lean search,
    // lean-search.ts, over postings read back as the browser reads them) against MiniSearch's own search over a
    // MiniSearch loaded from the same postings, which the chat and the browser both used before. Before, they were
    // one code path (about 1x); the lean search measured 2.1x faster at this size here.
    const file = buildSearchIndex(scaledSections(sections, 10), synonyms);
    const lean = loadSearchIndex(file).matcher;
    const own = MiniSearch.loadJS({
      documentCount: file.engine.documentCount,
      nextId: file.engine.documentCount,
      documentIds: Object.fromEntries(file.engine.fieldLength.map((_, id) => [id, id])),
      fieldIds: {title: 0, headings: 1, text: 2, summary: 3, questions: 4},
      fieldLength: Object.fromEntries(file.engine.fieldLength.entries()),
      averageFieldLength: file.engine.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: decodePostings(file.engine.postings),
      serializationVersion: 2,
    } as never, {idField: 'n', fields: ['title', 'headings', 'text', 'summary', 'questions'], tokenize, processTerm});
    const expressions = readDevQuestions('data/real-dev-questions.tsv').slice(0, 20).map((q) => queryExpression(salientQuery(analyzeQuery(q.query, file.synonyms), lean.weightOf), 'OR'));
    const median = async (match: (expression: Query) => unknown) => {
      const times: number[] = [];
      for (const expression of expressions) times.push(await cpuSeconds(async () => match(expression)));
      return times.sort((a, b) => a - b)[times.length >> 1];
    };
    const byLean = (expression: Query) => lean.match(expression);
    const byOwn = (expression: Query) => own.search(expression, QUERY_OPTIONS);
    expect(byLean(expressions[0]).map((m) => m.id)).toEqual(byOwn(expressions[0]).map((r) => r.id));
    await median(byLean);
    await median(byOwn);
    const leanCpu = await median(byLean);
    const ownCpu = await median(byOwn);
    console.log(`matching at 10x, median of ${expressions.length} questions: lean search ${(leanCpu * 1000).toFixed(1)} ms CPU, MiniSearch's search ${(ownCpu * 1000).toFixed(1)} ms CPU`);
    expect(leanCpu).toBeLessThan(ownCpu / 1.5);
  }, 300_000);

  it('chooses the references of a question over ten times the sections in at most a quarter of the CPU of ranking every match, the same ones', async () => {
    // The same run, the same engine: the chat's retrieval against choosing from every match reranked, as it did before.
    const ten = scaledSections(sections, 10);
    const live = searchIndexOfSections(ten, synonyms);
    const {sectionsMatchCount: count, sectionsMatchThreshold: threshold} = chatDefaults;
    const questions = readDevQuestions('data/real-dev-questions.tsv').map((q) => q.query).slice(0, 20);
    const bounded = (question: string) => lexicalReferences(live, question, {count, threshold}, rankingWeights, ten);
    const everyMatch = (question: string) => chooseReferences(lexicalCandidates(live, question, [], rankingWeights, ten) ?? [], ten, threshold, count);
    for (const question of questions) expect(bounded(question), question).toEqual(everyMatch(question));
    // Each question timed with both, one after the other, three times: its best time with each, so that a collection
    // or another process taking the cores during one timing weighs on neither (one pass each, the bounded ranking
    // measured 22.4 ms against 85.1 beside the other test files, 12.4 against 79.6 alone).
    const best = async (choose: (question: string) => unknown, question: string) => {
      let least = Infinity;
      for (let pass = 0; pass < 3; pass++) least = Math.min(least, await cpuSeconds(async () => choose(question)));
      return least;
    };
    const fastTimes: number[] = [];
    const slowTimes: number[] = [];
    for (const question of questions) {
      fastTimes.push(await best(bounded, question));
      slowTimes.push(await best(everyMatch, question));
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1];
    const fast = median(fastTimes);
    const slow = median(slowTimes);
    console.log(`references at 10x, median of ${questions.length} questions: bounded ranking ${(fast * 1000).toFixed(1)} ms CPU, every match ranked ${(slow * 1000).toFixed(1)} ms CPU`);
    // Measured 4.5x on a busy machine; 7.4-11.6x once the search of every match kept no matched terms per section (and
    // less once ranking every match got faster itself: 8.4x, and under 6x in one run beside a build).
    expect(fast).toBeLessThan(slow / 4);
  }, 300_000);

  it('builds the engine over ten times the sections in at most half the CPU of MiniSearch\'s own indexing', async () => {
    // The chat engine's postings built compact directly (compact-build.ts) against MiniSearch's add, in the same run.
    const ten = scaledSections(sections, 10).map((s, n) => ({n, title: s.hierarchy[1] ?? '', headings: s.hierarchy.slice(2).join(' '), summary: s.summary ?? '', text: s.text, questions: s.questions?.join(' ') ?? ''}));
    const options = {idField: 'n', fields: ['title', 'headings', 'text', 'summary', 'questions'], storeFields: [], tokenize, processTerm};
    const compact = await cpuSeconds(async () => buildCompactEngine(options, ten));
    const miniSearch = await cpuSeconds(async () => new MiniSearch(options).addAll(ten));
    console.log(`indexing ${ten.length} sections: compact ${compact.toFixed(2)} s CPU, MiniSearch ${miniSearch.toFixed(2)} s CPU`);
    // Measured 3.3x on a busy machine.
    expect(compact).toBeLessThan(miniSearch / 2);
  }, 300_000);
});
