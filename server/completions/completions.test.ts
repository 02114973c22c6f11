import type {FastifyInstance} from 'fastify';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {splitCompletion, START_RESPONSE_MARKER} from '../../contract/completions';
import {chatDefaults} from '../../src/site';
import type {Section} from '../../lib/search/types';
import {startFakeOpenAi, type FakeOpenAi} from '../../tests/fakes/openai-server';
import {buildApp, BODY_LIMIT_BYTES} from '../app';
import {createSqliteStore} from '../query-log/sqlite-store';
import type {Answerer} from './answerer';
import {createExtractiveAnswerer, IN_DOUBT_OPENING} from './extractive-answerer';
import {createOpenAiAnswerer} from './openai-answerer';
import {rankingWeights} from '../../data/ranking-weights';
import {createLexicalRetriever, similarity} from '../../lib/search/retrieval';

const section = (url: string, title: string, heading: string | null, text: string): Section => ({
  id: url, url, hierarchy: ['Guides', title, heading, null, null, null, null], text, language: 'en', docsTag: 'docs-default-current', pageKind: 'guide', blocks: [text],
});

const TOKEN_CODE = '```shell\ndatahub init --host http://localhost:8080 --token "<token>"\n```';

export const fixtureSections: Section[] = [
  section('/docs/authentication/personal-access-tokens', 'Personal Access Tokens', null, 'Personal access tokens let scripts call the DataHub API as you. Create a token in Settings under Access Tokens and copy it once.'),
  {
    ...section('/docs/authentication/personal-access-tokens#create-a-token', 'Personal Access Tokens', 'Create a token', 'Open Settings, choose Access Tokens and click Generate new token. Pick a name and an expiry, then copy the token value.'),
    blocks: ['Open Settings, choose Access Tokens and click Generate new token. Pick a name and an expiry, then copy the token value.', TOKEN_CODE],
  },
  section('/docs/quickstart', 'Quickstart', null, 'Run datahub docker quickstart to start DataHub locally with Docker Compose. The UI listens on port 9002.'),
  section('/docs/lineage/lineage-feature-guide', 'Lineage', null, 'Lineage shows how data flows between datasets, jobs and dashboards.'),
];

const KEY = 'test-project-key';
const ANON = 'test-anon-key';
let store: ReturnType<typeof createSqliteStore>;
const apps: FastifyInstance[] = [];

async function start(
  answerer: Answerer = createExtractiveAnswerer(),
  extra: {allowedModels?: string[] | null; rateLimitPerMinute?: number; sections?: Section[]; maxConcurrent?: number} = {},
) {
  const logged: string[] = [];
  const app = await buildApp(
    {buildDir: '', serveStatic: false, projectKeys: [KEY], anonKey: ANON, rateLimitPerMinute: extra.rateLimitPerMinute ?? 1000, maxConcurrentCompletions: extra.maxConcurrent},
    {completions: {retriever: createLexicalRetriever(extra.sections ?? fixtureSections), answerer, log: (m, e) => logged.push(`${m}: ${String(e)}`)}, store, allowedModels: extra.allowedModels ?? null},
  );
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  apps.push(app);
  return {url, logged};
}

const ask = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: typeof body === 'string' ? body : JSON.stringify(body), ...init});

