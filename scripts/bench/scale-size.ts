/**
 * One size of the scale phase (scale.ts), in a process of its own so that its memory is its own:
 * `npx tsx scripts/bench/scale-size.ts --factor N --part browser|server` prints one JSON object.
 *
 * browser: the search index for N times the site's sections, whole and sharded, the bytes a first query downloads
 * and the search's latency, in Node on the same code the browser's search runs (openShardedIndex).
 * server: the chat's retrieval over the same sections, in the server's worker pool (start, task time per question,
 * resident memory) and on one thread (createLexicalRetriever's start and retrieval).
 */
import {createHash} from 'node:crypto';
import {parseArgs} from 'node:util';
import {gzipSync} from 'node:zlib';
import {buildSearchIndex} from '../../lib/search/engine';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import {collectSections} from '../../plugins/search-index/collect';
import {loadSynonyms} from '../../plugins/search-index/synonyms';
import {createCompletionPool} from '../../server/completions/worker-pool';
import {defaultChatWorkers} from '../../server/config';
import {chatDefaults} from '../../src/site';
import {openShardedIndex, shardSearchIndex} from '../../src/features/search/sharded-index';
import {readDevQueries, readDevQuestions} from '../relevance';
import {scaledSections} from './scaled-sections';
import {percentile} from './report';

const ROOT = process.cwd();
const REAL_QUESTIONS = 'data/real-dev-questions.tsv';
const WARM_UP_QUESTIONS = 'data/chat-dev-questions.tsv';
/** Queries typed a character at a time in the search box: the dev queries and common readers' queries (as search.ts). */
const TYPED_EXTRA = ['datahub docker quickstart', 'ingestion recipe', 'personal access token', 'column level lineage', 'glossary terms', 'helm chart values', 'kafka topics', 'reindex elasticsearch', 'python emitter', 'data products'];

const MiB = 2 ** 20;
const rssMiB = () => process.memoryUsage().rss / MiB;

/** p50, p95 and max of a list of times, ms. */
const spread = (values: number[]) => ({p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values)});

/** CPU time of the process since `since`, ms (every thread: measured where ours is the only one at work). */
const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Runs `run` on each item in turn, timing each: wall time and CPU time, ms. */
async function timeEach<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<{wall: number[]; cpu: number[]}> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const item of items) {
    const started = performance.now();
    const before = process.cpuUsage();
    await run(item);
    cpu.push(cpuMsSince(before));
    wall.push(performance.now() - started);
  }
  return {wall, cpu};
}

/** Passes over the items timeEachSettled takes each item's median of. */
const PASSES = 3;

/**
 * timeEach over PASSES passes, each item's time the median of its passes: in one pass, an item's time depends on
 * whether a garbage collection or a compilation fell during it, which moved a 65-question p95 by half from run to run.
 */
async function timeEachSettled<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<{wall: number[]; cpu: number[]}> {
  const passes: Array<{wall: number[]; cpu: number[]}> = [];
  for (let pass = 0; pass < PASSES; pass++) passes.push(await timeEach(items, run));
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
  return {
    wall: items.map((_, i) => median(passes.map((p) => p.wall[i]))),
    cpu: items.map((_, i) => median(passes.map((p) => p.cpu[i]))),
  };
}

const timed = <T>(run: () => T): [T, number] => {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
};

export interface BrowserFigures {
  sections: number;
  indexBuildMs: number;
  wholeGzipBytes: number;
  lexiconGzipBytes: number;
  /** Lexicon and the shards the search page's first query (20 hits) fetches, gzip, over the dev queries. */
  firstQueryBytes: {p50: number; p95: number};
  /**
   * The modal's keystrokes once their shards are in (8 hits), ms: wall time, and CPU time (less sensitive to a busy
   * machine); each keystroke's time is the median of PASSES passes.
   */
  keystrokeMs: {p50: number; p95: number; max: number};
  keystrokeCpuMs: {p50: number; p95: number; max: number};
  /** The search page's first query: lexicon parsed, shards read from memory, 20 hits, ms. */
  firstQueryMs: {p50: number; p95: number; max: number};
}

