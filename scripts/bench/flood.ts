/**
 * A reader beside three flooding addresses, on the server as `npm run serve` wires it with its default limits: each
 * flooder sends the costliest request body found (request-cpu.ts) on 8 connections, again as soon as an answer or a
 * 503 comes back, and waits out Retry-After only on a 429 (its allowance spent); the reader asks an everyday question
 * once a second. Part of `npm run bench`; alone:
 *
 *   npx tsx scripts/bench/flood.ts [--build-dir build] [--seconds 20] [--json]
 */
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {splitCompletion} from '../../contract/completions';
import {buildApp} from '../../server/app';
import {loadChatCorpus} from '../../server/completions/built-in';
import {hostileRequests} from '../../server/completions/worst-case-request';
import {readConfig} from '../../server/config';
import {createServices} from '../../server/services';
import {chatService} from '../../src/site';
import {readDevQuestions} from '../relevance';
import {measureRequestCpu} from './request-cpu';
import {percentile, type BenchRow} from './report';

/** A reader counts as answered when the whole answer arrived within this long. */
export const READER_DEADLINE_MS = 5_000;
const FLOODERS = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
const READER = '198.51.100.200';
const CONNECTIONS_PER_FLOODER = 8;

/** What the flood did: the reader's share answered in time and its p90, and the flooders' answers and refusals. */
export interface FloodResult {
  body: string;
  readerAsked: number;
  readerAnsweredInTime: number;
  readerP90Ms: number;
  flooders: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(url: string, client: string, body: unknown): Promise<{status: number; text: string; retryAfter: number}> {
  try {
    const response = await fetch(`${url}/v1/completions`, {
      method: 'POST', headers: {'content-type': 'application/json', 'x-forwarded-for': client}, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000),
    });
    return {status: response.status, text: await response.text(), retryAfter: Number(response.headers.get('retry-after') ?? 0)};
  } catch {
    return {status: 0, text: '', retryAfter: 0};
  }
}

/** Floods for `seconds` and measures the reader; `bodyName` picks the flood body (default: the costliest measured). */
export async function runFlood(buildDir: string, seconds: number, bodyName?: string): Promise<FloodResult> {
  const corpus = loadChatCorpus(buildDir);
  const name = bodyName ?? (await measureRequestCpu(corpus, {runs: 3}))[0].name;
  const body = hostileRequests(corpus.sections, chatService.projectKey).find((r) => r.name === name)!.body;
  const config = readConfig({
    BUILD_DIR: buildDir, SERVE_STATIC: 'false', TRUST_PROXY: 'loopback',
    QUERY_LOG_SQLITE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'bench-flood-')), 'log.sqlite'),
  });
  const services = await createServices(config);
  const app = await buildApp(config, services);
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  const flooders: Record<string, number> = {};
  const count = (status: number) => (flooders[status === 0 ? 'error' : String(status)] = (flooders[status === 0 ? 'error' : String(status)] ?? 0) + 1);
  try {
    const until = performance.now() + seconds * 1000;
    const flood = FLOODERS.flatMap((client) =>
      Array.from({length: CONNECTIONS_PER_FLOODER}, async () => {
        while (performance.now() < until) {
          const {status, retryAfter} = await post(url, client, body);
          count(status);
          if (status === 429) await sleep(Math.min(retryAfter * 1000, until - performance.now()));
        }
      }),
    );
    const questions = readDevQuestions().map((q) => q.query);
    const latencies: number[] = [];
    let answeredInTime = 0;
    await sleep(1_000);
    for (let i = 0; performance.now() < until - 1_000; i++) {
      const started = performance.now();
      const {status, text} = await post(url, READER, {prompt: questions[i % questions.length], projectKey: chatService.projectKey});
      const ms = performance.now() - started;
      latencies.push(ms);
      if (status === 200 && splitCompletion(text).answer.trim() && ms <= READER_DEADLINE_MS) answeredInTime += 1;
      await sleep(Math.max(0, 1_000 - ms));
    }
    await Promise.all(flood);
    return {body: name, readerAsked: latencies.length, readerAnsweredInTime: answeredInTime, readerP90Ms: percentile(latencies, 90), flooders};
  } finally {
    await app.close();
    await services.chatPool?.close();
    await services.store.close();
  }
}

/** The flood's figures as bench rows, against issue 48's targets. */
export function floodRows(result: FloodResult, seconds: number): BenchRow[] {
  const flood = Object.entries(result.flooders).map(([status, n]) => `${n} ${status}`).join(', ');
  const setting = `${FLOODERS.length} addresses x ${CONNECTIONS_PER_FLOODER} connections of "${result.body}" at the default limits, ${seconds} s; flooders got ${flood}`;
  return [
    {area: 'Chat', metric: `Reader answered within ${READER_DEADLINE_MS / 1000} s during a three-address flood (of ${result.readerAsked}, one a second)`, value: result.readerAnsweredInTime / result.readerAsked, unit: '',
      note: `target >= 0.9; ${setting}`},
    {area: 'Chat', metric: 'Reader time to the whole answer p90, during the flood', value: result.readerP90Ms, unit: 'ms', note: 'target <= 5000'},
  ];
}

/** Bench phase: the flood on the production build. */
export async function benchFlood(buildDir: string, seconds: number): Promise<BenchRow[]> {
  return floodRows(await runFlood(buildDir, seconds), seconds);
}

async function main() {
  const {values} = parseArgs({options: {'build-dir': {type: 'string', default: 'build'}, seconds: {type: 'string', default: '20'}, body: {type: 'string'}, json: {type: 'boolean', default: false}}});
  const seconds = Number(values.seconds);
  const result = await runFlood(path.resolve(values['build-dir']), seconds, values.body);
  if (values.json) return console.log(JSON.stringify(result, null, 2));
  for (const row of floodRows(result, seconds)) console.log(`${row.metric}: ${row.value.toFixed(row.unit ? 0 : 2)} ${row.unit} (${row.note})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().then(() => process.exit(0), (error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