beforeAll(() => {
  store = createSqliteStore(':memory:');
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
afterAll(async () => {
  await store.close();
});

describe('POST /v1/completions: the stream', () => {
  it('streams the references array, the marker and the answer, byte for byte', async () => {
    const fixed: Answerer = {kind: 'extractive', async *answer() {
      yield 'Tokens: ';
      yield 'wörld ✓';
    }};
    const {url} = await start(fixed);
    const response = await ask(url, {prompt: 'create a personal access token', projectKey: KEY, sectionsMatchCount: 2});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(await response.text()).toBe(
      '["/docs/authentication/personal-access-tokens","/docs/authentication/personal-access-tokens#create-a-token"]' +
        `${START_RESPONSE_MARKER}Tokens: wörld ✓`,
    );
  });

  it('answers with the first reference\'s passage and leaves the pages to the references list', async () => {
    const {url} = await start();
    const {references, answer} = splitCompletion(await (await ask(url, {prompt: 'How do I create a personal access token?', projectKey: KEY})).text());
    expect(references[0]).toMatch(/^\/docs\/authentication\/personal-access-tokens/);
    const first = fixtureSections.find((s) => s.url === references[0])!;
    expect(answer.startsWith(first.text)).toBe(true);
    expect(answer).not.toMatch(/^(Source|Related):/m);
    expect(answer).not.toContain(`](${references[0]})`);
  });

  it('honours sectionsMatchCount and sectionsMatchThreshold', async () => {
    const {url} = await start();
    const one = splitCompletion(await (await ask(url, {prompt: 'personal access token', projectKey: KEY, sectionsMatchCount: 1})).text());
    expect(one.references).toHaveLength(1);
    // Half of this question's subjects are on no page: every section's similarity stays well under 0.99.
    const strict = splitCompletion(await (await ask(url, {prompt: 'personal access token rotation schedule', projectKey: KEY, sectionsMatchThreshold: 0.99})).text());
    expect(strict).toEqual({references: [], answer: chatDefaults.iDontKnowMessage});
  });

  it('answers with the given don\'t-know message when nothing matches', async () => {
    const {url} = await start();
    const body = await (await ask(url, {prompt: 'airspeed of an unladen swallow', projectKey: KEY, iDontKnowMessage: 'No idea.'})).text();
    expect(body).toBe(`[]${START_RESPONSE_MARKER}No idea.`);
  });

  it('records each completion in the store', async () => {
    const {url} = await start();
    const before = (await store.report(new Date(0))).completions;
    await (await ask(url, {prompt: 'quickstart docker', projectKey: KEY})).text();
    await expect.poll(async () => (await store.report(new Date(0))).completions).toBe(before + 1);
  });
});

// Two pages that answer a scheduling question about equally well, and a third only one of them covers.
const schedulingSections: Section[] = [
  section('/docs/schedule/cron', 'Scheduling with cron', null, 'Schedule a recipe with cron: add a crontab line on a server that runs datahub ingest every night at two.'),
  section('/docs/schedule/airflow', 'Scheduling with Airflow', null, 'Schedule a recipe with Airflow: a DAG with one task runs datahub ingest every night on the Airflow scheduler.'),
  section('/docs/quickstart', 'Quickstart', null, 'Run datahub docker quickstart to start DataHub locally with Docker Compose.'),
];

describe('POST /v1/completions: answers in doubt', () => {
  it('quotes the best passage of each of two pages that score close, under their titles, and says so', async () => {
    const {url} = await start(createExtractiveAnswerer(), {sections: schedulingSections});
    const {references, answer} = splitCompletion(await (await ask(url, {prompt: 'How do I schedule a recipe to run datahub ingest every night?', projectKey: KEY})).text());
    expect(new Set(references.slice(0, 2))).toEqual(new Set(['/docs/schedule/cron', '/docs/schedule/airflow']));
    expect(answer.startsWith(`${IN_DOUBT_OPENING}\n\n`)).toBe(true);
    for (const page of schedulingSections.slice(0, 2)) {
      expect(answer).toContain(`**${page.hierarchy[1]}**\n\n${page.text}`);
    }
    // The references are the retrieval's, as for any answer.
    expect(references).not.toContain('/docs/quickstart');
  });

  it('answers from the one page that clearly wins as before', async () => {
    const {url} = await start(createExtractiveAnswerer(), {sections: schedulingSections});
    // At threshold 0 the cron page is a reference too, far behind.
    const {references, answer} = splitCompletion(await (await ask(url, {prompt: 'How do I schedule a recipe with an Airflow DAG?', projectKey: KEY, sectionsMatchThreshold: 0})).text());
    expect(references.slice(0, 2)).toEqual(['/docs/schedule/airflow', '/docs/schedule/cron']);
    expect(answer).toBe(schedulingSections[1].text);
  });
});

describe('POST /v1/completions: follow-up questions', () => {
  // "Revoke" alone matches two pages; only the conversation says which one the reader means.
  const conversationSections: Section[] = [
    ...fixtureSections.slice(0, 2),
    section('/docs/authentication/personal-access-tokens#revoke-a-token', 'Personal Access Tokens', 'Revoke a token', 'To revoke a token, open Settings, choose Access Tokens and click Revoke next to it.'),
    ...fixtureSections.slice(2),
    section('/docs/authorization/policies#revoke-access', 'Access Policies', 'Revoke access', 'To revoke access granted by a policy, edit the policy and remove the user or group, or deactivate the policy to revoke it for everyone.'),
  ];
  const earlier = {question: 'How do I create a personal access token?', answer: 'Open Settings, choose Access Tokens and click Generate new token.'};

  it('retrieves a follow-up with the earlier question, and answers a plain request on its own as before', async () => {
    const {url} = await start(createExtractiveAnswerer(), {sections: conversationSections});
    // Threshold 0: the order is what is tested, and a corpus this small gives low scores.
    const base = {projectKey: KEY, sectionsMatchThreshold: 0};
    const plain = splitCompletion(await (await ask(url, {...base, prompt: 'How do I revoke it?'})).text());
    expect(plain.references[0]).toBe('/docs/authorization/policies#revoke-access');
    const followUp = splitCompletion(await (await ask(url, {...base, prompt: 'How do I revoke it?', context: [earlier]})).text());
    expect(followUp.references[0]).toMatch(/^\/docs\/authentication\/personal-access-tokens/);
    expect(followUp.references).toContain('/docs/authentication/personal-access-tokens#revoke-a-token');
    // The follow-up's own subject still leads: a question naming a new subject is answered about it.
    const newSubject = splitCompletion(await (await ask(url, {...base, prompt: 'How do I start the quickstart with Docker?', context: [earlier]})).text());
    expect(newSubject.references[0]).toBe('/docs/quickstart');
  });

  it('answers a follow-up from the section of the page about what it asks, not from the page opening that names everything', async () => {
    const tokensPage = [
      section('/docs/authentication/personal-access-tokens', 'Personal Access Tokens', null, 'Personal access tokens let scripts call the DataHub API as you. This page shows how to create a personal access token, use it, list your tokens and revoke a token you no longer need.'),
      section('/docs/authentication/personal-access-tokens#create-a-token', 'Personal Access Tokens', 'Create a token', 'Open Settings, choose Access Tokens and click Generate new token. Pick a name and an expiry, then copy the token value.'),
      section('/docs/authentication/personal-access-tokens#revoke-a-token', 'Personal Access Tokens', 'Revoke a token', 'Open Settings, choose Access Tokens and click Revoke next to the token. Scripts that still send it get 401 at once.'),
      ...fixtureSections.slice(2),
    ];
    const {url} = await start(createExtractiveAnswerer(), {sections: tokensPage});
    const followUp = splitCompletion(await (await ask(url, {projectKey: KEY, sectionsMatchThreshold: 0, prompt: 'How do I revoke it?', context: [earlier]})).text());
    expect(followUp.references[0]).toBe('/docs/authentication/personal-access-tokens#revoke-a-token');
    expect(followUp.answer).toContain('click Revoke next to the token');
  });

  it('rejects a context that is not a short list of question and answer pairs, naming the field', async () => {
    const {url} = await start();
    const cases: Array<[unknown, RegExp]> = [
      ['How do I create a token?', /^context: /],
      [[{question: 'x'}], /^context\.0\.answer: /],
      [[{question: '   ', answer: ''}], /^context\.0\.question: question must not be empty/],
      [[{question: 'x'.repeat(2001), answer: ''}], /^context\.0\.question: .*at most 2000 characters/],
      [[{question: 'x', answer: 'y'.repeat(4001)}], /^context\.0\.answer: .*at most 4000 characters/],
      [Array.from({length: 4}, () => earlier), /^context: .*at most 3 exchanges/],
    ];
    for (const [context, message] of cases) {
      const response = await ask(url, {prompt: 'How do I revoke it?', projectKey: KEY, context});
      expect(response.status, JSON.stringify(context).slice(0, 60)).toBe(400);
      expect(((await response.json()) as {error: string}).error).toMatch(message);
    }
  });
});

describe('POST /v1/completions: errors', () => {
  it('rejects a missing project key, an unknown key, bad JSON, wrong types and long prompts', async () => {
    const {url} = await start();
    const cases: Array<[unknown, number, RegExp]> = [
      [{prompt: 'x'}, 400, /^a project key is required$/],
      [{prompt: 'x', projectKey: 'nope'}, 401, /unknown project key/],
      ['{"prompt": ', 400, /not valid JSON/],
      [{prompt: 42, projectKey: KEY}, 400, /^prompt: /],
      [{prompt: 'x', projectKey: KEY, temperature: 'hot'}, 400, /^temperature: /],
      [{prompt: 'x'.repeat(2001), projectKey: KEY}, 400, /at most 2000 characters/],
      [{prompt: 'a\u0000b', projectKey: KEY}, 400, /^prompt: prompt must not contain NUL/],
      // 2,000 characters, but 8,000 bytes: emoji take 4 bytes each.
      [{prompt: '\u{1F600}'.repeat(2000), projectKey: KEY}, 400, /^prompt: prompt must be at most 6000 bytes of UTF-8/],
      [{prompt: 'x', projectKey: KEY, context: [{question: 'x', answer: '\u{1F600}'.repeat(4000)}]}, 400, /^context\.0\.answer: answer must be at most 12000 bytes/],
      [{prompt: 'x', projectKey: KEY, context: [{question: 'a\u0000', answer: ''}]}, 400, /^context\.0\.question: .*NUL/],
      [[1, 2], 400, /JSON object/],
    ];
    for (const [body, status, message] of cases) {
      const response = await ask(url, body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(((await response.json()) as {error: string}).error).toMatch(message);
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const {url} = await start();
    const response = await ask(url, {prompt: 'x', projectKey: KEY, pad: 'y'.repeat(BODY_LIMIT_BYTES)});
    expect(response.status).toBe(413);
    expect(((await response.json()) as {error: string}).error).toMatch(/larger than/);
  });

  it('limits the rate per client with 429 and Retry-After', async () => {
    const {url} = await start(createExtractiveAnswerer(), {rateLimitPerMinute: 2});
    for (let i = 0; i < 2; i++) {
      const response = await ask(url, {prompt: 'token', projectKey: KEY});
      expect(response.status).toBe(200);
      // Read to the end: an unread stream keeps its connection, and the server's close waits for it.
      await response.text();
    }
    const limited = await ask(url, {prompt: 'token', projectKey: KEY});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers at most the configured number of completions at once: 503 with Retry-After past it, then serves again', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: Answerer = {kind: 'extractive', async *answer() {
      yield 'Holding ';
      await held;
      yield 'done.';
    }};
    const {url} = await start(slow, {maxConcurrent: 1});
    const first = await ask(url, {prompt: 'personal access token', projectKey: KEY});
    expect(first.status).toBe(200);
    const busy = await ask(url, {prompt: 'personal access token', projectKey: KEY});
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(Object.keys((await busy.json()) as object)).toEqual(['error']);
    release();
    expect(splitCompletion(await first.text()).answer).toBe('Holding done.');
    const again = await ask(url, {prompt: 'personal access token', projectKey: KEY});
    expect(again.status).toBe(200);
    await again.text();
  });

  it('caps sectionsMatchCount at 20', async () => {
    const {url} = await start();
    const response = await ask(url, {prompt: 'token', projectKey: KEY, sectionsMatchCount: 21});
    expect(response.status).toBe(400);
    expect(((await response.json()) as {error: string}).error).toMatch(/^sectionsMatchCount: /);
  });

  it('refuses models outside the allowed list when an LLM endpoint is configured', async () => {
    const {url} = await start(createExtractiveAnswerer(), {allowedModels: ['gpt-4']});
    const response = await ask(url, {prompt: 'token', projectKey: KEY, model: 'gpt-5-ultra'});
    expect(response.status).toBe(400);
    expect(((await response.json()) as {error: string}).error).toMatch(/not allowed/);
  });
});

describe('OpenAI-compatible answerer against a fake endpoint', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });

  const withFake = (timeoutMs = 2000) => start(createOpenAiAnswerer({baseUrl: fake.url, apiKey: 'sk-test', timeoutMs}), {allowedModels: ['gpt-4']});

  it('streams the deltas and sends the filled prompt template and parameters', async () => {
    fake.mode = 'stream';
    const {url} = await withFake();
    const {answer} = splitCompletion(await (await ask(url, {prompt: 'personal access token', projectKey: KEY})).text());
    expect(answer).toBe('Use the **CLI**.');
    const sent = fake.requests.at(-1)!.body as {model: string; stream: boolean; temperature: number; max_tokens: number; messages: Array<{content: string}>};
    expect(sent).toMatchObject({model: 'gpt-4', stream: true, temperature: 0.1, max_tokens: 500});
    expect(sent.messages[0].content).toContain('Personal access tokens let scripts call the DataHub API');
    expect(sent.messages[0].content).toContain('personal access token');
  });

  it('gives the LLM the top sections as Markdown with their titles and URLs, and asks for cited links', async () => {
    fake.mode = 'stream';
    const {url} = await withFake();
    await (await ask(url, {prompt: 'How do I create a personal access token?', projectKey: KEY})).text();
    const prompt = (fake.requests.at(-1)!.body as {messages: Array<{content: string}>}).messages[0].content;
    expect(prompt).toContain('Section: Personal Access Tokens › Create a token\nURL: /docs/authentication/personal-access-tokens#create-a-token');
    // The section's code block reaches the model as written, fences and language included.
    expect(prompt).toContain(TOKEN_CODE);
    expect(prompt).toMatch(/cite the sections you used as markdown links/i);
  });

  it('gives the LLM a follow-up\'s earlier exchanges as prior messages, before the filled template', async () => {
    fake.mode = 'stream';
    const {url} = await withFake();
    const context = [{question: 'How do I create a personal access token?', answer: 'Open **Settings**, then Access Tokens.'}, {question: 'Who can do that?', answer: ''}];
    await (await ask(url, {prompt: 'Where do I copy it from?', projectKey: KEY, context})).text();
    const messages = (fake.requests.at(-1)!.body as {messages: Array<{role: string; content: string}>}).messages;
    expect(messages.slice(0, 4)).toEqual([
      {role: 'user', content: 'How do I create a personal access token?'},
      {role: 'assistant', content: 'Open **Settings**, then Access Tokens.'},
      {role: 'user', content: 'Who can do that?'},
      {role: 'assistant', content: chatDefaults.iDontKnowMessage},
    ]);
    expect(messages).toHaveLength(5);
    expect(messages[4]).toMatchObject({role: 'user'});
    expect(messages[4].content).toContain('Where do I copy it from?');
    expect(messages[4].content).toContain('Section: Personal Access Tokens');
  });

  for (const mode of ['error500', 'garbage', 'hang'] as const) {
    it(`answers the don't-know message when the endpoint ${mode === 'hang' ? 'hangs' : mode === 'error500' ? 'fails' : 'sends garbage'}`, async () => {
      fake.mode = mode;
      const {url, logged} = await withFake(300);
      const started = Date.now();
      const {answer} = splitCompletion(await (await ask(url, {prompt: 'personal access token', projectKey: KEY})).text());
      expect(answer).toBe(chatDefaults.iDontKnowMessage);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(logged.join('\n')).toMatch(/Answerer \(openai\) failed/);
    });
  }

  it('aborts the upstream request when the client disconnects', async () => {
    fake.mode = 'slow';
    fake.deltas = Array.from({length: 30}, (_, i) => `part ${i} `);
    fake.clientAborted = new Promise((resolve) => {
      const original = fake.clientAborted;
      void original.then(resolve);
    });
    const {url} = await withFake(5000);
    const controller = new AbortController();
    const response = await ask(url, {prompt: 'personal access token', projectKey: KEY}, {signal: controller.signal});
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    const aborted = await Promise.race([fake.clientAborted.then(() => true), new Promise((r) => setTimeout(() => r(false), 3000))]);
    expect(aborted).toBe(true);
  });
});

