import {HAND_SET_WEIGHTS, prepareQuestions} from '../evaluation/fit';
import {crossValidatedResult, loadEvaluationCorpus, runSet, summarize} from '../evaluation/pipeline';
import {readQuestionSets} from '../evaluation/question-sets';
import {rankingWeights} from '../../data/ranking-weights';
import {measureRequestCpu, requestCpuRows} from './request-cpu';
import type {BenchRow} from './report';

/** Folds of the cross-validation the bench reports (the figure that counts on the real users' questions). */
const FOLDS = 5;

/**
 * Retrieval quality (npm run eval's figures): every question set through the chat pipeline in-sample, the real users'
 * questions 5-fold cross-validated, and the CPU each hostile request body costs (request-cpu.ts). Targets are issue 30's.
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

  // Every hostile body inside the contract's limits, retrieval and the extractive answer, on one thread (issue 48).
  const runs = 9;
  rows.push(...requestCpuRows(await measureRequestCpu({sections: corpus.sections, synonyms: corpus.synonyms}, {runs}), runs));
  return rows;
}
