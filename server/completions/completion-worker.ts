import {workerData, type MessagePort} from 'node:worker_threads';
import {createLexicalRetriever, type RetrievedSection, type RetrieveOptions} from '../../lib/search/retrieval';
import type {SynonymTable} from '../../lib/search/synonyms';
import type {Section} from '../../lib/search/types';
import {createFusedRetrieval, type FusionSettings} from './embeddings/fusion';
import {readVectors, type SharedVectors} from './embeddings/shared-vectors';
import {extractiveAnswer} from './extractive-answerer';

/** What each worker receives once, at start: the sections it retrieves from and the site's synonyms. */
export interface CompletionWorkerData {
  sections: Section[];
  synonyms: SynonymTable;
  /** The section vectors, shared with the main thread (semantic retrieval configured); filled once embedded. */
  vectors?: SharedVectors;
  fusion?: FusionSettings;
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
  /** The question's unit vector (semantic retrieval): fused with the lexical ranking once the section vectors are in. */
  queryVector?: Float32Array;
  /** Where the hits are posted as soon as they are ranked, before the passage: the references need not wait for it. */
  hitsPort?: MessagePort;
  cancelled: CancelFlag;
}

/** What a retrieve task posts on its hitsPort. */
export type EarlyHits = Pick<CompletionTaskResult, 'hits' | 'fused'>;

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
  hits: Array<{index: number; similarity: number; score?: number}>;
  passage: string;
  /** Whether the vector ranking was fused in (else lexical alone). */
  fused: boolean;
  /** Time the task ran in the worker, apart from its wait in the queue. */
  runMs: number;
}

/** Thrown in the worker when the client left before the task ran. */
export const CANCELLED = 'cancelled: the client left';

const {sections, synonyms, vectors, fusion = {method: 'rrf', cosineFloor: 0}} = workerData as CompletionWorkerData;

/** Ranks for a question, with its vector when it has one and the section vectors are in. */
type Retrieve = (prompt: string, options: RetrieveOptions, queryVector?: Float32Array) => Promise<{retrieved: RetrievedSection[]; fused: boolean}>;

// One search index per worker either way: with vectors configured, the fused retrieval's (which also ranks lexically).
const retrieve: Retrieve = vectors
  ? (() => {
      const fused = createFusedRetrieval(sections, synonyms);
      return async (prompt, options, queryVector) => {
        const shared = queryVector ? readVectors(vectors) : undefined;
        const query = queryVector && shared && shared.dims === queryVector.length ? {vector: queryVector, ...shared, fusion} : undefined;
        return {retrieved: fused.retrieve(prompt, options, query), fused: query !== undefined};
      };
    })()
  : (() => {
      const lexical = createLexicalRetriever(sections, synonyms);
      return async (prompt, options) => ({retrieved: await lexical.retrieve(prompt, options), fused: false});
    })();
const indexOf = new Map(sections.map((section, index) => [section, index]));

const stopIfCancelled = (flag: CancelFlag) => {
  if (Atomics.load(flag, 0) === 1) throw new Error(CANCELLED);
};

/** One task of the chat's worker pool (see worker-pool.ts). */
export default async function runCompletionTask(task: CompletionTask): Promise<CompletionTaskResult> {
  const started = performance.now();
  stopIfCancelled(task.cancelled);
  let hits: CompletionTaskResult['hits'];
  let fused = false;
  if (task.kind === 'retrieve') {
    const result = await retrieve(task.prompt, {count: task.count, threshold: task.threshold, earlier: task.earlier}, task.queryVector);
    const retrieved = result.retrieved;
    fused = result.fused;
    hits = retrieved.map((r) => ({index: indexOf.get(r.section) ?? -1, similarity: r.similarity, ...(r.score !== undefined && {score: r.score})}));
    task.hitsPort?.postMessage({hits, fused} satisfies EarlyHits);
    task.hitsPort?.close();
    stopIfCancelled(task.cancelled);
  } else {
    hits = task.indexes.map((index) => ({index, similarity: 0}));
  }
  const chosen = hits.flatMap((h) => (sections[h.index] ? [{section: sections[h.index], similarity: h.similarity, ...(h.score !== undefined && {score: h.score})}] : []));
  const passage = extractiveAnswer(task.prompt, task.earlier, chosen, synonyms, task.earlierAnswers);
  return {hits, passage, fused, runMs: performance.now() - started};
}
