import {Counter, Gauge, type Registry} from 'prom-client';
import type {Retriever} from '../../../lib/search/retrieval';
import type {Section} from '../../../lib/search/types';
import {embeddingsDefaults, type EmbeddingsConfig} from '../../config';
import {limitLog} from '../../log-limiter';
import type {CompletionPool} from '../worker-pool';
import {embed, EmbeddingsError, hostOf, normalize} from './client';
import {embedSectionsInBackground, type SectionVectorsJob} from './section-vectors';
import {createSharedVectors, readVectors, type SharedVectors} from './shared-vectors';

/** How much an earlier question's vector adds to a follow-up's, for the question just before; halved for each before it. */
export const EARLIER_QUESTION_SHARE = 0.5;
/** Earlier questions of a conversation embedded with a follow-up. */
const EARLIER_QUESTIONS = 2;

/**
 * A question's unit vector: the question's own, plus EARLIER_QUESTION_SHARE of the question before it (and half that
 * of the one before), as the lexical retrieval weighs a follow-up's earlier subjects below its own. One request.
 */
export async function questionVector(config: EmbeddingsConfig, prompt: string, earlier: readonly string[], signal?: AbortSignal): Promise<Float32Array> {
  const previous = earlier.slice(-EARLIER_QUESTIONS).reverse();
  const [own, ...before] = await embed(config, [prompt, ...previous], {timeoutMs: config.timeoutMs, signal});
  const vector = normalize(Float32Array.from(own));
  let share = EARLIER_QUESTION_SHARE;
  for (const other of before) {
    const unit = normalize(Float32Array.from(other));
    for (let d = 0; d < vector.length; d++) vector[d] += share * (unit[d] ?? 0);
    share /= 2;
  }
  return normalize(vector);
}

/** What /readyz and the metrics read of semantic retrieval. */
export interface SemanticRetrievalStatus {
  /** What a question gets now: fused once every section vector is in, lexical before. */
  retrieval: 'fused' | 'lexical';
  embeddings: string;
}

/** Semantic retrieval as the server runs it: the shared vectors, the job that fills them, and the retriever. */
export interface SemanticRetrieval {
  vectors: SharedVectors;
  /** Starts the job: call once the pool exists (its workers hold `vectors`). */
  start(pool: Pick<CompletionPool, 'retrieveWith'>): Retriever;
  status(): SemanticRetrievalStatus;
  /** Adds chat_embeddings_errors_total and chat_embeddings_ready to an app's registry. */
  registerMetrics(registry: Registry): void;
  stop(): void;
}

/**
 * Sets up semantic retrieval: room for the section vectors the workers will share; once started, the sections are
 * embedded in the background and each question is embedded (within EMBEDDINGS_TIMEOUT_MS) and fused with the lexical
 * ranking on a worker. Any failure of the endpoint makes that question lexical, counted and logged once a minute.
 */
export function createSemanticRetrieval(sections: Section[], config: EmbeddingsConfig, log: (message: string, error?: unknown) => void): SemanticRetrieval {
  const vectors = createSharedVectors(sections.length, embeddingsDefaults.maxDimensions);
  const host = hostOf(config.baseUrl);
  const warn = limitLog(log);
  // Failures are tallied here too: the start can fail before the app (and its metrics registry) exists.
  const tally = new Map<string, {when: 'start' | 'question'; code: string; count: number}>();
  const errorListeners: Array<(labels: {when: 'start' | 'question'; code: string}) => void> = [];
  const failed = (error: EmbeddingsError, when: 'start' | 'question') => {
    const key = `${when}\0${error.code}`;
    const entry = tally.get(key) ?? {when, code: error.code, count: 0};
    entry.count += 1;
    tally.set(key, entry);
    errorListeners.forEach((listener) => listener({when, code: error.code}));
  };
  let job: SectionVectorsJob | undefined;
  const semantic: SemanticRetrieval = {
    vectors,
    start(pool) {
      job ??= embedSectionsInBackground(sections, config, vectors, {log, onError: (error) => failed(error, 'start')});
      return {
        async retrieve(prompt, options) {
          // Until every section has its vector, questions are not embedded at all: the answer is lexical anyway.
          if (Atomics.load(vectors.state, 0) === 0) return (await pool.retrieveWith(prompt, options)).retrieved;
          let vector: Float32Array | undefined;
          try {
            vector = await questionVector(config, prompt, options.earlier ?? [], options.signal);
          } catch (error) {
            if (options.signal?.aborted) throw error;
            const code = error instanceof EmbeddingsError ? error.code : 'error';
            failed(error instanceof EmbeddingsError ? error : new EmbeddingsError(host, code, String(error)), 'question');
            warn(`embeddings:${code}`, `Embeddings endpoint ${host} gave no vector for a question (${code}); answering it lexically`, error);
          }
          // A vector of another length than the sections' (another model behind the endpoint) cannot be compared.
          const dims = readVectors(vectors)?.dims;
          if (vector && dims !== undefined && vector.length !== dims) {
            const error = new EmbeddingsError(host, 'wrong_dimension', `a question vector of ${vector.length} dimensions, the sections' have ${dims}; the model behind the endpoint changed? Restart to embed the sections again`);
            failed(error, 'question');
            warn('embeddings:wrong_dimension', `Embeddings endpoint ${host} gave a vector of the wrong length for a question (wrong_dimension); answering it lexically`, error);
            vector = undefined;
          }
          return (await pool.retrieveWith(prompt, options, vector)).retrieved;
        },
      };
    },
    status() {
      const s = job?.status();
      if (!s) return {retrieval: 'lexical', embeddings: 'not started'};
      if (s.state === 'ready') return {retrieval: 'fused', embeddings: `ready: ${s.total} sections, ${s.dims} dimensions (${config.model} at ${host})`};
      if (s.state === 'embedding') return {retrieval: 'lexical', embeddings: `embedding the sections: ${s.done}/${s.total}; questions are answered lexically meanwhile`};
      return {retrieval: 'lexical', embeddings: `the endpoint at ${host} failed (${s.done}/${s.total} sections embedded); trying again in ${Math.max(0, Math.round((s.retryAt - Date.now()) / 1000))} s; questions are answered lexically meanwhile`};
    },
    registerMetrics(registry) {
      const errors = new Counter({
        name: 'chat_embeddings_errors_total',
        help: 'Embeddings requests that failed or timed out (EMBEDDINGS_BASE_URL), by when (start: the sections, question: a question, then answered lexically) and code.',
        labelNames: ['when', 'code'],
        registers: [registry],
      });
      for (const {when, code, count} of tally.values()) errors.inc({when, code}, count);
      errorListeners.push((labels) => errors.inc(labels));
      new Gauge({
        name: 'chat_embeddings_ready',
        help: '1 once every section has its vector and questions use fused retrieval; 0 while they are answered lexically.',
        registers: [registry],
        collect() {
          this.set(Atomics.load(vectors.state, 0) === 0 ? 0 : 1);
        },
      });
    },
    stop: () => job?.stop(),
  };
  return semantic;
}
