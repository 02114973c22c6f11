import type {RankingWeights} from '../../lib/search/rank';
import type {Retriever} from '../../lib/search/retrieval';
import {readConfig, type EmbeddingsConfig} from '../../server/config';
import {EmbeddingsError, normalize} from '../../server/completions/embeddings/client';
import {createFusedRetrieval, nearestSections, type FusionMethod} from '../../server/completions/embeddings/fusion';
import {embedAllSections} from '../../server/completions/embeddings/section-vectors';
import {questionVector} from '../../server/completions/embeddings/semantic-retrieval';
import type {EvaluationCorpus} from './pipeline';

/**
 * `npm run eval -- --embeddings`: the chat's question sets through fused retrieval (the server's own code: the same
 * section vectors and cache, question vectors and fusion), so a team can measure their embeddings model on their
 * questions. Each question is embedded once and reused for every fusion method.
 */

/** The EMBEDDINGS_* settings from the environment, or a one-line reason to stop. */
export function embeddingsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): EmbeddingsConfig {
  const config = readConfig(env).embeddings;
  if (!config) throw new Error('--embeddings: set EMBEDDINGS_MODEL and EMBEDDINGS_BASE_URL (or OPENAI_BASE_URL) to the model to evaluate; see maintaining/retrieval.md, "Semantic retrieval"');
  return config;
}

export interface FusedEvaluation {
  config: EmbeddingsConfig;
  /** A retriever as the server's with vectors ready, fusing by `method`. */
  retriever(method: FusionMethod): Retriever;
  /** Questions whose vector the endpoint did not give (they were ranked lexically, as the server would). */
  failures(): number;
  /** Time the sections' vectors took (embedded, or read from the cache). */
  startupMs: number;
  /**
   * Per question, the time retrieval takes lexically and fused (a fresh question vector, then the fused ranking), in
   * the same run: what fusion adds to a question before its references.
   */
  addedLatency(questions: Array<{text: string}>): Promise<LatencyFigures>;
  /**
   * The raw cosine of the closest section to each question, answerable and off-topic apart: where the off-topic ones
   * sit is the model's floor (EMBEDDINGS_COSINE_FLOOR), under which a cosine should not count.
   */
  closestCosines(questions: Array<{text: string; acceptable: string[]}>): Promise<{answerable: number[]; offTopic: number[]}>;
}

export interface LatencyFigures {
  questions: number;
  lexicalMedianMs: number;
  fusedMedianMs: number;
  addedMedianMs: number;
  addedP95Ms: number;
  embedMedianMs: number;
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
};

/** Embeds (or reads from the cache) every section, then hands out fused retrievers over the evaluation's corpus. */
export async function prepareFusedEvaluation(corpus: EvaluationCorpus, weights: RankingWeights, config: EmbeddingsConfig, log: (line: string) => void): Promise<FusedEvaluation> {
  const {vectors, ms} = await embedAllSections(corpus.sections, config, {log});
  const dims = vectors[0]?.length ?? 0;
  const rows = new Float32Array(dims * vectors.length);
  vectors.forEach((v, i) => rows.set(normalize(Float32Array.from(v)), i * dims));
  const fused = createFusedRetrieval(corpus.sections, corpus.synonyms, weights);
  const asked = new Map<string, Promise<Float32Array | undefined>>();
  let failures = 0;
  const vectorOf = (prompt: string, earlier: readonly string[]) => {
    const key = JSON.stringify([prompt, earlier]);
    let vector = asked.get(key);
    if (!vector) {
      vector = questionVector(config, prompt, earlier).catch((error: unknown) => {
        if (!(error instanceof EmbeddingsError)) throw error;
        failures += 1;
        log(`A question was ranked lexically: ${error.message}`);
        return undefined;
      });
      asked.set(key, vector);
    }
    return vector;
  };
  return {
    config,
    startupMs: ms,
    async closestCosines(questions) {
      const out = {answerable: [] as number[], offTopic: [] as number[]};
      for (const {text, acceptable} of questions) {
        const vector = await vectorOf(text, []);
        if (!vector) continue;
        const [closest] = nearestSections(vector, rows, dims, 1);
        (acceptable.length > 0 ? out.answerable : out.offTopic).push(closest?.similarity ?? 0);
      }
      return out;
    },
    async addedLatency(questions) {
      const options = {count: 10, threshold: 0.5};
      const lexical: number[] = [];
      const fusedMs: number[] = [];
      const embedMs: number[] = [];
      for (const {text} of questions) {
        let started = performance.now();
        fused.retrieve(text, options);
        lexical.push(performance.now() - started);
        started = performance.now();
        const vector = await questionVector(config, text, []);
        embedMs.push(performance.now() - started);
        fused.retrieve(text, options, {vector, rows, dims, fusion: {method: config.fusion, cosineFloor: config.cosineFloor}});
        fusedMs.push(performance.now() - started);
      }
      const added = fusedMs.map((f, i) => f - lexical[i]);
      return {
        questions: questions.length,
        lexicalMedianMs: quantile(lexical, 0.5),
        fusedMedianMs: quantile(fusedMs, 0.5),
        addedMedianMs: quantile(added, 0.5),
        addedP95Ms: quantile(added, 0.95),
        embedMedianMs: quantile(embedMs, 0.5),
      };
    },
    failures: () => failures,
    retriever: (method) => ({
      async retrieve(prompt, options) {
        const vector = await vectorOf(prompt, options.earlier ?? []);
        return fused.retrieve(prompt, options, vector ? {vector, rows, dims, fusion: {method, cosineFloor: config.cosineFloor}} : undefined);
      },
    }),
  };
}
