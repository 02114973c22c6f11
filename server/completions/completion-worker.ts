import {workerData} from 'node:worker_threads';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import type {SynonymTable} from '../../lib/search/synonyms';
import type {Section} from '../../lib/search/types';
import {extractivePassage} from './extractive-answerer';

/** What each worker receives once, at start: the sections it retrieves from and the site's synonyms. */
export interface CompletionWorkerData {
  sections: Section[];
  synonyms: SynonymTable;
}

/** Set to 1 by the main thread when the client has left; a task reads it before each step and stops. */
export type CancelFlag = Int32Array;

/** Ranks the sections for a prompt, then finds the extractive answer's passage in them. */
export interface RetrieveTask {
  kind: 'retrieve';
  prompt: string;
  earlier: string[];
  earlierAnswers: string[];
  count: number;
  threshold: number;
  cancelled: CancelFlag;
}

/** Finds the passage in sections chosen elsewhere (by index in the sections both threads hold). */
export interface PassageTask {
  kind: 'passage';
  prompt: string;
  earlier: string[];
  earlierAnswers: string[];
  indexes: number[];
  cancelled: CancelFlag;
}

export type CompletionTask = RetrieveTask | PassageTask;

export interface CompletionTaskResult {
  hits: Array<{index: number; similarity: number}>;
  passage: string;
  /** Time the task ran in the worker, apart from its wait in the queue. */
  runMs: number;
}

/** Thrown in the worker when the client left before the task ran. */
export const CANCELLED = 'cancelled: the client left';

const {sections, synonyms} = workerData as CompletionWorkerData;
const retriever = createLexicalRetriever(sections, synonyms);
const indexOf = new Map(sections.map((section, index) => [section, index]));

const stopIfCancelled = (flag: CancelFlag) => {
  if (Atomics.load(flag, 0) === 1) throw new Error(CANCELLED);
};

/** One task of the chat's worker pool (see worker-pool.ts). */
export default async function runCompletionTask(task: CompletionTask): Promise<CompletionTaskResult> {
  const started = performance.now();
  stopIfCancelled(task.cancelled);
  let hits: CompletionTaskResult['hits'];
  if (task.kind === 'retrieve') {
    const retrieved = await retriever.retrieve(task.prompt, {count: task.count, threshold: task.threshold, earlier: task.earlier});
    hits = retrieved.map((r) => ({index: indexOf.get(r.section) ?? -1, similarity: r.similarity}));
    stopIfCancelled(task.cancelled);
  } else {
    hits = task.indexes.map((index) => ({index, similarity: 0}));
  }
  const chosen = hits.map((h) => sections[h.index]).filter((s): s is Section => s !== undefined);
  const passage = extractivePassage(task.prompt, task.earlier, chosen, synonyms, task.earlierAnswers);
  return {hits, passage, runMs: performance.now() - started};
}
