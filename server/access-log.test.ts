import {PassThrough} from 'node:stream';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildApp} from './app';
import {createExtractiveAnswerer} from './completions/extractive-answerer';
import {createLexicalRetriever} from '../lib/search/retrieval';
import {createSqliteStore} from './query-log/sqlite-store';
import type {QueryLogStore} from './query-log/store';

const ANON = 'anon-secret-key';
const KEY = 'project-secret-key';
const SECRETS = ['prompt-secret-words', 'comment-secret-words', 'query-secret-words', 'search-secret-words', ANON, KEY];

describe('JSON access log', () => {
  let store: QueryLogStore;
  let app: FastifyInstance;
  let origin: string;
  let output = '';
  beforeAll(async () => {
    store = createSqliteStore(':memory:');
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    app = await buildApp(
      {buildDir: '', serveStatic: false, projectKeys: [KEY], anonKey: ANON},
      {
        completions: {retriever: createLexicalRetriever([]), answerer: createExtractiveAnswerer(), log: () => undefined},
        store,
        allowedModels: null,
        docRoutes: new Set(['/docs/quickstart']),
      },
      {logStream: stream},
    );
    origin = await app.listen({port: 0, host: '127.0.0.1'});
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  const lines = () => output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  const accessLines = () => lines().filter((line) => 'route' in line);
  async function waitForLines(count: number) {
    const deadline = Date.now() + 5_000;
    while (accessLines().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return accessLines();
  }

  it('writes one line per request with time, request id, method, route pattern, status and duration, and no reader text or key', async () => {
    const json = {'content-type': 'application/json'};
    const completion = await fetch(`${origin}/v1/completions?q=search-secret-words`, {
      method: 'POST',
      headers: {...json, authorization: `Bearer ${KEY}`},
      body: JSON.stringify({prompt: 'prompt-secret-words', projectKey: KEY}),
    });
    await completion.text();
    const feedback = await fetch(`${origin}/rest/v1/page_feedback`, {
      method: 'POST',
      headers: {...json, apikey: ANON},
      body: JSON.stringify({page: '/docs/quickstart', helpful: false, comment: 'comment-secret-words'}),
    });
    expect(feedback.status).toBe(201);
    // A refused row must not leak either: the 400 names the field, never its value.
    expect((await fetch(`${origin}/rest/v1/queries`, {method: 'POST', headers: {...json, apikey: ANON}, body: JSON.stringify({query: 'query-secret-words', extra: 1})})).status).toBe(400);
    expect((await fetch(`${origin}/search-secret-words/nowhere`)).status).toBe(404);
    await fetch(`${origin}/healthz`);
    await fetch(`${origin}/readyz`);

    const logged = await waitForLines(4);
    expect(logged.map((line) => [line.method, line.route, line.status])).toEqual([
      ['POST', '/v1/completions', 200],
      ['POST', '/rest/v1/page_feedback', 201],
      ['POST', '/rest/v1/queries', 400],
      ['GET', '(no route)', 404],
    ]);
    const [first] = logged;
    expect(first.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.durationMs).toEqual(expect.any(Number));
    expect(new Set(logged.map((line) => line.reqId)).size).toBe(4);
    for (const secret of SECRETS) expect(output).not.toContain(secret);
    expect(output).not.toMatch(/healthz|readyz/);
  });
});
