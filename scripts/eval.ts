/**
 * `npm run eval -- [--cv K] [--fit] [--misses] [--json] [--embeddings]`: every question set in data/ through the chat's own pipeline
 * (retrieval, threshold, references, answer) and the search box's ranking, with hit@1/3/10, off-topic questions
 * declined and answerable questions left without references. `--cv K` adds the k-fold cross-validated figures of the
 * fitted weights on the real users' questions (fit on the other sets and K-1 folds, score the held-out fold), which is
 * the figure that counts; `--fit` fits the weights on every set and writes data/ranking-weights.ts. `--embeddings` adds
 * the chat sets through fused retrieval with the EMBEDDINGS_* model (scripts/evaluation/embeddings.ts).
 */
import {writeFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {chatDefaults} from '../src/site';
import {rankingWeights} from '../data/ranking-weights';
import type {RankingWeights} from '../lib/search/rank';
import {fitPolicy, fitWeights, HAND_SET_WEIGHTS, prepareQuestions} from './evaluation/fit';
import {crossValidatedResult, loadEvaluationCorpus, pipelineAsker, runSet, summarize, type SetResult} from './evaluation/pipeline';
import {readQuestionSets} from './evaluation/question-sets';
import {embeddingsConfigFromEnv, prepareFusedEvaluation, quantile} from './evaluation/embeddings';
import {readThreads, runThreads, THREADS_FILE} from './evaluation/threads';
import {answerHelp} from './cli-usage';

const WEIGHTS_FILE = 'data/ranking-weights.ts';
const pct = (x: number) => x.toFixed(3);

function printTable(title: string, rows: Array<{name: string; result: ReturnType<typeof summarize>}>) {
  console.log(`\n${title}`);
  console.log('| set | questions | hit@1 | hit@3 | hit@10 | off-topic declined | answerable without references |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const {name, result} of rows) {
    console.log(`| ${name} | ${result.answerable} | ${pct(result.hitAt1)} | ${pct(result.hitAt3)} | ${pct(result.hitAt10)} | ${result.offTopicDeclined}/${result.offTopic} | ${result.withoutReferences} |`);
  }
}

function weightsSource(weights: RankingWeights, note: string): string {
  const round = (x: number) => Number(x.toFixed(4));
  const features = Object.entries(weights.features).map(([name, value]) => `    ${name}: ${round(value)},`).join('\n');
  return `/**
 * The weights ranking uses (lib/search/rank.ts), written by \`npm run eval -- --fit\`: ${note}
 * Do not edit by hand; change the features or the question sets and fit again. Plain values that import nothing:
 * ranking checks them against its RankingWeights type where it reads them, and data stays below the engine.
 */
export const rankingWeights = {
  features: {
${features}
  },
  pageBonus: ${round(weights.pageBonus)},
  saturation: ${round(weights.saturation)},
  unknownSubject: ${round(weights.unknownSubject)},
};
`;
}

const USAGE = `
Usage: npm run eval -- [--cv K] [--fit] [--misses] [--json] [--embeddings]

Retrieval figures (hit@1/3/10, off-topic questions declined, answerable ones left without references) on every
question set in data/, through the chat's own pipeline and the search box's ranking.

  --cv K         add the K-fold cross-validated figures on the real users' questions (the figure that counts)
  --fit          fit the ranking weights on every set and write data/ranking-weights.ts
  --misses       list every miss: an accepted page not first, an off-topic question answered
  --json         the figures as JSON
  --embeddings   add the chat sets through fused retrieval with the EMBEDDINGS_* model
  --help, -h     this text
`;

async function main() {
  answerHelp(USAGE);
  const {values} = parseArgs({options: {cv: {type: 'string'}, fit: {type: 'boolean', default: false}, misses: {type: 'boolean', default: false}, json: {type: 'boolean', default: false}, embeddings: {type: 'boolean', default: false}}});
  // Checked first: a missing setting stops the run before minutes of lexical figures.
  const embeddingsConfig = values.embeddings ? embeddingsConfigFromEnv() : undefined;
  const corpus = loadEvaluationCorpus();
  const sets = readQuestionSets();
  const primary = sets.find((s) => s.primary)!;
  const log = (line: string) => console.error(line);

  let weights = rankingWeights;
  // Matches and features are computed once for the fit and the cross-validation alike.
  const prepared = values.fit || values.cv ? prepareQuestions(corpus.index, corpus.pageRoutes, sets, HAND_SET_WEIGHTS) : [];
  if (values.fit) {
    weights = fitWeights(prepared, HAND_SET_WEIGHTS, {...fitPolicy(sets), log});
    writeFileSync(WEIGHTS_FILE, weightsSource(weights, `fitted on ${sets.filter((s) => s.fitWeight > 0).map((s) => `${s.questions.length} ${s.name}`).join(', ')} questions (${new Date().toISOString().slice(0, 10)}).`));
    console.error(`Wrote ${WEIGHTS_FILE}; run npm run eval again to see the figures with these weights (the module is read at start).`);
  }

  const inSample: SetResult[] = [];
  for (const set of sets) inSample.push(await runSet(corpus, set, weights));
  printTable(`In-sample (weights of ${WEIGHTS_FILE}, threshold ${chatDefaults.sectionsMatchThreshold}, through the chat pipeline; keywords through the search ranking)`, inSample.map((r) => ({name: r.set.name, result: summarize(r)})));
  const threads = await runThreads(readThreads(), pipelineAsker(corpus, weights));
  console.log(`\nFollow-ups (${THREADS_FILE}, ${threads.threads} two-question threads): the first reference is an accepted section in ${threads.sectionFirst}, on its page in ${threads.pageFirst}.`);

  const fusedResults: Array<{method: string; results: SetResult[]}> = [];
  if (embeddingsConfig) {
    const evaluation = await prepareFusedEvaluation(corpus, weights, embeddingsConfig, log);
    for (const method of ['rrf', 'weighted'] as const) {
      const results: SetResult[] = [];
      for (const set of sets.filter((s) => s.mode !== 'search')) results.push(await runSet(corpus, set, weights, evaluation.retriever(method)));
      fusedResults.push({method, results});
      printTable(`Fused with ${embeddingsConfig.model} by ${method === 'rrf' ? 'reciprocal rank fusion (the default)' : 'a weighted sum of normalised scores (EMBEDDINGS_FUSION=weighted)'}, threshold ${chatDefaults.sectionsMatchThreshold}; the search box stays lexical`, results.map((r) => ({name: r.set.name, result: summarize(r)})));
    }
    const latency = await evaluation.addedLatency(primary.questions);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`\nSection vectors: ${corpus.sections.length} sections in ${(evaluation.startupMs / 1000).toFixed(1)} s. Retrieval per question (${latency.questions} questions of ${primary.name}, same run): lexical ${ms(latency.lexicalMedianMs)}, fused ${ms(latency.fusedMedianMs)} (of which the question's embedding request ${ms(latency.embedMedianMs)}); added: median ${ms(latency.addedMedianMs)}, 95th percentile ${ms(latency.addedP95Ms)}.`);
    const cosines = await evaluation.closestCosines(sets.filter((s) => s.mode !== 'search').flatMap((s) => s.questions));
    const spread = (values: number[]) => `10th percentile ${quantile(values, 0.1).toFixed(2)}, median ${quantile(values, 0.5).toFixed(2)}, 90th percentile ${quantile(values, 0.9).toFixed(2)}`;
    console.log(`Cosine of the closest section: answerable questions ${spread(cosines.answerable)}; off-topic questions ${spread(cosines.offTopic)} (EMBEDDINGS_COSINE_FLOOR is ${embeddingsConfig.cosineFloor}; set it about where the off-topic ones sit, so their cosines count for little against the threshold).`);
    if (evaluation.failures() > 0) console.log(`\n${evaluation.failures()} questions got no vector from the endpoint and were ranked lexically.`);
  }

  let crossValidated: SetResult | null = null;
  if (values.cv) {
    const k = Number(values.cv);
    if (!Number.isInteger(k) || k < 2) throw new Error(`--cv: expected a number of folds of 2 or more, got "${values.cv}"`);
    crossValidated = await crossValidatedResult(corpus, prepared, sets, k, log);
    printTable(`${k}-fold cross-validated on ${primary.name} (fit on the other sets and ${k - 1} folds, scored on the held-out fold)`, [{name: primary.name, result: summarize(crossValidated)}]);
  }

  if (values.misses) {
    for (const result of [...inSample, ...(crossValidated ? [{...crossValidated, set: {...crossValidated.set, name: `${crossValidated.set.name} (cross-validated)`}}] : [])]) {
      const misses = result.rows.filter((r) => (r.acceptable.length === 0 ? r.references.length > 0 : r.rank !== 1));
      if (misses.length === 0) continue;
      console.log(`\nMisses in ${result.set.name}:`);
      for (const m of misses) {
        const got = [...new Set(m.references.map((r) => r.split('#')[0]))].slice(0, 3).join(' ') || '(no references)';
        console.log(`- ${m.acceptable.length === 0 ? 'off-topic, answered' : `rank ${m.rank ?? '-'}`}: ${m.text}\n    accepted: ${m.acceptable.join(' ') || '-'}\n    got:      ${got}`);
      }
    }
  }

  if (values.misses && threads.misses.length > 0) {
    console.log('\nMisses in the follow-ups:');
    for (const {thread, first} of threads.misses) console.log(`- ${thread.earlier} / ${thread.text}\n    accepted: ${thread.acceptable.join(' ')}\n    got:      ${first ?? '(no references)'}`);
  }

  if (values.json) {
    console.log(JSON.stringify({
      inSample: inSample.map((r) => ({set: r.set.name, ...summarize(r)})),
      crossValidated: crossValidated && {set: crossValidated.set.name, ...summarize(crossValidated)},
      threads: {threads: threads.threads, sectionFirst: threads.sectionFirst, pageFirst: threads.pageFirst},
      ...(embeddingsConfig ? {fused: fusedResults.map(({method, results}) => ({method, model: embeddingsConfig.model, sets: results.map((r) => ({set: r.set.name, ...summarize(r)}))}))} : {}),
    }, null, 2));
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