describe('retrieval', () => {
  it('scores similarity in [0, 1], rising with coverage and score', () => {
    const strong = rankingWeights.saturation * 4;
    expect(similarity(0, 0)).toBe(0);
    // A score at the fitted saturation is "half strong"; four times it, with every subject covered, passes 0.7.
    expect(similarity(rankingWeights.saturation, 1)).toBeCloseTo(0.5);
    expect(similarity(strong, 1)).toBeGreaterThan(0.7);
    expect(similarity(strong, 1 / 3)).toBeLessThan(similarity(strong, 1));
    expect(similarity(strong / 4, 1)).toBeLessThan(similarity(strong, 1));
    expect(similarity(1e9, 1)).toBeLessThanOrEqual(1);
  });

  it('declines a question naming a product no page mentions, and answers the same question without it', async () => {
    const retriever = createLexicalRetriever(fixtureSections);
    const ask = (prompt: string) => retriever.retrieve(prompt, {count: 3, threshold: 0});
    expect(await ask('How do I create a personal access token in OpenMetadata?')).toEqual([]);
    expect(await ask('How do I create a personal access token with Zorblax?')).toEqual([]);
    expect((await ask('How do I create a personal access token?'))[0].section.url).toMatch(/^\/docs\/authentication\/personal-access-tokens/);
    // A class name quoted in an error report is not another product.
    expect(await ask('Creating a personal access token fails with TokenServiceError')).not.toEqual([]);
  });

  it('stops at once when the request is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client disconnected'));
    await expect(createLexicalRetriever(fixtureSections).retrieve('token', {count: 3, threshold: 0, signal: controller.signal})).rejects.toThrow('client disconnected');
  });
});
