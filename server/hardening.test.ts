import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {spawn, spawnSync} from 'node:child_process';
import {createServer, request as httpRequest} from 'node:http';
import {connect, type AddressInfo} from 'node:net';
import {createInterface} from 'node:readline';
import v8 from 'node:v8';
import {runInNewContext} from 'node:vm';
import fc from 'fast-check';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildApp} from './app';
import {createBurstClient} from './burst-client';
import {createMetrics, serveMetrics} from './metrics';
import {createExtractiveAnswerer} from './completions/extractive-answerer';
import {createLexicalRetriever} from '../lib/search/retrieval';
import {createSqliteStore} from './query-log/sqlite-store';
import type {QueryLogStore} from './query-log/store';

const KEY = 'k';
const ANON = 'anon';

/** A tiny build: one page with an inline script, one hashed asset, the 404 page, each precompressed. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><html><head><script>window.theme="light"</script></head><body><h1>Home</h1></body></html>',
    'docs/features/index.html': `<!doctype html><html><body><h1>Features</h1>${'<p>text</p>'.repeat(200)}</body></html>`,
    'assets/js/main.abc123.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    '404.html': '<!doctype html><html><body><h1>Page Not Found</h1></body></html>',
    'docs/features.md': `# Features\n\n${'Text of the page. '.repeat(200)}`,
    'redirects.json': JSON.stringify({'/docs/old-features': '/docs/features'}),
    'llms.txt': `# DataHub\n\n${'- [Features](https://example.org/docs/features.md)\n'.repeat(50)}`,
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
  return dir;
}

type Settings = Partial<Parameters<typeof buildApp>[0]>;

async function startApp(store: QueryLogStore, buildDir = fakeBuild(), settings: Settings = {}): Promise<{app: FastifyInstance; url: string}> {
  const app = await buildApp(
    {
      buildDir,
      projectKeys: [KEY],
      anonKey: ANON,
      rateLimitPerMinute: 1_000_000,
      queryLogRateLimitPerMinute: 1_000_000,
      corsOrigins: ['https://allowed.example'],
      ...settings,
    },
    {completions: {retriever: createLexicalRetriever([]), answerer: createExtractiveAnswerer(), log: () => undefined}, store, allowedModels: null},
  );
  return {app, url: await app.listen({port: 0, host: '127.0.0.1'})};
}

/** Raw GET that keeps the path exactly as written (fetch would normalise `..`). */
function rawGet(url: string, rawPath: string, headers: Record<string, string> = {}): Promise<{status: number; headers: Record<string, string | string[] | undefined>; body: Buffer}> {
  const {hostname, port} = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({hostname, port, path: rawPath, headers}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
    });
    req.on('error', reject);
    req.end();
  });
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

/** The JSON body of a raw HTTP answer. */
const rawJson = (reply: string): unknown => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));

/**
 * Another process holding SQLite's write lock on `file`: a child Node process that opens it, takes the lock with
 * BEGIN IMMEDIATE and then commits or rolls back when told.
 */
async function lockFromAnotherProcess(file: string): Promise<{release(how: 'COMMIT' | 'ROLLBACK'): Promise<void>; relock(): Promise<void>; close(): void}> {
  const script = `
    const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
    const lines = require('node:readline').createInterface({input: process.stdin});
    db.exec('BEGIN IMMEDIATE'); console.log('locked');
    lines.on('line', (command) => { db.exec(command); console.log('done'); });
    lines.on('close', () => db.close());`;
  const child = spawn(process.execPath, ['-e', script], {cwd: path.resolve(__dirname, '..'), stdio: ['pipe', 'pipe', 'inherit']});
  const replies = createInterface({input: child.stdout!})[Symbol.asyncIterator]();
  const next = async () => (await replies.next()).value as string;
  expect(await next()).toBe('locked');
  const send = async (command: string) => {
    child.stdin!.write(`${command}\n`);
    expect(await next()).toBe('done');
  };
  return {release: send, relock: () => send('BEGIN IMMEDIATE'), close: () => child.stdin!.end()};
}

