import {createHash} from 'node:crypto';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';

/** How the fake answers `/embeddings`. */
export type FakeEmbeddingsMode = 'ok' | 'error500' | 'hang';

/** One `/embeddings` request as the fake received it. */
export interface EmbeddingsRequest {
  authorization: string | undefined;
  model: string;
  input: string[];
  dimensions: number | undefined;
}

export interface FakeEmbeddings {
  /** Base URL, ending in /v1 like OpenAI's. */
  url: string;
  mode: FakeEmbeddingsMode;
  requests: EmbeddingsRequest[];
  /**
   * Texts the fake embeds as another text: `aliases.set(paraphrase, original)` gives the paraphrase the original's
   * vector, as a real model places two wordings of one idea close together.
   */
  aliases: Map<string, string>;
  /** Answers vectors of this length whatever was asked (a model swapped behind the endpoint); unset: as asked. */
  dimensionsOverride?: number;
  /** Holds every answer from now on (the requests are still recorded) until release() is called. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** Length of a vector when the request names no `dimensions`. */
export const FAKE_DIMENSIONS = 64;

/**
 * A deterministic vector for a text: a hashed bag of its lowercase words (each word adds +1 or -1 to one of `dims`
 * slots), so texts sharing words point the same way and any process computes the same vector.
 */
export function bagOfWordsVector(text: string, dims: number): number[] {
  const vector = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const digest = createHash('sha256').update(word).digest();
    vector[digest.readUInt32BE(0) % dims] += digest[4] & 1 ? 1 : -1;
  }
  return vector;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (c) => (data += c));
    request.on('end', () => resolve(data));
  });
}

/**
 * A stand-in for an OpenAI-compatible embeddings endpoint (text-embeddings-inference, vLLM, Ollama, OpenAI), the one
 * third party the tests cannot reach: POST /v1/embeddings with {model, input, dimensions?} answered in OpenAI's shape,
 * {object: "list", data: [{object: "embedding", index, embedding}], model, usage}.
 */
export async function startFakeEmbeddings(port = 0): Promise<FakeEmbeddings> {
  let gate: {held: Promise<void>; open: () => void} | undefined;
  const fake: FakeEmbeddings = {
    url: '',
    mode: 'ok',
    requests: [],
    aliases: new Map(),
    hold() {
      let open = () => undefined as void;
      const held = new Promise<void>((resolve) => (open = resolve));
      gate = {held, open};
    },
    release() {
      gate?.open();
      gate = undefined;
    },
    close: async () => undefined,
  };
  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      response.writeHead(404, {'content-type': 'application/json'}).end(JSON.stringify({error: {message: 'not found', type: 'invalid_request_error'}}));
      return;
    }
    const body = JSON.parse(raw) as {model?: unknown; input?: unknown; dimensions?: unknown};
    const input = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input.map(String) : [];
    const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
    fake.requests.push({authorization: request.headers.authorization, model: String(body.model), input, dimensions});
    if (fake.mode === 'hang') return;
    if (gate) await gate.held;
    if (fake.mode === 'error500') {
      response.writeHead(500, {'content-type': 'application/json'}).end(JSON.stringify({error: {message: 'The server had an error', type: 'server_error'}}));
      return;
    }
    const data = input.map((text, index) => ({object: 'embedding', index, embedding: bagOfWordsVector(fake.aliases.get(text) ?? text, fake.dimensionsOverride ?? dimensions ?? FAKE_DIMENSIONS)}));
    response.writeHead(200, {'content-type': 'application/json'});
    response.end(JSON.stringify({object: 'list', data, model: body.model, usage: {prompt_tokens: 0, total_tokens: 0}}));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
