import {HAND_SET_WEIGHTS, prepareQuestions} from '../evaluation/fit';
import {crossValidatedResult, loadEvaluationCorpus, runSet, summarize} from '../evaluation/pipeline';
import {readQuestionSets} from '../evaluation/question-sets';
import {rankingWeights} from '../../data/ranking-weights';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import {worstCaseRequest} from '../../server/completions/worst-case-request';
import {earlierQuestionsOf} from '../../contract/completions';
import type {BenchRow} from './report';

/** Folds of the cross-validation the bench reports (the figure that counts on the real users' questions). */
const FOLDS = 5;

/**
 * Retrieval quality (npm run eval's figures): every question set through the chat pipeline in-sample, the real users'
 * questions 5-fold cross-validated, and the CPU a worst-case request costs retrieval. Targets are issue 30's.
 */
export async function benchRetrieval(buildDir: string): Promise<BenchRow[]> {
  const corpus = loadEvaluationCorpus(buildDir);
  const sets = readQuestionSets();
  const primary = sets.find((s) => s.primary)!;
  const rows: BenchRow[] = [];
  for (const set of sets) {
    const s = summarize(await runSet(corpus, set, rankingWeights));
    const note = set.name === 'curated' ? 'target >= 0.90' : set.name === 'keywords' ? 'target >= 0.93' : 'in-sample: the weights were fitted on these questions';
    rows.push({area: 'Retrieval', metric: `${set.name}: hit@1 (${s.answerable} questions)`, value: s.hitAt1, unit: '', note});
    rows.push({area: 'Retrieval', metric: `${set.name}: hit@3 / hit@10`, value: s.hitAt3, unit: '', note: `hit@10 ${s.hitAt10.toFixed(3)}; off-topic declined ${s.offTopicDeclined}/${s.offTopic}; answerable without references ${s.withoutReferences}`});
  }
  const prepared = prepareQuestions(corpus.index, corpus.pageRoutes, sets, HAND_SET_WEIGHTS);
  const crossValidated = summarize(await crossValidatedResult(corpus, prepared, sets, FOLDS));
  rows.push({area: 'Retrieval', metric: `real: hit@1, ${FOLDS}-fold cross-validated`, value: crossValidated.hitAt1, unit: '', note: 'target >= 0.80'});
  rows.push({area: 'Retrieval', metric: `real: hit@3, ${FOLDS}-fold cross-validated`, value: crossValidated.hitAt3, unit: '', note: `target >= 0.90; hit@10 ${crossValidated.hitAt10.toFixed(3)}; off-topic declined ${crossValidated.offTopicDeclined}/${crossValidated.offTopic}; answerable without references ${crossValidated.withoutReferences}`});

  const retriever = createLexicalRetriever(corpus.sections, corpus.synonyms);
  const worst = worstCaseRequest(corpus.sections, 'bench');
  const cpu: number[] = [];
  // The first runs pay for compiling the code; a server answers from warm code.
  for (let i = 0; i < 3; i++) await retriever.retrieve(worst.prompt, {count: 20, threshold: 0, earlier: earlierQuestionsOf(worst)});
  for (let i = 0; i < 9; i++) {
    const started = process.cpuUsage();
    await retriever.retrieve(worst.prompt, {count: worst.sectionsMatchCount ?? 20, threshold: worst.sectionsMatchThreshold ?? 0, earlier: earlierQuestionsOf(worst)});
    const used = process.cpuUsage(started);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  rows.push({area: 'Retrieval', metric: 'Worst-case request: retrieval CPU (median of 9, after 3 warm-up runs)', value: cpu[4], unit: 'ms', note: 'target <= 50; 2,000-character prompt, three 2,000-character earlier questions, 20 sections, threshold 0'});
  return rows;
}
