import {existsSync, mkdtempSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {splitCompletion} from '../../../contract/completions';
import {createLexicalRetriever} from '../../../lib/search/retrieval';
import type {Section} from '../../../lib/search/types';
import {CHAT_SECTIONS_FILE} from '../../../plugins/search-index/constants';
import {bagOfWordsVector, FAKE_DIMENSIONS, startFakeEmbeddings, type FakeEmbeddings} from '../../../tests/fakes/embeddings-server';
import {normalize} from './client';
import {buildApp} from '../../app';
import {readConfig} from '../../config';
import {freePort} from '../../free-port';
import {createServices} from '../../services';
import {createFusedRetrieval, fuseRankings} from './fusion';
import {sectionInput} from './section-input';

const section = (url: string, title: string, heading: string | null, text: string): Section => ({
  id: url, url, hierarchy: ['Guides', title, heading, null, null, null, null], text, language: 'en', docsTag: 'docs-default-current', pageKind: 'guide', blocks: [text],
});

const TOKENS = section('/docs/authentication/personal-access-tokens', 'Personal Access Tokens', 'Create a token', 'Open Settings, choose Access Tokens and click Generate new token. Copy the token value once: scripts send it as a Bearer header.');
const sections: Section[] = [
  TOKENS,
  section('/docs/quickstart', 'Quickstart', null, 'Run datahub docker quickstart to start DataHub locally with Docker Compose. The UI listens on port 9002.'),
  section('/docs/lineage/lineage-feature-guide', 'Lineage', null, 'Lineage shows how data flows between datasets, jobs and dashboards.'),
  section('/docs/glossary/business-glossary', 'Business Glossary', null, 'Glossary terms give datasets and columns a shared business vocabulary, grouped in term groups.'),
  section('/docs/domains', 'Domains', null, 'Domains group data assets by the part of the organisation that owns them, such as Marketing or Finance.'),
];
/** Asked in words no section holds: lexically it matches nothing; the fake model places it on the tokens section. */
const PARAPHRASE = 'How does a robot prove who it is?';
const LEXICAL_QUESTION = 'How do I start DataHub locally with docker quickstart?';
const KEY = 'semantic-key';

const build = mkdtempSync(path.join(tmpdir(), 'semantic-build-'));
writeFileSync(path.join(build, CHAT_SECTIONS_FILE), JSON.stringify(sections));

let fake: FakeEmbeddings;
const running: Array<{close(): Promise<void>}> = [];
beforeAll(async () => {
  fake = await startFakeEmbeddings();
});
afterEach(async () => {
  for (const part of running.splice(0).reverse()) await part.close();
  vi.restoreAllMocks();
  fake.mode = 'ok';
  fake.release();
  fake.aliases.clear();
  fake.requests.length = 0;
});
afterAll(async () => {
  await fake.close();
});

/** The server as `npm run serve` wires it, with the given environment; the lines it logs are kept. */
async function serveWith(env: Record<string, string>, sectionsDir = build) {
  const logged: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void logged.push(parts.join(' ')));
  const config = readConfig({
    BUILD_DIR: sectionsDir,
    SERVE_STATIC: 'false',
    CHAT_PROJECT_KEYS: KEY,
    CHAT_WORKERS: '1',
    QUERY_LOG_SQLITE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'semantic-log-')), 'log.sqlite'),
    ...env,
  });
  const services = await createServices(config);
  const app: FastifyInstance = await buildApp(config, services);
  running.push({close: () => services.chatPool!.close()}, {close: () => services.store.close()}, {close: () => app.close()});
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  const ask = async (prompt: string) => {
    const response = await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({prompt, projectKey: KEY})});
    expect(response.status).toBe(200);
    return splitCompletion(await response.text());
  };
  const readyz = async () => {
    const response = await fetch(`${url}/readyz`);
    return {status: response.status, body: (await response.json()) as {status: string; retrieval?: string; embeddings?: string}};
  };
  const untilFused = async () => {
    for (let i = 0; i < 200; i++) {
      const {body} = await readyz();
      if (body.retrieval === 'fused') return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the sections were not embedded in 10 s; /readyz says ${JSON.stringify((await readyz()).body)}`);
  };
  const metrics = () => app.metrics.registry.metrics();
  return {url, ask, readyz, untilFused, metrics, logged};
}

const embeddingsEnv = (cacheDir: string, extra: Record<string, string> = {}) => ({
  EMBEDDINGS_BASE_URL: fake.url,
  EMBEDDINGS_MODEL: 'fake-embed-1',
  EMBEDDINGS_API_KEY: 'embeddings-secret',
  EMBEDDINGS_CACHE_DIR: cacheDir,
  ...extra,
});
const freshCache = () => mkdtempSync(path.join(tmpdir(), 'semantic-cache-'));
const sectionInputs = (list: Section[]) => list.map((s) => sectionInput(s, 2000));

describe('section vectors at start', () => {
  it('embeds every section in batches with the Bearer key, the model and the dimensions, and logs its progress', async () => {
    const cacheDir = freshCache();
    const {untilFused, logged} = await serveWith(embeddingsEnv(cacheDir, {EMBEDDINGS_BATCH_SIZE: '2', EMBEDDINGS_DIMENSIONS: '48'}));
    expect((await untilFused()).embeddings).toMatch(/^ready: 5 sections, 48 dimensions \(fake-embed-1 at 127\.0\.0\.1:\d+\)$/);
    expect(fake.requests.map((r) => r.input.length)).toEqual([2, 2, 1]);
    expect(fake.requests.flatMap((r) => r.input).sort()).toEqual(sectionInputs(sections).sort());
    for (const request of fake.requests) {
      expect(request).toMatchObject({authorization: 'Bearer embeddings-secret', model: 'fake-embed-1', dimensions: 48});
    }
    expect(logged.join('\n')).toMatch(/Embeddings: 5\/5 sections embedded \(\d+\.\d s\)/);
    expect(logged.join('\n')).toMatch(/Embeddings ready: 5 sections, 48 dimensions, 5 texts embedded now, 0 sections from the cache/);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'))).toEqual([expect.stringMatching(/^fake-embed-1-d48-[0-9a-f]{8}\.sqlite$/)]);
  });

  it('embeds nothing on a second start, only the edited section after a rebuild, and everything again for another model', async () => {
    const cacheDir = freshCache();
    const first = await serveWith(embeddingsEnv(cacheDir));
    await first.untilFused();
    expect(fake.requests.flatMap((r) => r.input)).toHaveLength(sections.length);
    for (const part of running.splice(0).reverse()) await part.close();

    fake.requests.length = 0;
    const second = await serveWith(embeddingsEnv(cacheDir));
    await second.untilFused();
    expect(fake.requests).toEqual([]);
    expect(second.logged.join('\n')).toMatch(/Embeddings ready: 5 sections, \d+ dimensions, 0 texts embedded now, 5 sections from the cache/);
    for (const part of running.splice(0).reverse()) await part.close();

    const edited = [...sections.slice(0, 4), {...sections[4], text: `${sections[4].text} A domain may have a parent domain.`}];
    const rebuilt = mkdtempSync(path.join(tmpdir(), 'semantic-rebuilt-'));
    writeFileSync(path.join(rebuilt, CHAT_SECTIONS_FILE), JSON.stringify(edited));
    const third = await serveWith(embeddingsEnv(cacheDir), rebuilt);
    await third.untilFused();
    expect(fake.requests.flatMap((r) => r.input)).toEqual([sectionInput(edited[4], 2000)]);
    for (const part of running.splice(0).reverse()) await part.close();

    fake.requests.length = 0;
    const otherModel = await serveWith(embeddingsEnv(cacheDir, {EMBEDDINGS_MODEL: 'fake-embed-2'}));
    await otherModel.untilFused();
    expect(fake.requests.flatMap((r) => r.input)).toHaveLength(sections.length);
    expect(fake.requests.every((r) => r.model === 'fake-embed-2')).toBe(true);
  });

  it('answers lexically while the sections are being embedded, and /readyz says so with 200', async () => {
    fake.hold();
    fake.aliases.set(PARAPHRASE, sectionInput(TOKENS, 2000));
    const {ask, readyz, untilFused} = await serveWith(embeddingsEnv(freshCache(), {EMBEDDINGS_BATCH_SIZE: '1'}));
    const early = await readyz();
    expect(early.status).toBe(200);
    expect(early.body).toEqual({status: 'ok', retrieval: 'lexical', embeddings: 'embedding the sections: 0/5; questions are answered lexically meanwhile'});
    expect((await ask(LEXICAL_QUESTION)).references[0]).toBe('/docs/quickstart');
    expect((await ask(PARAPHRASE)).references).toEqual([]);
    // No question was sent to the endpoint while the sections were not all in.
    expect(fake.requests.every((r) => !r.input.includes(PARAPHRASE))).toBe(true);
    fake.release();
    await untilFused();
    expect((await ask(PARAPHRASE)).references).toContain(TOKENS.url);
  });
});

describe('fused retrieval', () => {
  it('lets a section that only the vectors find reach the references, and keeps the lexical best first', async () => {
    fake.aliases.set(PARAPHRASE, sectionInput(TOKENS, 2000));
    const lexicalOnly = await serveWith({});
    expect((await lexicalOnly.ask(PARAPHRASE)).references).toEqual([]);
    for (const part of running.splice(0).reverse()) await part.close();

    const {ask, untilFused} = await serveWith(embeddingsEnv(freshCache()));
    await untilFused();
    fake.requests.length = 0;
    const {references, answer} = await ask(PARAPHRASE);
    expect(references[0]).toBe(TOKENS.url);
    expect(answer).toContain('Generate new token');
    // One request per question, the question itself, with the key and the model.
    expect(fake.requests).toEqual([{authorization: 'Bearer embeddings-secret', model: 'fake-embed-1', input: [PARAPHRASE], dimensions: undefined}]);
    expect((await ask(LEXICAL_QUESTION)).references[0]).toBe('/docs/quickstart');
  });

  it('embeds a follow-up with the question before it', async () => {
    const {url, untilFused} = await serveWith(embeddingsEnv(freshCache()));
    await untilFused();
    fake.requests.length = 0;
    const body = {prompt: 'And how do I revoke it?', projectKey: KEY, context: [{question: 'How do I create a personal access token?', answer: 'Open Settings.'}]};
    const response = await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
    expect(response.status).toBe(200);
    await response.text();
    expect(fake.requests.map((r) => r.input)).toEqual([['And how do I revoke it?', 'How do I create a personal access token?']]);
  });
});

describe('an embeddings endpoint that fails', () => {
  it('answers lexically once the endpoint is stopped, counts each failure and warns once naming the host', async () => {
    const stoppable = await startFakeEmbeddings();
    stoppable.aliases.set(PARAPHRASE, sectionInput(TOKENS, 2000));
    const {ask, untilFused, metrics, logged, readyz} = await serveWith(embeddingsEnv(freshCache(), {EMBEDDINGS_BASE_URL: stoppable.url}));
    await untilFused();
    expect((await ask(PARAPHRASE)).references).toContain(TOKENS.url);
    const host = new URL(stoppable.url).host;
    await stoppable.close();
    for (let i = 0; i < 3; i++) {
      expect((await ask(LEXICAL_QUESTION)).references[0]).toBe('/docs/quickstart');
      expect((await ask(PARAPHRASE)).references).toEqual([]);
    }
    expect(await metrics()).toMatch(/^chat_embeddings_errors_total\{when="question",code="ECONNREFUSED"\} 6$/m);
    const warnings = logged.filter((line) => line.includes('gave no vector for a question'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Embeddings endpoint ${host} gave no vector for a question (ECONNREFUSED); answering it lexically`);
    expect((await readyz()).status).toBe(200);
  });

  it('answers lexically when a question\'s vector has another length than the sections\', counting and saying so', async () => {
    fake.aliases.set(PARAPHRASE, sectionInput(TOKENS, 2000));
    const {ask, untilFused, metrics, logged} = await serveWith(embeddingsEnv(freshCache()));
    await untilFused();
    expect((await ask(PARAPHRASE)).references).toContain(TOKENS.url);
    // Another model behind the same endpoint: its vectors cannot be compared with the sections'.
    fake.dimensionsOverride = FAKE_DIMENSIONS / 2;
    try {
      expect((await ask(PARAPHRASE)).references).toEqual([]);
      expect((await ask(LEXICAL_QUESTION)).references[0]).toBe('/docs/quickstart');
      expect(await metrics()).toMatch(/^chat_embeddings_errors_total\{when="question",code="wrong_dimension"\} 2$/m);
      expect(logged.filter((line) => line.includes('(wrong_dimension)'))).toHaveLength(1);
    } finally {
      fake.dimensionsOverride = undefined;
    }
  });

  it('gives up on a question\'s vector after EMBEDDINGS_TIMEOUT_MS and answers lexically', async () => {
    const {ask, untilFused, metrics} = await serveWith(embeddingsEnv(freshCache(), {EMBEDDINGS_TIMEOUT_MS: '300'}));
    await untilFused();
    fake.mode = 'hang';
    const started = performance.now();
    expect((await ask(LEXICAL_QUESTION)).references[0]).toBe('/docs/quickstart');
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThan(250);
    expect(ms).toBeLessThan(5_000);
    expect(await metrics()).toMatch(/^chat_embeddings_errors_total\{when="question",code="timeout"\} 1$/m);
  });

  it('starts and answers lexically when the endpoint is down at start, saying so in /readyz and the metrics', async () => {
    const port = await freePort();
    const {ask, readyz, metrics, logged} = await serveWith(embeddingsEnv(freshCache(), {EMBEDDINGS_BASE_URL: `http://127.0.0.1:${port}/v1`}));
    let body = (await readyz()).body;
    // Up to 20 s: on a loaded machine the workers and the first (refused) request can take a while.
    for (let i = 0; i < 400 && !body.embeddings?.startsWith('the endpoint'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      body = (await readyz()).body;
    }
    expect(body).toMatchObject({status: 'ok', retrieval: 'lexical'});
    expect(body.embeddings).toMatch(new RegExp(`^the endpoint at 127\\.0\\.0\\.1:${port} failed \\(0/5 sections embedded\\); trying again in (1\\d|2\\d|30) s; questions are answered lexically meanwhile$`));
    expect((await ask(LEXICAL_QUESTION)).references[0]).toBe('/docs/quickstart');
    expect(await metrics()).toMatch(/^chat_embeddings_errors_total\{when="start",code="ECONNREFUSED"\} 1$/m);
    expect(await metrics()).toMatch(/^chat_embeddings_ready 0$/m);
    expect(logged.join('\n')).toContain(`embeddings endpoint 127.0.0.1:${port}: ECONNREFUSED`);
  });
});

