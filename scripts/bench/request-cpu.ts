/**
 * CPU per completion request for every hostile body (server/completions/worst-case-request.ts): retrieval plus the
 * extractive answer on one thread, as a chat worker runs them. Part of `npm run bench`; alone, to search for worse:
 *
 *   npx tsx scripts/bench/request-cpu.ts [--build-dir build] [--runs 9] [--only name,name] [--json]
 */
import {parseArgs} from 'node:util';
import path from 'node:path';
import {completionRequestSchema, earlierAnswersOf, earlierQuestionsOf, type CompletionRequestInput} from '../../contract/completions';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import {loadChatCorpus, type ChatCorpus} from '../../server/completions/built-in';
import {extractivePassage} from '../../server/completions/extractive-answerer';
import {hostileRequests} from '../../server/completions/worst-case-request';
import {percentile, type BenchRow} from './report';

/** What one body cost: the median and the largest CPU time of its runs, in ms, and the body's size in bytes. */
export interface RequestCpu {
  name: string;
  tries: string;
  bytes: number;
  medianMs: number;
  maxMs: number;
}

/** The work a chat worker does for one request, on this thread: ranking, then the passage from the chosen sections. */
function answerOnThisThread(corpus: ChatCorpus) {
  const retriever = createLexicalRetriever(corpus.sections, corpus.synonyms);
  return async (input: CompletionRequestInput) => {
    const request = completionRequestSchema.parse(input);
    const earlier = earlierQuestionsOf(request);
    const chosen = await retriever.retrieve(request.prompt, {count: request.sectionsMatchCount, threshold: request.sectionsMatchThreshold, earlier});
    extractivePassage(request.prompt, earlier, chosen.map((c) => c.section), corpus.synonyms, earlierAnswersOf(request));
  };
}

/**
 * CPU of each hostile body, costliest first: `warmUps` runs first (a server answers from compiled code), then the
 * median and the largest of `runs`. process.cpuUsage counts every thread of the process: run it with no other work.
 */
export async function measureRequestCpu(corpus: ChatCorpus, options: {runs?: number; warmUps?: number; only?: string[]} = {}): Promise<RequestCpu[]> {
  const {runs = 9, warmUps = 3, only} = options;
  const answer = answerOnThisThread(corpus);
  const results: RequestCpu[] = [];
  for (const hostile of hostileRequests(corpus.sections, 'bench')) {
    if (only && !only.includes(hostile.name)) continue;
    for (let i = 0; i < warmUps; i++) await answer(hostile.body);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const before = process.cpuUsage();
      await answer(hostile.body);
      const used = process.cpuUsage(before);
      samples.push((used.user + used.system) / 1000);
    }
    const bytes = Buffer.byteLength(JSON.stringify(hostile.body));
    results.push({name: hostile.name, tries: hostile.tries, bytes, medianMs: percentile(samples, 50), maxMs: Math.max(...samples)});
  }
  return results.sort((a, b) => b.medianMs - a.medianMs);
}

/** The CPU figures as bench rows: the costliest body against the target, then every body. */
export function requestCpuRows(results: RequestCpu[], runs: number): BenchRow[] {
  const worst = results[0];
  return [
    {area: 'Chat', metric: `Costliest request body: CPU per request (${worst.name}; median of ${runs})`, value: worst.medianMs, unit: 'ms',
      note: `target <= 50; retrieval + extractive answer on one thread; ${results.length} hostile bodies inside the contract's limits (server/completions/worst-case-request.ts)`},
    ...results.map((r) => ({area: 'Chat', metric: `CPU per request: ${r.name}`, value: r.medianMs, unit: 'ms', note: `${r.tries}; ${r.bytes} bytes; largest of ${runs}: ${r.maxMs.toFixed(1)} ms`})),
  ];
}

async function main() {
  const {values} = parseArgs({options: {'build-dir': {type: 'string', default: 'build'}, runs: {type: 'string', default: '9'}, only: {type: 'string'}, json: {type: 'boolean', default: false}}});
  const runs = Number(values.runs);
  const corpus = loadChatCorpus(path.resolve(values['build-dir']));
  const results = await measureRequestCpu(corpus, {runs, only: values.only?.split(',')});
  if (values.json) return console.log(JSON.stringify(results, null, 2));
  console.log(`CPU per request, ${corpus.sections.length} sections, median (largest) of ${runs} runs after 3 warm-up runs, ms:`);
  for (const r of results) console.log(`${r.medianMs.toFixed(1).padStart(8)} (${r.maxMs.toFixed(1).padStart(7)})  ${r.name.padEnd(20)} ${String(r.bytes).padStart(6)} bytes  ${r.tries}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
