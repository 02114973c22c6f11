import * as z from 'zod';

/** Where vectors come from: an OpenAI-compatible `/embeddings` endpoint and the model asked of it. */
export interface EmbeddingsEndpoint {
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token. */
  apiKey?: string;
  /** Sent as `dimensions` (models that can shorten their vectors); unset: the model's own length. */
  dimensions?: number;
}

/** Why the embeddings endpoint gave no vectors: its host and a short code (ECONNREFUSED, HTTP 429, timeout...). */
export class EmbeddingsError extends Error {
  constructor(
    readonly host: string,
    readonly code: string,
    detail: string,
  ) {
    super(`embeddings endpoint ${host}: ${code} (${detail})`);
  }
}

const responseSchema = z.object({
  data: z.array(z.object({index: z.number().int().min(0), embedding: z.array(z.number())})),
});

export const hostOf = (baseUrl: string) => new URL(baseUrl).host;

/** The network code of a failed fetch (undici keeps it on the cause), or the error's own name. */
function codeOf(error: unknown): string {
  const cause = (error as {cause?: {code?: unknown}}).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'error';
}

/**
 * One `/embeddings` request for `inputs`, answered within `timeoutMs`: the vectors in the order of the inputs. Any
 * failure (network, status, timeout, a body that is not the OpenAI shape) is an EmbeddingsError naming the host.
 */
export async function embed(endpoint: EmbeddingsEndpoint, inputs: string[], options: {timeoutMs: number; signal?: AbortSignal}): Promise<Float32Array[]> {
  const host = hostOf(endpoint.baseUrl);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let body: unknown;
  try {
    const response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '')}/embeddings`, {
      method: 'POST',
      signal,
      headers: {'content-type': 'application/json', ...(endpoint.apiKey ? {authorization: `Bearer ${endpoint.apiKey}`} : {})},
      body: JSON.stringify({model: endpoint.model, input: inputs, ...(endpoint.dimensions ? {dimensions: endpoint.dimensions} : {})}),
    });
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200);
      throw new EmbeddingsError(host, `HTTP ${response.status}`, text || response.statusText);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof EmbeddingsError) throw error;
    // The caller's own abort (a client that left) is not the endpoint's fault: passed on as it is.
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw new EmbeddingsError(host, 'timeout', `no answer in ${options.timeoutMs} ms`);
    throw new EmbeddingsError(host, codeOf(error), error instanceof Error ? error.message : String(error));
  }
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) throw new EmbeddingsError(host, 'bad_response', 'the body is not {data: [{index, embedding}]}');
  const slots: Array<Float32Array | undefined> = Array.from({length: inputs.length}, () => undefined);
  for (const item of parsed.data.data) if (item.index < inputs.length) slots[item.index] = Float32Array.from(item.embedding);
  const vectors = slots.filter((v): v is Float32Array => v !== undefined);
  if (vectors.length !== inputs.length || parsed.data.data.length !== inputs.length) {
    throw new EmbeddingsError(host, 'bad_response', `${parsed.data.data.length} vectors for ${inputs.length} inputs`);
  }
  const length = vectors[0]?.length ?? 0;
  if (length === 0 || vectors.some((v) => v.length !== length)) throw new EmbeddingsError(host, 'bad_response', 'vectors of different or zero length');
  return vectors;
}

/** Scales a vector to length 1 in place (a zero vector stays zero), so a dot product is the cosine. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