async function browserPart(factor: number): Promise<BrowserFigures> {
  const sections = scaledSections(collectSections(ROOT), factor);
  const synonyms = loadSynonyms(ROOT);
  const [file, indexBuildMs] = timed(() => buildSearchIndex(sections, synonyms));
  const wholeGzipBytes = gzipSync(JSON.stringify(file)).length;
  const {lexicon, shards} = shardSearchIndex(file, (content, kind) => `${createHash('sha256').update(content).digest('hex').slice(0, 10)}.${kind === 'sections' ? 'json' : 'txt'}`);
  const shardText = new Map(shards.map((s) => [s.file, s.content]));
  const gzipped = new Map<string, number>();
  const gzipBytes = (name: string) => gzipped.get(name) ?? gzipped.set(name, gzipSync(shardText.get(name)!).length).get(name)!;
  const lexiconJson = JSON.stringify(lexicon);
  const lexiconGzipBytes = gzipSync(lexiconJson).length;

  const firstBytes: number[] = [];
  const firstMs: number[] = [];
  for (const {query} of readDevQueries()) {
    const fetched: string[] = [];
    const started = performance.now();
    const index = openShardedIndex(JSON.parse(lexiconJson), async (name) => {
      fetched.push(name);
      return shardText.get(name)!;
    });
    await index.search(query, 20);
    firstMs.push(performance.now() - started);
    firstBytes.push(lexiconGzipBytes + fetched.reduce((sum, name) => sum + gzipBytes(name), 0));
  }

  const typed = [...readDevQueries().map((q) => q.query), ...TYPED_EXTRA];
  const prefixes = typed.flatMap((q) => Array.from({length: q.length}, (_, i) => q.slice(0, i + 1)));
  const warmed = openShardedIndex(JSON.parse(lexiconJson), async (name) => shardText.get(name)!);
  for (const prefix of prefixes) await warmed.search(prefix, 8);
  const keystrokes = await timeEachSettled(prefixes, (prefix) => warmed.search(prefix, 8));
  return {
    sections: sections.length,
    indexBuildMs,
    wholeGzipBytes,
    lexiconGzipBytes,
    firstQueryBytes: {p50: percentile(firstBytes, 50), p95: percentile(firstBytes, 95)},
    keystrokeMs: spread(keystrokes.wall),
    keystrokeCpuMs: spread(keystrokes.cpu),
    firstQueryMs: spread(firstMs),
  };
}

export interface ServerFigures {
  sections: number;
  workers: number;
  /** From starting the pool to every worker ready (each has built its retriever). */
  poolStartMs: number;
  /** Task time in a worker per real-dev question (retrieval and the extractive answer's passage), ms. */
  poolTaskMs: {p50: number; p95: number; max: number};
  /** Resident memory of the process, the pool's workers included, once ready and after the questions. */
  rssReadyMiB: number;
  rssAfterMiB: number;
  /** createLexicalRetriever on one thread: wall time and CPU time (the pool closed, no other thread of ours runs). */
  retrieverStartMs: number;
  retrieverStartCpuMs: number;
  /** Retrieval per real-dev question, each question's time the median of PASSES passes. */
  retrievalMs: {p50: number; p95: number; max: number};
  retrievalCpuMs: {p50: number; p95: number; max: number};
}

async function serverPart(factor: number): Promise<ServerFigures> {
  const sections = scaledSections(collectSections(ROOT), factor);
  const synonyms = loadSynonyms(ROOT);
  const questions = readDevQuestions(REAL_QUESTIONS).map((q) => q.query);
  // Asked first, unmeasured: a server answers from compiled code; these are not the measured questions.
  const warmUp = readDevQuestions(WARM_UP_QUESTIONS).map((q) => q.query).slice(0, 20);
  const options = {count: chatDefaults.sectionsMatchCount, threshold: chatDefaults.sectionsMatchThreshold, earlier: []};

  const workers = defaultChatWorkers();
  let started = performance.now();
  const pool = createCompletionPool({sections, synonyms, threads: workers, maxQueue: 10_000});
  await pool.ready();
  const poolStartMs = performance.now() - started;
  const rssReadyMiB = rssMiB();
  for (const question of warmUp) await pool.retriever.retrieve(question, options);
  const taskMs: number[] = [];
  pool.onTask((t) => taskMs.push(t.runMs));
  for (const question of questions) await pool.retriever.retrieve(question, options);
  const rssAfterMiB = rssMiB();
  await pool.close();

  started = performance.now();
  const cpu = process.cpuUsage();
  const retriever = createLexicalRetriever(sections, synonyms);
  const retrieverStartMs = performance.now() - started;
  const retrieverStartCpuMs = cpuMsSince(cpu);
  for (const question of warmUp) await retriever.retrieve(question, options);
  const retrieval = await timeEachSettled(questions, (question) => retriever.retrieve(question, options));
  return {
    sections: sections.length,
    workers,
    poolStartMs,
    poolTaskMs: spread(taskMs),
    rssReadyMiB,
    rssAfterMiB,
    retrieverStartMs,
    retrieverStartCpuMs,
    retrievalMs: spread(retrieval.wall),
    retrievalCpuMs: spread(retrieval.cpu),
  };
}

async function main() {
  const {values} = parseArgs({options: {factor: {type: 'string'}, part: {type: 'string'}}});
  const factor = Number(values.factor);
  if (!Number.isInteger(factor) || factor < 1) throw new Error('--factor must be a whole number of 1 or more');
  const figures = values.part === 'browser' ? await browserPart(factor) : values.part === 'server' ? await serverPart(factor) : null;
  if (!figures) throw new Error('--part must be browser or server');
  console.log(JSON.stringify(figures));
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
