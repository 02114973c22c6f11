/**
 * Bounded load check (CI): 50 connections for LOAD_SECONDS (default 20) against
 * completions, the query log and static pages at once, on loopback. Fails on
 * any 5xx or error, on lost query-log rows, or when the heap does not come back
 * to its starting level after the load. Run with `node --expose-gc`.
 */
import {createPooledCompletions, loadChatCorpus} from '../server/completions/built-in';
import {defaultChatWorkers} from '../server/config';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {chatService} from '../src/site';
import {buildApp} from '../server/app';
import {createSqliteStore} from '../server/query-log/sqlite-store';

const seconds = Number(process.env.LOAD_SECONDS ?? 20);
/** Heap growth allowed after the load and a full GC. */
const HEAP_SLACK_BYTES = 32 * 2 ** 20;

const gc = (globalThis as {gc?: () => void}).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
  return process.memoryUsage().heapUsed;
};

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

async function main() {
  if (!gc) throw new Error('Run with node --expose-gc (npm test does).');
  const buildDir = path.resolve('build');
  const store = createSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), 'load-')), 'log.sqlite'));
  // The server's own wiring: retrieval on worker threads, with a queue long enough that the check sees no 503.
  const pooled = createPooledCompletions(loadChatCorpus(buildDir), {threads: defaultChatWorkers(), maxQueue: 10_000});
  await pooled.ready();
  const app = await buildApp(
    {buildDir, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000_000, maxConcurrentCompletions: 10_000, maxConcurrentPerClient: 10_000, queryLogRateLimitPerMinute: 10_000_000},
    {completions: {retriever: pooled.retriever, answerer: pooled.answerer, log: (m, e) => console.error(m, e)}, store, allowedModels: null, chatPool: pooled},
  );
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  const failures: string[] = [];
  try {
    // Warm every path once so the baseline includes loaded indexes and compiled code.
    await fetch(`${url}/docs/features`).then((r) => r.arrayBuffer());
    await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({prompt: 'lineage', projectKey: chatService.projectKey})}).then((r) => r.text());
    const before = await settle();
    const json = {'content-type': 'application/json'};
    const [chat, log, pages] = await Promise.all([
      run({url: `${url}/v1/completions`, connections: 20, duration: seconds, method: 'POST', headers: json,
        requests: ['How do I add lineage?', 'personal access token', 'snowflake recipe', 'What is a URN?'].map((prompt) => ({body: JSON.stringify({prompt, projectKey: chatService.projectKey})}))}),
      run({url: `${url}/rest/v1/queries`, connections: 15, duration: seconds, method: 'POST', headers: {...json, apikey: chatService.queryLogAnonKey, prefer: 'return=minimal'},
        body: JSON.stringify({query: 'load check'})}),
      run({url: `${url}/docs/features`, connections: 15, duration: seconds, headers: {'accept-encoding': 'br'}}),
    ]);
    const after = await settle();
    for (const [name, result] of [['completions', chat], ['query log', log], ['static', pages]] as const) {
      const fiveXx = result['5xx'];
      console.log(`${name}: ${result.requests.total} requests, ${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms, 5xx ${fiveXx}, errors ${result.errors}, timeouts ${result.timeouts}`);
      if (fiveXx > 0 || result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) failures.push(`${name}: ${fiveXx} 5xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    }
    const stored = await store.countQueries();
    const accepted = log['2xx'];
    console.log(`query log: ${accepted} accepted, ${stored} stored`);
    // Requests still in flight when the clock stops are stored but not counted as answered, so stored may exceed accepted.
    if (stored < accepted) failures.push(`query log lost rows: ${accepted} accepted, ${stored} stored`);
    console.log(`heap: ${(before / 2 ** 20).toFixed(1)} MiB before, ${(after / 2 ** 20).toFixed(1)} MiB after the load`);
    if (after - before > HEAP_SLACK_BYTES) failures.push(`heap grew by ${((after - before) / 2 ** 20).toFixed(1)} MiB and did not come back`);
  } finally {
    await app.close();
    await pooled.close();
    await store.close();
  }
  if (failures.length) {
    console.error(`Load check failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
