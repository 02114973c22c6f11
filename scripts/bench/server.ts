import {createBuiltInCompletions} from '../../server/completions/built-in';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {MAX_PROMPT_CHARS, MAX_SECTIONS_MATCH_COUNT, splitCompletion, START_RESPONSE_MARKER} from '../../contract/completions';
import {chatService} from '../../src/site';
import {buildApp} from '../../server/app';
import {createPostgresStore} from '../../server/query-log/postgres-store';
import {createSqliteStore} from '../../server/query-log/sqlite-store';
import type {QueryLogStore} from '../../server/query-log/store';
import {chatDefaults} from '../../src/site';
import {evaluateChat, readDevQuestions} from '../relevance';
import {percentile, type BenchRow} from './report';

/** Questions the team wrote in its own words, to see whether ranking generalises beyond the dev set. */
const TEAM_QUESTIONS_FILE = 'data/chat-team-questions.tsv';
const QUESTIONS_EXTRA = ['How do I create a personal access token?', 'How do I ingest metadata from Snowflake?', 'What is a URN?', 'How do I set up OIDC single sign-on?'];

async function timeCompletion(url: string, prompt: string): Promise<{refs: number; end: number; text: string}> {
  const started = performance.now();
  const response = await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({prompt, projectKey: chatService.projectKey})});
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let refs = NaN;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    text += decoder.decode(value, {stream: true});
    if (Number.isNaN(refs) && text.includes(START_RESPONSE_MARKER)) refs = performance.now() - started;
  }
  return {refs, end: performance.now() - started, text};
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function insertRate(store: QueryLogStore, total: number, concurrency: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({length: concurrency}, async () => {
    while (next < total) {
      next += 1;
      await store.insertQuery({query: `bench query ${next % 50}`});
    }
  }));
  return total / ((performance.now() - started) / 1000);
}

