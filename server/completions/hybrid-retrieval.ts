import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Section} from '../../lib/search/types';
import type {Retriever} from '../../lib/search/retrieval';

export interface EmbeddingsOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  cacheDir: string;
  fetchImpl?: typeof fetch;
}

type Embed = (inputs: string[], signal?: AbortSignal) => Promise<number[][]>;

/** Calls an OpenAI-compatible `/embeddings` endpoint in batches. */
export function embeddingsClient(options: EmbeddingsOptions): Embed {
  const fetchImpl = options.fetchImpl ?? fetch;
  return async (inputs, signal) => {
    const vectors: number[][] = [];
    for (let i = 0; i < inputs.length; i += 64) {
      const response = await fetchImpl(`${options.baseUrl.replace(/\/$/, '')}/embeddings`, {
        method: 'POST',
        signal,
        headers: {'Content-Type': 'application/json', ...(options.apiKey ? {Authorization: `Bearer ${options.apiKey}`} : {})},
        body: JSON.stringify({model: options.model, input: inputs.slice(i, i + 64)}),
      });
      if (!response.ok) throw new Error(`Embeddings endpoint answered HTTP ${response.status}`);
      const body = (await response.json()) as {data: Array<{index: number; embedding: number[]}>};
      vectors.push(...body.data.sort((a, b) => a.index - b.index).map((d) => d.embedding));
    }
    return vectors;
  };
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const sectionText = (s: Section) => `${s.hierarchy.filter(Boolean).slice(1).join(' › ')}\n${s.text}`.slice(0, 4000);

/** Section embeddings, computed once per model and content and cached on disk. */
export async function loadSectionEmbeddings(sections: Section[], options: EmbeddingsOptions, embed: Embed): Promise<number[][]> {
  const hash = createHash('sha256').update(options.model).update(JSON.stringify(sections.map(sectionText))).digest('hex').slice(0, 16);
  const file = path.join(options.cacheDir, `embeddings-${hash}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as number[][];
  const vectors = await embed(sections.map(sectionText));
  mkdirSync(options.cacheDir, {recursive: true});
  writeFileSync(file, JSON.stringify(vectors));
  return vectors;
}

/**
 * Hybrid retrieval: similarity = 0.5 x lexical similarity + 0.5 x cosine
 * similarity of embeddings (negative cosines count as 0), so either signal
 * alone cannot pass the default threshold of 0.5 unless it is near perfect.
 */
export function createHybridRetriever(lexical: Retriever, sections: Section[], vectors: number[][], embed: Embed): Retriever {
  return {
    async retrieve(prompt, {count, threshold, signal, earlier = []}) {
      // A follow-up is embedded with the question just before it, which it often only makes sense with.
      const [query] = await embed([[...earlier.slice(-1), prompt].join('\n')], signal);
      const lexicalHits = new Map((await lexical.retrieve(prompt, {count: 100, threshold: 0, signal, earlier})).map((r) => [r.section.url, r.similarity]));
      return sections
        .map((section, i) => ({section, similarity: 0.5 * (lexicalHits.get(section.url) ?? 0) + 0.5 * Math.max(0, cosine(query, vectors[i]))}))
        .filter((r) => r.similarity >= threshold)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, count);
    },
  };
}