describe('configuration', () => {
  it('reads EMBEDDINGS_*, falling back to OPENAI_BASE_URL and OPENAI_API_KEY', () => {
    expect(readConfig({}).embeddings).toBeUndefined();
    expect(readConfig({OPENAI_BASE_URL: 'http://llm:8000/v1', OPENAI_API_KEY: 'k', EMBEDDINGS_MODEL: 'bge-small'}).embeddings).toMatchObject({
      baseUrl: 'http://llm:8000/v1', apiKey: 'k', model: 'bge-small', timeoutMs: 1500, batchSize: 32, fusion: 'rrf', cosineFloor: 0, dimensions: undefined,
    });
    const own = readConfig({EMBEDDINGS_BASE_URL: 'http://tei:8080/v1', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_API_KEY: 'e', OPENAI_API_KEY: 'o', EMBEDDINGS_DIMENSIONS: '256', EMBEDDINGS_FUSION: 'weighted', EMBEDDINGS_COSINE_FLOOR: '0.6'});
    expect(own.embeddings).toMatchObject({baseUrl: 'http://tei:8080/v1', apiKey: 'e', dimensions: 256, fusion: 'weighted', cosineFloor: 0.6});
    expect(existsSync(own.embeddings!.cacheDir) || own.embeddings!.cacheDir.endsWith(path.join('.data', 'embeddings'))).toBe(true);
  });

  it('refuses a half or bad configuration with one line naming the variable', () => {
    expect(() => readConfig({EMBEDDINGS_MODEL: 'm'})).toThrow(/^Invalid server environment:\n  EMBEDDINGS_MODEL: set EMBEDDINGS_BASE_URL too \(or OPENAI_BASE_URL\), the endpoint that serves the model$/);
    expect(() => readConfig({EMBEDDINGS_BASE_URL: 'http://tei:8080/v1'})).toThrow(/^Invalid server environment:\n  EMBEDDINGS_BASE_URL: set EMBEDDINGS_MODEL too/);
    expect(() => readConfig({EMBEDDINGS_BASE_URL: 'tei:8080', EMBEDDINGS_MODEL: 'm'})).toThrow(/^Invalid server environment:\n  EMBEDDINGS_BASE_URL: must be an http:\/\/ or https:\/\/ URL, such as http:\/\/localhost:8080\/v1$/);
    expect(() => readConfig({EMBEDDINGS_BASE_URL: 'http://tei:8080/v1', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_DIMENSIONS: 'many'})).toThrow(/^Invalid server environment:\n  EMBEDDINGS_DIMENSIONS: /);
    expect(() => readConfig({EMBEDDINGS_BASE_URL: 'http://tei:8080/v1', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_TIMEOUT_MS: '10'})).toThrow(/^Invalid server environment:\n  EMBEDDINGS_TIMEOUT_MS: /);
    expect(() => readConfig({EMBEDDINGS_BASE_URL: 'http://tei:8080/v1', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_FUSION: 'max'})).toThrow(/^Invalid server environment:\n  EMBEDDINGS_FUSION: must be rrf \(reciprocal rank fusion\) or weighted/);
  });
});