/** Chat latency and throughput on loopback, and query-log insert rates for SQLite and PostgreSQL. */
export async function benchServer(buildDir: string, durationSeconds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-store-'));
  const store = createSqliteStore(path.join(dir, 'log.sqlite'));
  const app = await buildApp(
    {buildDir, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000_000, maxConcurrentCompletions: 10_000, queryLogRateLimitPerMinute: 10_000_000},
    {completions: {...createBuiltInCompletions(buildDir), log: () => undefined}, store, allowedModels: null},
  );
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  const rows: BenchRow[] = [];
  try {
    const devQuestions = readDevQuestions();
    const teamQuestions = readDevQuestions(TEAM_QUESTIONS_FILE);
    const questions = [...devQuestions.map((q) => q.query), ...QUESTIONS_EXTRA];
    await timeCompletion(url, 'warm up the engine');
    const timings: Array<Awaited<ReturnType<typeof timeCompletion>>> = [];
    for (const q of questions) timings.push(await timeCompletion(url, q));
    // Relevance from the same answers the timings measured.
    const answers = new Map(questions.map((q, i) => [q, timings[i].text]));
    const chat = await evaluateChat(async (question) => splitCompletion(answers.get(question)!), devQuestions, chatDefaults.iDontKnowMessage);
    const onTopic = devQuestions.length - chat.offTopicCount;
    // The same pipeline on questions the dev set does not hold, asked over HTTP like the rest.
    const team = await evaluateChat(async (question) => splitCompletion((await timeCompletion(url, question)).text), teamQuestions, chatDefaults.iDontKnowMessage);
    rows.push(
      {area: 'Chat', metric: `References hit@1 (${onTopic} dev questions)`, value: chat.hitAt1, unit: '', note: 'data/chat-dev-questions.tsv; target >= 0.85'},
      {area: 'Chat', metric: 'References hit@3', value: chat.hitAt3, unit: '', note: 'target >= 0.95'},
      {area: 'Chat', metric: `Off-topic questions declined (of ${chat.offTopicCount})`, value: chat.offTopicDeclined, unit: ''},
      {area: 'Chat', metric: `References hit@1 (${teamQuestions.length - team.offTopicCount} team questions)`, value: team.hitAt1, unit: '', note: `${TEAM_QUESTIONS_FILE}: written in the team's own words, not the dev set; no target`},
      {area: 'Chat', metric: 'References hit@3 (team questions)', value: team.hitAt3, unit: '', note: `off-topic declined: ${team.offTopicDeclined} of ${team.offTopicCount}`},
      {area: 'Chat', metric: `Time to references p50 (${questions.length} questions, extractive)`, value: percentile(timings.map((t) => t.refs), 50), unit: 'ms'},
      {area: 'Chat', metric: 'Time to references p95', value: percentile(timings.map((t) => t.refs), 95), unit: 'ms', note: 'target < 30 ms'},
      {area: 'Chat', metric: 'Full answer p50', value: percentile(timings.map((t) => t.end), 50), unit: 'ms'},
      {area: 'Chat', metric: 'Full answer p95', value: percentile(timings.map((t) => t.end), 95), unit: 'ms', note: 'target < 100 ms'},
    );

    const staticRun = await cannon({url: `${url}/docs/features`, connections: 50, duration: durationSeconds});
    const chatRun = await cannon({
      url: `${url}/v1/completions`, connections: 50, duration: durationSeconds, method: 'POST',
      headers: {'content-type': 'application/json'},
      requests: questions.slice(0, 20).map((prompt) => ({method: 'POST', body: JSON.stringify({prompt, projectKey: chatService.projectKey})})),
    });
    const errors = chatRun.errors + chatRun.non2xx + chatRun.timeouts;
    rows.push({
      area: 'Chat', metric: `Completions/s, 50 connections, ${durationSeconds} s`, value: chatRun.requests.average, unit: 'req/s',
      baseline: staticRun.requests.average, note: `baseline: static doc page on the same server; ${errors} errors (${chatRun.non2xx} non-2xx); target >= 300/s, 0 errors`,
    });

    // Pages while the chat is saturated, on a server with the default completions bound (CHAT_MAX_CONCURRENT).
    const bounded = await buildApp(
      {buildDir, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000_000},
      {completions: {...createBuiltInCompletions(buildDir), log: () => undefined}, store, allowedModels: null},
    );
    const boundedUrl = await bounded.listen({port: 0, host: '127.0.0.1'});
    try {
      const pages = () => cannon({url: `${boundedUrl}/docs/features`, connections: 10, duration: durationSeconds, headers: {'accept-encoding': 'br'}});
      const alone = await pages();
      const saturate = (bodies: object[]) =>
        cannon({
          url: `${boundedUrl}/v1/completions`, connections: 50, duration: durationSeconds, method: 'POST',
          headers: {'content-type': 'application/json'},
          requests: bodies.map((body) => ({method: 'POST', body: JSON.stringify({...body, projectKey: chatService.projectKey})})),
        });
      const [underLoad, saturating] = await Promise.all([pages(), saturate(questions.slice(0, 20).map((prompt) => ({prompt})))]);
      // The costliest request a client may send: the longest prompt, the most sections, no threshold.
      const worstCase = questions.slice(0, 20).map((question) => {
        let prompt = question;
        while (prompt.length + question.length < MAX_PROMPT_CHARS) prompt += ` ${question}`;
        return {prompt, sectionsMatchCount: MAX_SECTIONS_MATCH_COUNT, sectionsMatchThreshold: 0};
      });
      const [underWorst, worst] = await Promise.all([pages(), saturate(worstCase)]);
      rows.push(
        {area: 'Server', metric: `Static page p99, 10 connections, ${durationSeconds} s`, value: alone.latency.p99, unit: 'ms'},
        {
          area: 'Server', metric: 'Static page p99 under chat saturation (50 chat connections)', value: underLoad.latency.p99, unit: 'ms', baseline: alone.latency.p99,
          note: `baseline: pages alone, same run; default CHAT_MAX_CONCURRENT; chat answered ${saturating['2xx']}, refused 503 ${saturating.non2xx}`,
        },
        {
          area: 'Server', metric: `Static page p99 under worst-case chat saturation (${MAX_PROMPT_CHARS}-char prompts, ${MAX_SECTIONS_MATCH_COUNT} sections, threshold 0)`,
          value: underWorst.latency.p99, unit: 'ms', baseline: alone.latency.p99,
          note: `baseline: pages alone, same run; chat answered ${worst['2xx']}, refused 503 ${worst.non2xx}`,
        },
      );
    } finally {
      await bounded.close();
    }

    const sqliteRate = await insertRate(store, 5000, 50);
    let pgRate: number | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const pg = await createPostgresStore(process.env.TEST_DATABASE_URL);
      pgRate = await insertRate(pg, 5000, 50);
      await pg.close();
    }
    rows.push({area: 'Query log', metric: 'SQLite inserts/s (5,000 rows, 50 concurrent)', value: sqliteRate, unit: 'rows/s'});
    rows.push(pgRate === undefined
      ? {area: 'Query log', metric: 'PostgreSQL inserts/s', value: NaN, unit: 'rows/s', note: 'not measured: set TEST_DATABASE_URL'}
      : {area: 'Query log', metric: 'PostgreSQL inserts/s (5,000 rows, 50 concurrent)', value: pgRate, unit: 'rows/s', baseline: sqliteRate, note: 'baseline: SQLite'});
  } finally {
    await app.close();
    await store.close();
  }
  return rows;
}
