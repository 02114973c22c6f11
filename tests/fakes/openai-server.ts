import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';

/**
 * How the fake answers /chat/completions: `stream` its deltas; `slow` each after `intervalMs`; `error500`; `hang` (a
 * 200 and no event); `garbage` (one event that is not JSON); `broken` (its deltas, then an event that is not JSON);
 * `keepalive` and `empty-deltas` (its first delta, then a `: keepalive` comment or an empty delta every `intervalMs`,
 * never ending); `endless` (a word every `intervalMs`, never ending); `html200` (a 200 with an HTML error page).
 */
export type FakeMode = 'stream' | 'error500' | 'hang' | 'garbage' | 'slow' | 'broken' | 'keepalive' | 'empty-deltas' | 'endless' | 'html200';

export interface FakeOpenAi {
  url: string;
  mode: FakeMode;
  /** Content deltas streamed in `stream` and `slow` modes (the first one in `keepalive` and `empty-deltas`). */
  deltas: string[];
  /** Pause between events in `slow`, `keepalive`, `empty-deltas` and `endless` modes, in ms. */
  intervalMs: number;
  requests: Array<{path: string; body: unknown}>;
  /** Resolves when a /chat/completions request is closed by the client before the fake finished answering. */
  clientAborted: Promise<void>;
  close(): Promise<void>;
}

const sse = (data: unknown) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const chunk = (content: string) => ({id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'gpt-4', choices: [{index: 0, delta: {content}, finish_reason: null}]});

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (c) => (data += c));
    request.on('end', () => resolve(data ? JSON.parse(data) : null));
  });
}

/**
 * A stand-in for an OpenAI-compatible endpoint (the one third party the tests
 * cannot reach), speaking its real wire format: chat completions as
 * server-sent events ending with `data: [DONE]`, and `/embeddings`.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let resolveAbort: () => void = () => undefined;
  const fake: FakeOpenAi = {
    url: '',
    mode: 'stream',
    deltas: ['Use ', 'the ', '**CLI**', '.'],
    intervalMs: 200,
    requests: [],
    clientAborted: new Promise((resolve) => (resolveAbort = resolve)),
    close: async () => undefined,
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    fake.requests.push({path: request.url ?? '', body});
    if (request.url?.endsWith('/embeddings')) {
      const input = (body as {input: string[]}).input;
      response.writeHead(200, {'content-type': 'application/json'});
      // Deterministic vectors: letter frequencies of a..e, so similar texts point the same way.
      response.end(JSON.stringify({object: 'list', data: input.map((text, index) => ({object: 'embedding', index, embedding: [...'abcde'].map((ch) => text.split(ch).length - 1)}))}));
      return;
    }
    let finished = false;
    response.on('close', () => {
      if (!finished) resolveAbort();
    });
    if (fake.mode === 'error500') {
      finished = true;
      response.writeHead(500, {'content-type': 'application/json'}).end(JSON.stringify({error: {message: 'The server had an error', type: 'server_error'}}));
      return;
    }
    if (fake.mode === 'html200') {
      finished = true;
      response.writeHead(200, {'content-type': 'text/html'}).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    }
    response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
    if (fake.mode === 'hang') return;
    const pause = () => new Promise((r) => setTimeout(r, fake.intervalMs));
    if (fake.mode === 'keepalive' || fake.mode === 'empty-deltas' || fake.mode === 'endless') {
      const {mode} = fake;
      response.write(sse(chunk(fake.deltas[0])));
      for (let i = 0; !response.destroyed; i++) {
        await pause();
        if (response.destroyed) return;
        response.write(mode === 'keepalive' ? ': keepalive\n\n' : sse(chunk(mode === 'endless' ? `word ${i} ` : '')));
      }
      return;
    }
    if (fake.mode === 'garbage') {
      finished = true;
      response.end('data: {not json at all\n\n');
      return;
    }
    for (const delta of fake.deltas) {
      if (response.destroyed) return;
      response.write(sse(chunk(delta)));
      if (fake.mode === 'slow') await pause();
    }
    finished = true;
    response.end(fake.mode === 'broken' ? 'data: {not json\n\n' : sse('[DONE]'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return fake;
}
