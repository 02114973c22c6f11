import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Section} from '../lib/search/types';
import {createLexicalRetriever} from '../lib/search/retrieval';
import {chatDefaults} from '../src/site';
import {startFakeOpenAi} from '../tests/fakes/openai-server';
import {createOpenAiAnswerer} from './completions/openai-answerer';
import {buildApp} from './app';
import {serveMetrics, type MetricsServer} from './metrics';
import {createSqliteStore} from './query-log/sqlite-store';
import type {QueryLogStore} from './query-log/store';
import {startQueryLogApi, TEST_PROJECT_KEY} from './query-log/test-app';

const ANON = 'anon';

describe('Prometheus metrics on their own port', () => {
  let store: QueryLogStore;
  let app: FastifyInstance;
  let origin: string;
  let metrics: MetricsServer;
  beforeAll(async () => {
    store = createSqliteStore(':memory:');
    ({app, origin} = await startQueryLogApi(store, ANON, {queryLogRateLimitPerMinute: 3}));
    metrics = await serveMetrics(app.metrics, {port: 0, host: '127.0.0.1'});
  });
  afterAll(async () => {
    await app?.close();
    await metrics?.close();
    await store?.close();
  });

  it('counts requests by route pattern and status, completions by outcome and rate-limit rejections by limit', async () => {
    const insert = (query: string) =>
      fetch(`${origin}/rest/v1/queries?select=${encodeURIComponent(query)}`, {method: 'POST', headers: {'content-type': 'application/json', apikey: ANON}, body: JSON.stringify({query})});
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await insert(`metrics ${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const answer = await fetch(`${origin}/v1/completions`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({prompt: 'anything at all', projectKey: TEST_PROJECT_KEY, iDontKnowMessage: chatDefaults.iDontKnowMessage}),
    });
    await answer.text();
    await fetch(`${origin}/healthz`);

    const scrape = await fetch(metrics.url);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    for (const name of [
      'http_requests_total', 'http_request_duration_seconds', 'chat_completions_total', 'chat_time_to_references_seconds',
      'query_log_write_failures_total', 'query_log_waiting_writes', 'rate_limit_rejections_total', 'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // The route pattern, not the URL with its query string.
    expect(text).toContain('http_requests_total{method="POST",route="/rest/v1/queries",status="201"} 3');
    expect(text).toContain('http_requests_total{method="POST",route="/rest/v1/queries",status="429"} 1');
    expect(text).not.toContain('select=');
    expect(text).toContain('rate_limit_rejections_total{limit="query_log"} 1');
    expect(text).toContain('chat_completions_total{outcome="dont_know"} 1');
    expect(text).toContain('chat_time_to_references_seconds_count 1');
    expect(text).toContain('query_log_waiting_writes 0');
    // Probes are polled every second: they would drown the real traffic.
    expect(text).not.toContain('/healthz');
  });

  it('serves nothing at /metrics on the site port', async () => {
    const response = await fetch(`${origin}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_requests_total');
  });

  it('keeps each app\'s series apart', async () => {
    const other = await buildApp({buildDir: '', serveStatic: false});
    try {
      await other.inject({method: 'GET', url: '/nowhere'});
      const text = await other.metrics.registry.metrics();
      expect(text).toContain('http_requests_total{method="GET",route="(no route)",status="404"} 1');
      expect(text).not.toContain('/rest/v1/queries');
    } finally {
      await other.close();
    }
  });

  it('counts a completion as answered, upstream error or aborted by how it ended', async () => {
    const fake = await startFakeOpenAi();
    const text = 'Open Settings, choose Access Tokens and click Generate new token, then copy the token value once.';
    const tokens: Section = {
      id: '/docs/authentication/personal-access-tokens', url: '/docs/authentication/personal-access-tokens', text, blocks: [text],
      hierarchy: ['Guides', 'Personal Access Tokens', null, null, null, null, null], language: 'en', docsTag: 'docs-default-current', pageKind: 'guide',
    };
    const chat = await buildApp(
      {buildDir: '', serveStatic: false, projectKeys: [TEST_PROJECT_KEY], rateLimitPerMinute: 1_000_000},
      {
        completions: {retriever: createLexicalRetriever([tokens]), answerer: createOpenAiAnswerer({baseUrl: fake.url, apiKey: 'sk-test', timeoutMs: 2000}), log: () => undefined},
        store,
        allowedModels: [chatDefaults.model],
      },
    );
    const chatOrigin = await chat.listen({port: 0, host: '127.0.0.1'});
    const ask = (signal?: AbortSignal) =>
      fetch(`${chatOrigin}/v1/completions`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({prompt: 'How do I generate a personal access token?', projectKey: TEST_PROJECT_KEY, sectionsMatchThreshold: 0}),
        signal,
      });
    const outcomes = async () => (await chat.metrics.registry.metrics()).split('\n').filter((line) => line.startsWith('chat_completions_total{'));
    try {
      fake.mode = 'stream';
      await (await ask()).text();
      fake.mode = 'error500';
      await (await ask()).text();
      // A reader who closes the dialog while the model has not answered yet.
      fake.mode = 'hang';
      const controller = new AbortController();
      const response = await ask(controller.signal);
      await response.body!.getReader().read();
      controller.abort();
      await fake.clientAborted;
      for (let i = 0; i < 50 && (await outcomes()).length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await outcomes()).sort()).toEqual([
        'chat_completions_total{outcome="aborted"} 1',
        'chat_completions_total{outcome="answered"} 1',
        'chat_completions_total{outcome="upstream_error"} 1',
      ]);
    } finally {
      await chat.close();
      await fake.close();
    }
  });
});
