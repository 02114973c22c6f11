import path from 'node:path';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {Piscina} from 'piscina';
import {earlierAnswersOf, earlierQuestionsOf} from '../../contract/completions';
import type {RetrievedSection, RetrieveOptions, Retriever} from '../../lib/search/retrieval';
import type {SynonymTable} from '../../lib/search/synonyms';
import type {Section} from '../../lib/search/types';
import type {Answerer} from './answerer';
import {MessageChannel, type MessagePort} from 'node:worker_threads';
import type {CompletionTask, CompletionTaskResult, CompletionWorkerData, EarlyHits} from './completion-worker';
import type {FusionSettings} from './embeddings/fusion';
import type {SharedVectors} from './embeddings/shared-vectors';
import {streamPassage} from './extractive-answerer';

/** Refused at once because the pool's queue is full: the route answers 503 with Retry-After. */
export class ChatBusyError extends Error {
  constructor(queued: number) {
    super(`${queued} questions already wait for the chat's workers`);
  }
}

export interface CompletionPoolOptions {
  sections: Section[];
  synonyms: SynonymTable;
  /** Worker threads (CHAT_WORKERS). */
  threads: number;
  /** Most questions waiting for a free worker (CHAT_QUEUE_MAX); more get 503. */
  maxQueue: number;
  /** Section vectors shared with the workers (semantic retrieval), and how they fuse with the lexical ranking. */
  vectors?: SharedVectors;
  fusion?: FusionSettings;
}

/** One finished task, as the metrics record it. */
export interface ChatTaskTiming {
  runMs: number;
  waitMs: number;
}

/** What the metrics read of the pool. */
export interface ChatPoolStats {
  readonly threads: number;
  queueLength(): number;
  onTask(listener: (timing: ChatTaskTiming) => void): void;
}

/** Retrieval and the extractive answer, run on worker threads so the event loop that serves pages never waits for them. */
export interface CompletionPool extends ChatPoolStats {
  retriever: Retriever;
  /** Retrieval with the question's unit vector, fused with the lexical ranking once the section vectors are in. */
  retrieveWith(prompt: string, options: RetrieveOptions, queryVector?: Float32Array): Promise<{retrieved: RetrievedSection[]; fused: boolean}>;
  answerer: Answerer;
  /** Resolves once the workers have answered one small task per thread (so they have loaded the sections and built their index). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

// Workers load the TypeScript sources through tsx, the same way `npm run serve` runs the main thread (and the way
// vitest's workers need it, since they do not inherit tsx from the parent).
const tsxLoader = pathToFileURL(createRequire(__filename).resolve('tsx')).href;

const never = new AbortController().signal;

/**
 * Starts `threads` workers, each handed the sections and synonyms once. A task whose client left is stopped in the
 * worker before its next step (a flag both threads share), never by killing the worker, which would rebuild its index.
 */
export function createCompletionPool(options: CompletionPoolOptions): CompletionPool {
  // The vectors' shared memory goes to each worker once, here; the workers read it in place (no copy per question).
  const workerData: CompletionWorkerData = {sections: options.sections, synonyms: options.synonyms, vectors: options.vectors, fusion: options.fusion};
  const pool = new Piscina<CompletionTask, CompletionTaskResult>({
    filename: path.join(__dirname, 'completion-worker.ts'),
    execArgv: ['--import', tsxLoader],
    workerData,
    minThreads: options.threads,
    maxThreads: options.threads,
    maxQueue: options.maxQueue,
    idleTimeout: 2 ** 31 - 1,
    // Below the main thread's priority: when the cores are busy, the scheduler serves pages first.
    niceIncrement: 10,
  });
  const listeners: Array<(timing: ChatTaskTiming) => void> = [];
  const sectionIndex = new Map(options.sections.map((section, index) => [section, index]));
  // The retrieve task also finds the passage; the answerer picks it up for the same list of sections.
  const passages = new WeakMap<RetrievedSection[], Promise<string>>();

  type TaskInput = CompletionTask extends infer T ? (T extends unknown ? Omit<T, 'cancelled'> : never) : never;
  const run = async (task: TaskInput, signal: AbortSignal, transferList?: MessagePort[]): Promise<CompletionTaskResult> => {
    signal.throwIfAborted();
    if (pool.queueSize >= options.maxQueue) throw new ChatBusyError(pool.queueSize);
    const cancelled = new Int32Array(new SharedArrayBuffer(4));
    const cancel = () => Atomics.store(cancelled, 0, 1);
    signal.addEventListener('abort', cancel, {once: true});
    const queuedAt = performance.now();
    try {
      const result = await pool.run({...task, cancelled} as CompletionTask, transferList ? {transferList} : undefined);
      const timing = {runMs: result.runMs, waitMs: Math.max(0, performance.now() - queuedAt - result.runMs)};
      for (const listener of listeners) listener(timing);
      return result;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw error;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  };

  // The worker posts the hits as soon as they are ranked and goes on to the passage in the same task: the references
  // are sent without waiting for the passage, and the passage without waiting in the queue a second time.
  const retrieveWith: CompletionPool['retrieveWith'] = async (prompt, {count, threshold, signal, earlier, earlierAnswers}, queryVector) => {
    const {port1, port2} = new MessageChannel();
    const early = new Promise<EarlyHits>((resolve) => port1.once('message', resolve));
    const task = {kind: 'retrieve' as const, prompt, earlier: [...(earlier ?? [])], earlierAnswers: [...(earlierAnswers ?? [])], count, threshold, queryVector, hitsPort: port2};
    const done = run(task, signal ?? never, [port2]);
    done.catch(() => undefined).finally(() => port1.close());
    const hits = await Promise.race([early, done]);
    const retrieved = hits.hits.map((hit) => ({section: options.sections[hit.index], similarity: hit.similarity, ...(hit.score !== undefined && {score: hit.score})}));
    const passage = done.then((result) => result.passage);
    // An LLM answer never reads the passage: a task that fails after the hits (the client left) must not go unhandled.
    passage.catch(() => undefined);
    passages.set(retrieved, passage);
    return {retrieved, fused: hits.fused};
  };

  let warmed: Promise<void> | undefined;
  return {
    threads: options.threads,
    queueLength: () => pool.queueSize,
    onTask: (listener) => void listeners.push(listener),
    retrieveWith,
    retriever: {retrieve: async (prompt, retrieveOptions) => (await retrieveWith(prompt, retrieveOptions)).retrieved},
    answerer: {
      kind: 'extractive',
      async *answer({prompt, sections, request, signal}) {
        let passage = await passages.get(sections);
        if (passage === undefined) {
          const indexes = sections.map((s) => sectionIndex.get(s.section) ?? -1).filter((i) => i >= 0);
          passage = (await run({kind: 'passage', prompt, earlier: earlierQuestionsOf(request), earlierAnswers: earlierAnswersOf(request), indexes}, signal ?? never)).passage;
        }
        yield* streamPassage(passage, request.iDontKnowMessage, signal);
      },
    },
    ready() {
      // One small task per thread: each waits for a worker that has loaded its module (and so built its index).
      warmed ??= Promise.all(
        Array.from({length: options.threads}, () => run({kind: 'passage', prompt: 'ready', earlier: [], earlierAnswers: [], indexes: []}, never)),
      ).then(() => undefined);
      return warmed;
    },
    close: () => pool.destroy(),
  };
}
