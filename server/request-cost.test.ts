import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {START_RESPONSE_MARKER} from '../contract/completions';
import type {Section} from '../lib/search/types';
import type {AppServices} from './app';
import {hostileRequests} from './completions/worst-case-request';
import {syntheticBuild, syntheticSections} from './test-corpus';
import {startTestServer, type TestServer} from './test-server';

/**
 * Most CPU one completion may cost the whole process here (HTTP client, serving thread and chat worker together), on a
 * small corpus where every body costs 5-35 ms once the work is bounded (up to 50 on a machine with a load of 11 on 2
 * cores). Before, Chinese or Thai written without spaces cost 230-560 ms whatever the corpus (a pattern that
 * backtracked over each long word, and a typo-tolerant look-up of each), and emoji about 150 ms. `npm run bench`
 * measures the same bodies on the real docs against the 50 ms target.
 */
const MAX_CPU_MS = 100;
const KEY = 'cost-key';
let server: TestServer;
let services: AppServices & {sections: Section[]};
let url: string;

beforeAll(async () => {
  server = await startTestServer({
    BUILD_DIR: syntheticBuild(syntheticSections(400, 40, 2_000)),
    CHAT_PROJECT_KEYS: KEY,
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
  }, 'cost');
  ({services, url} = server);
});

afterAll(async () => {
  await server?.close();
});

/** CPU the process spent on one completion over HTTP, from sending it to its last byte, in ms. */
async function cpuOfCompletion(body: unknown): Promise<number> {
  const before = process.cpuUsage();
  const response = await fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
  const text = await response.text();
  const used = process.cpuUsage(before);
  expect(response.status, text).toBe(200);
  expect(text).toContain(START_RESPONSE_MARKER);
  return (used.user + used.system) / 1000;
}

describe('CPU per question is bounded in work, for any script', () => {
  it(`answers every hostile body inside the contract's limits for at most ${MAX_CPU_MS} ms of CPU`, async () => {
    const hostile = hostileRequests(services.sections, KEY);
    // A server answers from compiled code: each body once first, so the figures are not the compiler's.
    for (const {body} of hostile) await cpuOfCompletion(body);
    const costs: Record<string, number> = {};
    for (const {name, body} of hostile) {
      // The least of three: a busy machine only ever adds to a sample.
      costs[name] = Math.min(await cpuOfCompletion(body), await cpuOfCompletion(body), await cpuOfCompletion(body));
    }
    const over = Object.entries(costs).filter(([, ms]) => ms > MAX_CPU_MS);
    expect(over, JSON.stringify(costs)).toEqual([]);
  });
});
