import type {Section} from '../../../lib/search/types';
import type {EmbeddingsConfig} from '../../config';
import {embed, EmbeddingsError, hostOf} from './client';
import {inputHash, sectionInput} from './section-input';
import {publishVectors, type SharedVectors} from './shared-vectors';
import {openVectorCache} from './vector-cache';

/** Longest wait for one batch of sections at start (a batch is far more work than a question). */
export const BATCH_TIMEOUT_MS = 60_000;
/** First wait before embedding again after a failure; it doubles up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 10 * 60_000;
/** Longest time between two progress lines while embedding. */
const PROGRESS_EVERY_MS = 5_000;

/** Where the section vectors stand, for /readyz and the logs. */
export type SectionVectorsStatus =
  | {state: 'embedding'; done: number; total: number}
  | {state: 'waiting'; reason: string; retryAt: number; done: number; total: number}
  | {state: 'ready'; total: number; dims: number};

export interface SectionVectorsJob {
  status(): SectionVectorsStatus;
  /** Resolves once the vectors are published (true), or when the job is stopped first (false). */
  readonly done: Promise<boolean>;
  stop(): void;
}

export interface SectionVectorsOptions {
  log: (message: string) => void;
  /** Tells each failed attempt (a metric). */
  onError?: (error: EmbeddingsError) => void;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** How far one pass over the sections has got. */
export interface EmbeddingProgress {
  done: number;
  total: number;
}

/**
 * One pass over the sections: those the cache holds are read, the others embedded in batches and written to the cache
 * batch by batch (so a failed pass keeps what it embedded), with a progress line at most every few seconds. The vectors
 * come back in the sections' order, as the model gave them.
 */
export async function embedAllSections(
  sections: Section[],
  config: EmbeddingsConfig,
  options: {log: (message: string) => void; signal?: AbortSignal; onProgress?: (progress: EmbeddingProgress) => void},
): Promise<{vectors: Float32Array[]; embedded: number; fromCache: number; ms: number}> {
  const started = performance.now();
  const host = hostOf(config.baseUrl);
  const inputs = sections.map((s) => sectionInput(s, config.maxInputChars));
  const hashes = inputs.map(inputHash);
  const cache = openVectorCache(config.cacheDir, config.model, config.dimensions);
  try {
    const byHash = cache.read(new Set(hashes));
    // Sections with the same text are embedded once.
    const missing = [...new Set(hashes.filter((h) => !byHash.has(h)))];
    const inputOf = new Map(hashes.map((h, i) => [h, inputs[i]]));
    const doneCount = () => hashes.filter((h) => byHash.has(h)).length;
    const fromCache = doneCount();
    options.onProgress?.({done: fromCache, total: sections.length});
    options.log(`Embeddings: ${sections.length} sections, ${fromCache} read from ${cache.file}, ${missing.length} texts to embed with ${config.model} at ${host} (batches of ${config.batchSize})`);
    let lastLog = performance.now();
    for (let i = 0; i < missing.length; i += config.batchSize) {
      const batch = missing.slice(i, i + config.batchSize);
      const vectors = await embed(config, batch.map((h) => inputOf.get(h) ?? ''), {timeoutMs: BATCH_TIMEOUT_MS, signal: options.signal});
      const rows = batch.map((hash, b) => ({hash, vector: vectors[b]}));
      cache.write(rows);
      for (const row of rows) byHash.set(row.hash, row.vector);
      const done = doneCount();
      options.onProgress?.({done, total: sections.length});
      if (i + config.batchSize >= missing.length || performance.now() - lastLog >= PROGRESS_EVERY_MS) {
        lastLog = performance.now();
        options.log(`Embeddings: ${done}/${sections.length} sections embedded (${seconds(performance.now() - started)})`);
      }
    }
    const vectors = hashes.map((h) => byHash.get(h) ?? new Float32Array(0));
    const dims = vectors[0]?.length ?? 0;
    if (vectors.some((v) => v.length !== dims)) {
      throw new Error(`${cache.file} holds vectors of different lengths (the endpoint's model changed under the same name?); delete the file to embed again`);
    }
    return {vectors, embedded: missing.length, fromCache, ms: performance.now() - started};
  } finally {
    cache.close();
  }
}

/**
 * Embeds every section in the background (see embedAllSections), then publishes the vectors to the workers. A failed
 * pass is logged and tried again later, keeping what the cache already stored; meanwhile questions are answered lexically.
 */
export function embedSectionsInBackground(sections: Section[], config: EmbeddingsConfig, shared: SharedVectors, options: SectionVectorsOptions): SectionVectorsJob {
  const stopper = new AbortController();
  let status: SectionVectorsStatus = {state: 'embedding', done: 0, total: sections.length};

  const attempt = async (): Promise<void> => {
    const result = await embedAllSections(sections, config, {
      log: options.log,
      signal: stopper.signal,
      onProgress: ({done, total}) => (status = {state: 'embedding', done, total}),
    });
    publishVectors(shared, result.vectors);
    const dims = result.vectors[0]?.length ?? 0;
    status = {state: 'ready', total: sections.length, dims};
    options.log(`Embeddings ready: ${sections.length} sections, ${dims} dimensions, ${result.embedded} texts embedded now, ${result.fromCache} sections from the cache, ${seconds(result.ms)}; questions now use fused retrieval (${config.fusion})`);
  };

  const done = (async () => {
    let wait = RETRY_FIRST_MS;
    for (;;) {
      try {
        await attempt();
        return true;
      } catch (error) {
        if (stopper.signal.aborted) return false;
        if (error instanceof EmbeddingsError) options.onError?.(error);
        const reason = error instanceof Error ? error.message : String(error);
        status = {state: 'waiting', reason, retryAt: Date.now() + wait, done: 'done' in status ? status.done : 0, total: sections.length};
        options.log(`Embeddings: ${reason}; questions are answered lexically, trying again in ${seconds(wait)} (sections embedded so far stay cached)`);
        const slept = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), wait);
          timer.unref();
          stopper.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), {once: true});
        });
        if (!slept) return false;
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      }
    }
  })();

  return {status: () => status, done, stop: () => stopper.abort(new Error('the server is stopping'))};
}