describe('serving the build', () => {
  let store: QueryLogStore;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    store = createSqliteStore(':memory:');
    ({app, url} = await startApp(store));
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('serves the precompressed variant the client accepts', async () => {
    const br = await rawGet(url, '/docs/features', {'accept-encoding': 'br, gzip'});
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await rawGet(url, '/docs/features', {'accept-encoding': 'gzip'});
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(url, '/docs/features');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1>Features</h1>');
  });

  it('serves Markdown twins and llms.txt as UTF-8 Markdown text, compressed', async () => {
    for (const file of ['/docs/features.md', '/llms.txt']) {
      const plain = await rawGet(url, file);
      expect(plain.status, file).toBe(200);
      expect(plain.headers['content-type'], file).toBe(`${file.endsWith('.md') ? 'text/markdown' : 'text/plain'}; charset=utf-8`);
      const compressed = await rawGet(url, file, {'accept-encoding': 'br'});
      expect(compressed.headers['content-encoding'], file).toBe('br');
      expect(compressed.headers['content-type'], file).toBe(plain.headers['content-type']);
    }
  });

  it('marks every file response as varying with the encoding asked for', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const response = await rawGet(url, '/docs/features', encoding ? {'accept-encoding': encoding} : {});
      expect(String(response.headers.vary), encoding).toMatch(/accept-encoding/i);
    }
    expect(String((await rawGet(url, '/assets/js/main.abc123.js', {'accept-encoding': 'br'})).headers.vary)).toMatch(/accept-encoding/i);
  });

  it('never redirects to another host, whatever the path looks like', async () => {
    for (const path of ['//evil.example/index.html', '/\\evil.example/index.html', '//EVIL.example/%2e%2e/DOCS', '/\\EVIL.example/Docs/Features', '//evil.example/docs/features.html']) {
      const response = await rawGet(url, path);
      const location = response.headers.location;
      if (location !== undefined) expect(String(location), path).toMatch(/^\/(?![/\\])/);
      expect(String(location ?? ''), path).not.toMatch(/evil/i);
      expect([301, 404], path).toContain(response.status);
    }
    // Same-site redirects still work.
    expect((await rawGet(url, '/docs/features/index.html')).headers.location).toBe('/docs/features');
  });

  it('caches hashed assets for a year and revalidates HTML', async () => {
    expect((await rawGet(url, '/assets/js/main.abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawGet(url, '/docs/features')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('sends the security headers on pages, API answers and errors', async () => {
    const responses = [
      await rawGet(url, '/'),
      await rawGet(url, '/missing'),
      await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: '{}'}).then((r) => {
        const headers: Record<string, string> = {};
        r.headers.forEach((value, key) => (headers[key] = value));
        return {headers};
      }),
    ];
    for (const response of responses) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('answers 404 with the site page, without listing directories or leaving the build', async () => {
    for (const bad of ['/missing', '/assets/js/', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd', '/docs/%00']) {
      const response = await rawGet(url, bad);
      expect(response.status, bad).toBe(404);
      expect(response.body.toString()).toContain('Page Not Found');
    }
    // An overlong UTF-8 encoding is not even a valid URL: the framework refuses it before routing.
    const overlong = await rawGet(url, '/%c0%ae%c0%ae/etc/passwd');
    expect(overlong.status).toBe(400);
    expect(Object.keys(JSON.parse(overlong.body.toString()) as object)).toEqual(['error']);
  });

  it('sends a moved route (data/redirects.yaml, in the build as redirects.json) to its new route with 301', async () => {
    for (const [moved, location] of [['/docs/old-features', '/docs/features'], ['/docs/old-features/?tab=1', '/docs/features?tab=1']]) {
      const response = await rawGet(url, moved);
      expect(response.status, moved).toBe(301);
      expect(response.headers.location, moved).toBe(location);
    }
    expect((await rawGet(url, '/docs/old-features-too')).status).toBe(404);
  });

  it('sends a path typed with capitals to the lowercase page when there is one, and 404 otherwise', async () => {
    const typed = await rawGet(url, '/Docs/FEATURES?q=1');
    expect(typed.status).toBe(301);
    expect(typed.headers.location).toBe('/docs/features?q=1');
    expect((await rawGet(url, '/Docs/Nothing')).status).toBe(404);
  });

  it('allows cross-origin API calls only from configured origins', async () => {
    const preflight = (origin: string) => fetch(`${url}/v1/completions`, {method: 'OPTIONS', headers: {origin, 'access-control-request-method': 'POST'}});
    expect((await preflight('https://allowed.example')).headers.get('access-control-allow-origin')).toBe('https://allowed.example');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const page = await fetch(url, {headers: {origin: 'https://allowed.example'}});
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('faults', () => {
  it('answers a 10 MB body with 413 and keeps serving', async () => {
    const store = createSqliteStore(':memory:');
    const {app, url} = await startApp(store);
    try {
      const response = await fetch(`${url}/rest/v1/queries`, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON}, body: JSON.stringify({query: 'x'.repeat(10 * 2 ** 20)})});
      expect(response.status).toBe(413);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('answers 10,000 generated bodies and headers on each endpoint with no 5xx but the documented 503, stays up, keeps its memory', async () => {
    const store = createSqliteStore(':memory:');
    // A long request timeout: on a busy machine a batch can wait past the default, and this test is about bodies.
    const {app, url} = await startApp(store, fakeBuild(), {requestTimeoutMs: 120_000});
    const jsonText = fc.oneof(fc.string({unit: 'binary', maxLength: 300}), fc.json({maxDepth: 3}), fc.constantFrom('', '{', '{"query":', '[]', 'null', '1e999', '{"query":"\\u0000"}'));
    const queryBody = fc.record(
      {query: fc.oneof(fc.string({unit: 'binary', maxLength: 2100}), fc.integer(), fc.constant(null)), result_rating: fc.oneof(fc.constantFrom('positive', 'negative', 'meh'), fc.jsonValue()), extra: fc.jsonValue()},
      {requiredKeys: []},
    ).map((body) => JSON.stringify(body));
    const validQuery = fc
      .record({query: fc.string({minLength: 1, maxLength: 200}), result_rating: fc.constantFrom('positive', 'negative')}, {requiredKeys: ['query']})
      .map((body) => JSON.stringify(body));
    const completionBody = fc.record(
      {
        prompt: fc.oneof(fc.string({unit: 'binary', maxLength: 2100}), fc.jsonValue()),
        projectKey: fc.constantFrom(KEY, '', 'wrong'),
        sectionsMatchCount: fc.oneof(fc.integer(), fc.double()),
        sectionsMatchThreshold: fc.oneof(fc.double(), fc.string()),
        temperature: fc.jsonValue(),
        context: fc.oneof(fc.jsonValue(), fc.array(fc.record({question: fc.string({maxLength: 50}), answer: fc.string({maxLength: 50})}, {requiredKeys: []}), {maxLength: 5})),
      },
      {requiredKeys: []},
    ).map((body) => JSON.stringify(body));
    // Any other header a client may send, name and value generated (the framing headers are the client's own).
    const framing = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'expect', 'upgrade', 'keep-alive', 'te', 'trailer']);
    const extraHeader = fc.tuple(
      fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/).filter((name) => !framing.has(name)),
      fc.string({unit: fc.integer({min: 0x20, max: 0x7e}).map((code) => String.fromCharCode(code)), maxLength: 200}),
    );
    const request = (route: string) => fc.record({
      route: fc.constant(route),
      body: fc.oneof(jsonText, queryBody, validQuery, completionBody),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
      apikey: fc.constantFrom(ANON, 'wrong', ''),
      prefer: fc.constantFrom('return=minimal', 'return=representation', 'return=whatever', ''),
      extra: fc.array(extraHeader, {maxLength: 3}),
    });
    const samples = ['/rest/v1/queries', '/v1/completions'].flatMap((route, i) => fc.sample(request(route), {numRuns: 10_000, seed: 20261124 + i}));
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const client = createBurstClient();
    try {
      const statuses = new Map<string, number>();
      let accepted = 0;
      // Accepted ratings, by kind: a rating is written into its question's row when there is one, else into a row of its own.
      const ratings = {positive: 0, negative: 0};
      for (let start = 0; start < samples.length; start += 100) {
        const results = await Promise.all(samples.slice(start, start + 100).map(async ({route, body, contentType, apikey, prefer, extra}) => {
          const headers: Record<string, string> = {...Object.fromEntries(extra), 'content-type': contentType};
          if (apikey) headers.apikey = apikey;
          if (prefer) headers.prefer = prefer;
          const response = await client.post(`${url}${route}`, headers, body);
          return {route, body, status: response.status, retryAfter: response.headers['retry-after'] ?? null};
        }));
        for (const {route, body, status, retryAfter} of results) {
          const key = `${route} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (route === '/rest/v1/queries' && status === 201) {
            accepted += 1;
            const rating = (JSON.parse(body) as {result_rating?: 'positive' | 'negative'}).result_rating;
            if (rating) ratings[rating] += 1;
          }
          // The one documented 503 here: more completions at once than the server answers, with Retry-After.
          if (status === 503) expect([route, retryAfter]).toEqual(['/v1/completions', '1']);
        }
        expect((await client.get(url)).status).toBe(200);
      }
      expect([...statuses.keys()].filter((k) => Number(k.split(' ')[1]) >= 500 && !k.endsWith(' 503'))).toEqual([]);
      expect([...statuses.values()].reduce((x, y) => x + y, 0)).toBe(20_000);
      expect(accepted).toBeGreaterThan(200);
      // Every accepted row is stored: each question, and each rating in its question's row or a row of its own.
      const rows = await store.countQueries();
      expect(rows).toBeLessThanOrEqual(accepted);
      expect(rows).toBeGreaterThanOrEqual(accepted - ratings.positive - ratings.negative);
      const negative = (await store.report(new Date(0), 100_000)).negativeQueries;
      expect(negative.reduce((sum, q) => sum + q.count, 0)).toBe(ratings.negative);
      gc();
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 2 ** 20);
    } finally {
      client.close();
      await app.close();
      await store.close();
    }
  }, 600_000);

  it('keeps pages fast while another process holds the SQLite write lock; inserts wait, then land or get 503', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'locked-')), 'log.sqlite');
    const store = createSqliteStore(file, {deadlineMs: 1500, maxWaiting: 2});
    const {app, url} = await startApp(store);
    const post = async (query: string) => {
      const started = Date.now();
      const response = await fetch(`${url}/rest/v1/queries`, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON}, body: JSON.stringify({query})});
      await response.arrayBuffer();
      return {status: response.status, ms: Date.now() - started};
    };
    const locker = await lockFromAnotherProcess(file);
    try {
      const first = post('first, while locked');
      const second = post('second, while locked');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      expect((await fetch(`${url}/docs/features`)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(500);
      // The chat answers too: its own log row waits off the request path.
      const asked = Date.now();
      const completion = await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({prompt: 'lineage', projectKey: KEY})});
      await completion.text();
      expect(completion.status).toBe(200);
      expect(Date.now() - asked).toBeLessThan(500);
      // Two inserts wait already: a third is refused at once rather than queued without bound.
      const third = await post('third, while locked');
      expect(third.status).toBe(503);
      expect(third.ms).toBeLessThan(500);
      await locker.release('COMMIT');
      expect((await first).status).toBe(201);
      expect((await second).status).toBe(201);

      await locker.relock();
      const late = await post('held past the deadline');
      await locker.release('ROLLBACK');
      expect(late.status).toBe(503);
      expect(late.ms).toBeGreaterThanOrEqual(1400);
      expect(late.ms).toBeLessThan(3000);
      expect((await post('after the lock')).status).toBe(201);
      expect(await store.countQueries()).toBe(3);
    } finally {
      locker.close();
      await app.close();
      await store.close();
    }
  });

  it('answers 503 when the database is gone, never leaks the cause, and loses no accepted row', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gone-')), 'log.sqlite');
    const store = createSqliteStore(file);
    const {app, url} = await startApp(store);
    const post = (query: string) => fetch(`${url}/rest/v1/queries`, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON}, body: JSON.stringify({query})});
    try {
      expect((await post('before')).status).toBe(201);
      await store.close();
      const failed = await post('during');
      expect(failed.status).toBe(503);
      expect(await failed.text()).not.toMatch(/connection|sqlite/i);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await app.close();
    }
    const reopened = createSqliteStore(file);
    expect(await reopened.countQueries()).toBe(1);
    await reopened.close();
  });
});

describe('limits, timeouts and settings', () => {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/rest/v1/queries`, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON, ...headers}, body: JSON.stringify(body)});

  async function withApp(settings: Settings, test: (url: string, store: QueryLogStore) => Promise<void>) {
    const store = createSqliteStore(':memory:');
    const {app, url} = await startApp(store, fakeBuild(), settings);
    try {
      await test(url, store);
    } finally {
      await app.close();
      await store.close();
    }
  }

  it('answers 408 in the one error shape and drops a client that sends its body too slowly', () =>
    withApp({requestTimeoutMs: 1000}, async (url) => {
      const {hostname} = new URL(url);
      const started = Date.now();
      const reply = await rawExchange(
        url,
        `POST /rest/v1/queries HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\napikey: ${ANON}\r\nContent-Length: 100\r\n\r\n{"query":`,
      );
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
      expect(Object.keys(rawJson(reply) as object)).toEqual(['error']);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await fetch(url)).status).toBe(200);
    }));

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', () =>
    withApp({keepAliveTimeoutMs: 500}, async (url) => {
      const {hostname} = new URL(url);
      const started = Date.now();
      // One complete request on a kept-alive connection, then silence: the server must hang up by itself.
      const reply = await rawExchange(url, `GET / HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
      expect(reply).toMatch(/^HTTP\/1\.1 200/);
      expect(Date.now() - started).toBeLessThan(3000);
    }));

  it('answers requests Node itself refuses (not HTTP, oversized headers) in the one error shape', () =>
    withApp({}, async (url) => {
      const garbage = await rawExchange(url, 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400/);
      expect(Object.keys(rawJson(garbage) as object)).toEqual(['error']);
      const {hostname} = new URL(url);
      const huge = await rawExchange(url, `GET / HTTP/1.1\r\nHost: ${hostname}\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(huge).toMatch(/^HTTP\/1\.1 431/);
      expect(Object.keys(rawJson(huge) as object)).toEqual(['error']);
      expect((await fetch(url)).status).toBe(200);
    }));

  it('limits query-log inserts per client with 429 and Retry-After, in the one error shape', () =>
    withApp({queryLogRateLimitPerMinute: 3}, async (url, store) => {
      for (let i = 0; i < 3; i++) expect((await post(url, {query: `q${i}`})).status).toBe(201);
      const limited = await post(url, {query: 'one more'});
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Object.keys((await limited.json()) as object)).toEqual(['error']);
      expect(await store.countQueries()).toBe(3);
      // Pages are not counted against the query log's limit.
      expect((await fetch(url)).status).toBe(200);
    }));

  it('counts clients behind a trusted proxy apart, and ignores forwarded addresses otherwise', async () => {
    const twoClients = async (url: string) => {
      const a = await post(url, {query: 'a'}, {'x-forwarded-for': '203.0.113.1'});
      const b = await post(url, {query: 'b'}, {'x-forwarded-for': '203.0.113.2'});
      return [a.status, b.status];
    };
    await withApp({queryLogRateLimitPerMinute: 1, trustProxy: true}, async (url) => expect(await twoClients(url)).toEqual([201, 201]));
    await withApp({queryLogRateLimitPerMinute: 1}, async (url) => expect(await twoClients(url)).toEqual([201, 429]));
  });

  it('sends Strict-Transport-Security only for requests that came over HTTPS', async () => {
    await withApp({hstsMaxAgeSeconds: 31_536_000, trustProxy: true}, async (url) => {
      expect((await fetch(url, {headers: {'x-forwarded-proto': 'https'}})).headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect((await fetch(url)).headers.get('strict-transport-security')).toBeNull();
    });
    // Without a trusted proxy a client cannot claim HTTPS by itself.
    await withApp({hstsMaxAgeSeconds: 31_536_000}, async (url) => {
      expect((await fetch(url, {headers: {'x-forwarded-proto': 'https'}})).headers.get('strict-transport-security')).toBeNull();
    });
    await withApp({hstsMaxAgeSeconds: 0, trustProxy: true}, async (url) => {
      expect((await fetch(url, {headers: {'x-forwarded-proto': 'https'}})).headers.get('strict-transport-security')).toBeNull();
    });
  });

  it('answers every API error in one shape, {error}, unknown routes included', () =>
    withApp({serveStatic: false}, async (url) => {
      const responses = [
        await fetch(`${url}/nothing`, {method: 'POST'}),
        await fetch(`${url}/v1/completions`, {method: 'GET'}),
        await post(url, {query: ''}),
        await fetch(`${url}/rest/v1/queries`, {method: 'POST', headers: {'content-type': 'application/xml', apikey: ANON}, body: '<q/>'}),
      ];
      for (const response of responses) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(Object.keys((await response.json()) as object)).toEqual(['error']);
      }
    }));

  it('returns the inserted row for Prefer: return=representation, as PostgREST does', () =>
    withApp({}, async (url) => {
      const response = await post(url, {query: 'lineage', result_rating: 'positive'}, {prefer: 'return=representation'});
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual([{query: 'lineage', result_rating: 'positive'}]);
      const minimal = await post(url, {query: 'lineage'}, {prefer: 'return=minimal'});
      expect(await minimal.text()).toBe('');
    }));

  it('names the variable when the query-log file cannot be opened', () => {
    // A folder that cannot exist: its parent is a file.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'store-')), 'plain-file');
    writeFileSync(file, '');
    expect(() => createSqliteStore(path.join(file, 'log.sqlite'))).toThrow(/^QUERY_LOG_SQLITE_PATH: could not open the query log at .*plain-file\/log\.sqlite \(.*\)\. Point it at/);
  });

  it('names the variable when the query-log file is not a database', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'store-')), 'notes.sqlite');
    writeFileSync(file, 'plain text, not SQLite '.repeat(100));
    expect(() => createSqliteStore(file)).toThrow(/^QUERY_LOG_SQLITE_PATH: could not open the query log at .*notes\.sqlite \(file is not a database\)/);
  });

  it('stops with one line naming PORT, HOST or METRICS_HOST when the server cannot listen', async () => {
    const start = (env: Record<string, string>) =>
      spawnSync('npx', ['tsx', 'server/server.ts'], {
        encoding: 'utf8',
        timeout: 60_000,
        env: {...process.env, SERVE_STATIC: 'false', QUERY_LOG_SQLITE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'listen-')), 'q.sqlite'), ...env},
      });
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const inUse = start({HOST: '127.0.0.1', PORT: String((taken.address() as AddressInfo).port)});
    taken.close();
    expect(inUse.status).toBe(1);
    expect(inUse.stderr.trim()).toMatch(/^PORT: \d+ on 127\.0\.0\.1 is already in use\. [^\n]+$/);
    const unresolvable = start({HOST: 'no-such-host.invalid', PORT: '0'});
    expect(unresolvable.status).toBe(1);
    expect(unresolvable.stderr.trim()).toMatch(/^HOST: the host name no-such-host\.invalid does not resolve\. [^\n]+$/);
    const foreign = start({HOST: '192.0.2.1', PORT: '0'});
    expect(foreign.stderr.trim()).toMatch(/^HOST: 192\.0\.2\.1 is not an address of this machine\. [^\n]+$/);
    await expect(serveMetrics(createMetrics(), {port: 0, host: 'no-such-host.invalid'})).rejects.toThrow(/^METRICS_HOST: the host name/);
  }, 120_000);
});