describe('fusion', () => {
  it('without a question vector, ranks exactly as the lexical retriever does', async () => {
    const fused = createFusedRetrieval(sections);
    const lexical = createLexicalRetriever(sections);
    for (const prompt of [LEXICAL_QUESTION, 'What is lineage?', 'personal access token', 'glossary terms for columns', 'How do I set up Zorblax?', PARAPHRASE]) {
      for (const threshold of [0, 0.5]) {
        expect(fused.retrieve(prompt, {count: 10, threshold})).toEqual(await lexical.retrieve(prompt, {count: 10, threshold}));
      }
    }
  });

  it('compares a cosine with the threshold from EMBEDDINGS_COSINE_FLOOR up, and declines an unknown product whatever the vectors say', () => {
    const unit = (text: string) => normalize(Float32Array.from(bagOfWordsVector(text, FAKE_DIMENSIONS)));
    const rows = new Float32Array(sections.length * FAKE_DIMENSIONS);
    sections.forEach((s, i) => rows.set(unit(sectionInput(s, 2000)), i * FAKE_DIMENSIONS));
    // A question whose vector is close to the tokens section's, though no word of it is in any section.
    const vector = unit('Settings Access Tokens Generate token value scripts Bearer header');
    const cosine = [...vector].reduce((sum, x, d) => sum + x * rows[d], 0);
    expect(cosine).toBeGreaterThan(0.5);
    // Under 0.8, so a floor of 0.6 brings it under the threshold: (cosine - 0.6) / 0.4 < 0.5.
    expect(cosine).toBeLessThan(0.8);
    const fused = createFusedRetrieval(sections);
    const ask = (prompt: string, cosineFloor: number) =>
      fused.retrieve(prompt, {count: 5, threshold: 0.5}, {vector, rows, dims: FAKE_DIMENSIONS, fusion: {method: 'rrf', cosineFloor}}).map((r) => r.section.url);
    expect(ask(PARAPHRASE, 0)).toContain(TOKENS.url);
    expect(ask(PARAPHRASE, 0.6)).not.toContain(TOKENS.url);
    expect(ask('How does a robot prove who it is to Zorblax?', 0)).toEqual([]);
  });

  it('orders by reciprocal rank, lifting what both lists agree on, and keeps each section\'s better similarity', () => {
    const lexical = [{id: 1, similarity: 0.9}, {id: 2, similarity: 0.6}, {id: 3, similarity: 0.2}];
    const vector = [{id: 2, similarity: 0.8}, {id: 3, similarity: 0.7}, {id: 4, similarity: 0.65}];
    const rrf = fuseRankings(lexical, vector, 'rrf');
    // 2 is second in one list and first in the other; 1 is first in one list only.
    expect(rrf.map((c) => c.id)).toEqual([2, 3, 1, 4]);
    expect(rrf.map((c) => c.similarity)).toEqual([0.8, 0.7, 0.9, 0.65].map((x) => expect.closeTo(x, 6)));
    // The weighted sum reads the scores: 1's lexical 0.9 outweighs 3's middling cosine.
    expect(fuseRankings(lexical, vector, 'weighted').map((c) => c.id)).toEqual([2, 1, 3, 4]);
  });
});
