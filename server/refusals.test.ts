import {connect} from 'node:net';
import {PassThrough} from 'node:stream';
import type {FastifyInstance} from 'fastify';
import {afterEach, describe, expect, it} from 'vitest';
import {createLexicalRetriever} from '../lib/search/retrieval';
import {buildApp} from './app';
import {createExtractiveAnswerer} from './completions/extractive-answerer';
import {readConfig} from './config';
import {createSqliteStore} from './query-log/sqlite-store';

const KEY = 'refusals-key';
const ANON = 'refusals-anon';
const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of running.splice(0).reverse()) await close();
});

async function start(limits: {queryLogRateLimitPerMinute?: number; rateLimitPerMinute?: number} = {}) {
  const store = createSqliteStore(':memory:');
  const logStream = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const app: FastifyInstance = await buildApp(
    {buildDir: '', serveStatic: false, projectKeys: [KEY], anonKey: ANON, requestTimeoutMs: 1000, ...limits},
    {completions: {retriever: createLexicalRetriever([]), answerer: createExtractiveAnswerer(), log: () => undefined}, store, allowedModels: null},
    {logStream},
  );
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  running.push(() => store.close(), () => app.close());
  return {app, url, lines};
}

/** Writes raw bytes on a new connection and resolves with everything the server sent before it closed. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const {hostname, port} = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('refusals before routing', () => {
  it('counts and logs the requests Node refuses (not HTTP, headers too large, too slow)', async () => {
    const {app, url, lines} = await start();
    const {hostname} = new URL(url);
    expect(await rawExchange(url, 'NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await rawExchange(url, `GET / HTTP/1.1\r\nHost: ${hostname}\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431/);
    expect(await rawExchange(url, `POST /rest/v1/queries HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\napikey: ${ANON}\r\nContent-Length: 100\r\n\r\n{"query":`)).toMatch(/^HTTP\/1\.1 408/);
    const metrics = await app.metrics.registry.getSingleMetricAsString('http_requests_total');
    for (const status of ['400', '431', '408']) {
      expect(metrics).toContain(`http_requests_total{method="unknown",route="(refused before routing)",status="${status}"} 1`);
    }
    await expect.poll(() => lines.filter((l) => l.route === '(refused before routing)').map((l) => l.status)).toEqual([400, 431, 408]);
  });

  it('answers a request without a Host header with {error} and the security headers', async () => {
    const {url} = await start();
    const reply = await rawExchange(url, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({error: 'the request has no Host header; HTTP/1.1 requires one'});
  });
});

describe('wrong keys and the per-client allowance', () => {
  it('counts query-log inserts with a wrong key apart: they never spend the allowance of good ones', async () => {
    const {url} = await start({queryLogRateLimitPerMinute: 3});
    const post = (apikey: string) =>
      fetch(`${url}/rest/v1/queries`, {method: 'POST', headers: {'content-type': 'application/json', apikey}, body: JSON.stringify({query: 'allowance'})});
    for (let i = 0; i < 3; i++) expect((await post('guessed')).status).toBe(401);
    // The guesses have their own bucket, now spent...
    expect((await post('guessed')).status).toBe(429);
    // ...and the good key still has all of its own.
    for (let i = 0; i < 3; i++) expect((await post(ANON)).status).toBe(201);
    expect((await post(ANON)).status).toBe(429);
  });

  it('counts questions with an unknown project key apart from good ones', async () => {
    const {url} = await start({rateLimitPerMinute: 2});
    const ask = (projectKey: string) =>
      fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({prompt: 'lineage', projectKey})}).then(async (r) => {
        await r.text();
        return r.status;
      });
    expect([await ask('guessed'), await ask('guessed'), await ask('guessed')]).toEqual([401, 401, 429]);
    expect([await ask(KEY), await ask(KEY), await ask(KEY)]).toEqual([200, 200, 429]);
  });
});

describe('TRUST_PROXY', () => {
  it('names the variable and the entry when an address or a range is not valid', () => {
    expect(() => readConfig({TRUST_PROXY: 'foo'})).toThrow(/^Invalid server environment:\n {2}TRUST_PROXY: "foo" is not an IP address, a CIDR range/);
    expect(() => readConfig({TRUST_PROXY: '10.0.0.0/33'})).toThrow(/TRUST_PROXY: "10\.0\.0\.0\/33" has a prefix length that is not 0 to 32/);
    expect(() => readConfig({TRUST_PROXY: '10.0.0.1, 300.1.1.1'})).toThrow(/TRUST_PROXY: "300\.1\.1\.1" is not an IP address/);
    expect(readConfig({TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1, fd00::/8'}).trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1', 'fd00::/8']);
  });
});

describe('JSON bodies', () => {
  it('names a key that could reach a prototype instead of calling the body invalid JSON', async () => {
    const {url} = await start();
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body});
    const proto = await post('/rest/v1/queries', '{"query": "a", "__proto__": {"admin": true}}', {apikey: ANON});
    expect(proto.status).toBe(400);
    expect(await proto.json()).toEqual({error: 'body.__proto__: this key is not allowed; remove it from the JSON'});
    const nested = await post('/v1/completions', `{"prompt": "a", "projectKey": "${KEY}", "context": [{"constructor": {"prototype": {}}}]}`);
    expect(nested.status).toBe(400);
    expect(await nested.json()).toEqual({error: 'body.context.0.constructor.prototype: this key is not allowed; remove it from the JSON'});
    // Bad JSON is still bad JSON, and a word such as "prototype" in a value is only a word.
    expect(await (await post('/rest/v1/queries', '{"query": ', {apikey: ANON})).json()).toEqual({error: 'body is not valid JSON'});
    expect((await post('/rest/v1/queries', '{"query": "constructor prototype __proto__"}', {apikey: ANON})).status).toBe(201);
  });
});
