import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {START_RESPONSE_MARKER} from '../contract/completions';
import type {Section} from '../lib/search/types';
import {buildApp, type AppServices} from './app';
import {readConfig} from './config';
import {worstCaseRequest} from './completions/worst-case-request';
import {syntheticBuild, syntheticSections} from './test-corpus';
import {startTestServer, type TestServer} from './test-server';

const KEY = 'isolation-key';
let server: TestServer;
let app: FastifyInstance;
let services: AppServices & {sections: Section[]};
let url: string;
let config: ReturnType<typeof readConfig>;
/** When each chat task ended (performance.now()) and how long it ran in the worker, from the pool's own timings. */
const tasks: Array<{endedAt: number; runMs: number}> = [];

beforeAll(async () => {
  // Ten times this site's sections and twenty times its words, made-up words sharing syllables (server/test-corpus.ts):
  // a worst-case question on the real docs takes tens of ms, too close to a page's own time to tell a page that
  // waited, and a tenth of this corpus answered one in under 100 ms on a fast machine.
  const build = syntheticBuild(syntheticSections(40_000, 200));
  // The server's own wiring (server/services.ts), as `npm run serve` builds it, with one worker thread.
  server = await startTestServer({
    BUILD_DIR: build,
    CHAT_PROJECT_KEYS: KEY,
    CHAT_QUEUE_MAX: '2',
    // Refused at once unless a test asks for a wait (its own app below).
    CHAT_ADMISSION_WAIT_MS: '0',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000',
    // Every question here comes from one address: these tests are about the worker queue, not turns per client.
    CHAT_MAX_CONCURRENT_PER_CLIENT: '100',
  }, 'isolation');
  ({app, services, url, config} = server);
  services.chatPool!.onTask(({runMs}) => tasks.push({endedAt: performance.now(), runMs}));
});

afterAll(async () => {
  await server?.close();
});

const ask = (body: unknown, signal?: AbortSignal) =>
  fetch(`${url}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body), signal});

/** Until the worker has one question running and two waiting (CHAT_QUEUE_MAX=2): on a busy machine the requests take
 * longer than any fixed sleep to get there, and a question sent before would find room. */
async function untilQueueFull(): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (services.chatPool!.queueLength() < 2) {
    if (performance.now() > deadline) throw new Error('the three questions never filled the chat\'s queue');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function timedPage(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/`);
  await response.text();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe('the chat runs off the thread that serves pages', () => {
  it('answers a page within 100 ms while worst-case completions run', async () => {
    const worst = worstCaseRequest(services.sections, KEY);
    // A first question compiles the worker's code; the two the pages are timed against run warm, as questions do.
    expect((await (await ask(worst)).text())).toContain(START_RESPONSE_MARKER);
    const before = tasks.length;

    let finished = 0;
    const questions = [ask(worst), ask(worst)].map((p) => p.then((r) => r.text()).then(() => (finished += 1)));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const pages: number[] = [];
    while (finished === 0 && pages.length < 20) pages.push(await timedPage());
    await Promise.all(questions);
    // Served in the same thread, a page asked while a question is worked on would wait for the rest of it: the
    // slowest page, nearly a whole question's work. The worker's own timing says how long that work was; on a fast
    // machine it is under 100 ms, so it must be long enough to tell a page that waited from one that did not.
    const questionMs = Math.min(...tasks.slice(before).map((task) => task.runMs));
    expect(questionMs).toBeGreaterThan(60);
    expect(pages.length).toBeGreaterThan(2);
    const sorted = [...pages].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
    // The slowest page stays far below a question's work (on a shared CI machine, the scheduler alone costs tens of ms).
    expect(sorted.at(-1)).toBeLessThan(Math.min(questionMs / 2, 1_000));
  });

  it('refuses with 503 and Retry-After when the queue is full, and serves again once it drains', async () => {
    const worst = worstCaseRequest(services.sections, KEY);
    // One running and two waiting (CHAT_QUEUE_MAX=2): the next one is refused at once.
    const running = [ask(worst), ask(worst), ask(worst)];
    await untilQueueFull();
    const refused = await ask(worst);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({error: expect.stringMatching(/^the chat has more questions waiting/)});
    for (const response of await Promise.all(running)) expect(response.status).toBe(200);
    await Promise.all((await Promise.all(running)).map((r) => r.text().catch(() => '')));
    expect((await ask({prompt: 'page section', projectKey: KEY})).status).toBe(200);
  });

  it('lets a question wait for a place when the chat is full, and refuses it when none frees in time', async () => {
    const worst = worstCaseRequest(services.sections, KEY);
    const patient = await buildApp({...config, chatAdmissionWaitMs: 10_000}, services);
    const hasty = await buildApp({...config, chatAdmissionWaitMs: 50}, services);
    const patientUrl = await patient.listen({port: 0, host: '127.0.0.1'});
    const hastyUrl = await hasty.listen({port: 0, host: '127.0.0.1'});
    const askAt = (base: string) => fetch(`${base}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(worst)});
    try {
      // One running and two waiting in the worker queue (CHAT_QUEUE_MAX=2) fill the chat.
      const running = [ask(worst), ask(worst), ask(worst)];
      await untilQueueFull();
      const waited = askAt(patientUrl);
      const started = performance.now();
      const refused = await askAt(hastyUrl);
      const refusedAfter = performance.now() - started;
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      // It waited, not refused at once: for its 50 ms, or until a task ended and the place it freed went to the
      // patient question, which asked first (the queue full again, the hasty one refused then).
      const placeFreedAfter = tasks.find((task) => task.endedAt > started)?.endedAt;
      expect(refusedAfter).toBeGreaterThanOrEqual(Math.min(45, placeFreedAfter === undefined ? Infinity : placeFreedAfter - started - 1));
      // The patient question is answered once the queue has room, not refused.
      const answer = await waited;
      expect(answer.status).toBe(200);
      expect((await answer.text()).length).toBeGreaterThan(0);
      await Promise.all((await Promise.all(running)).map((r) => r.text()));
    } finally {
      await patient.close();
      await hasty.close();
    }
  });

  it('counts a question refused for a full queue against the client\'s allowance', async () => {
    // The same services behind an app whose allowance is 10 questions a minute.
    const limited = await buildApp({...config, rateLimitPerMinute: 10}, services);
    const limitedUrl = await limited.listen({port: 0, host: '127.0.0.1'});
    const askLimited = (body: unknown) => fetch(`${limitedUrl}/v1/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
    try {
      const worst = worstCaseRequest(services.sections, KEY);
      const running = [askLimited(worst), askLimited(worst), askLimited(worst)];
      await untilQueueFull();
      // Five retries while the queue is full: each told to come back in a second, and each spending the allowance (a
      // client retrying at once would otherwise ask without limit).
      for (let i = 0; i < 5; i++) expect((await askLimited(worst)).status).toBe(503);
      await Promise.all((await Promise.all(running)).map((r) => r.text()));
      // Eight questions spent of ten: two more are answered, the eleventh is one too many.
      for (let i = 0; i < 2; i++) expect((await askLimited({prompt: 'page section', projectKey: KEY})).status).toBe(200);
      expect((await askLimited({prompt: 'page section', projectKey: KEY})).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('drops the question of a client that left before a worker took it, and times the tasks it ran', async () => {
    const worst = worstCaseRequest(services.sections, KEY);
    const tasksRun = async () => Number((await app.metrics.registry.metrics()).match(/^chat_task_seconds_count (\d+)/m)?.[1] ?? 0);
    // The earlier tests' last questions found no section: their tasks may be counted a moment after their replies
    // (see below), so the count is read once it has stopped moving, or one of theirs would count as this test's.
    let before = await tasksRun();
    for (let still = 0; still < 5; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await tasksRun();
      still = now === before ? still + 1 : 0;
      before = now;
    }
    // Two questions keep the one worker busy while a third waits in the queue and its client leaves.
    // Each step waits for the queue to show the last one, not for a time: on a loaded machine the requests could
    // otherwise reach the server in another order, and the leaving question be the one running.
    const queueLength = async () => Number((await app.metrics.registry.metrics()).match(/^chat_queue_length (\d+)/m)?.[1] ?? -1);
    const busy = [ask(worst).then((r) => r.text()), ask(worst).then((r) => r.text())];
    await expect.poll(queueLength, {timeout: 10_000, interval: 5}).toBe(1);
    const leaving = new AbortController();
    const left = ask(worst, leaving.signal).catch(() => undefined);
    await expect.poll(queueLength, {timeout: 10_000, interval: 5}).toBe(2);
    leaving.abort();
    await left;
    await Promise.all(busy);
    await (await ask({prompt: 'page section', projectKey: KEY})).text();
    // Each question that ran is one task: the two busy ones and the last; the abandoned one stopped before ranking.
    // The last question finds no section, so its reply ends without waiting for its task's passage step: the task is
    // counted when that step ends, possibly a moment after the reply.
    await expect.poll(async () => (await tasksRun()) - before, {timeout: 5_000}).toBe(3);

    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/^chat_task_seconds_count [1-9]/m);
    expect(text).toMatch(/^chat_queue_wait_seconds_count [1-9]/m);
    expect(text).toMatch(/^chat_queue_length 0$/m);
    expect(text).toMatch(/^degraded_requests_total\{reason="chat_queue_full"\} [1-9]/m);
  });
});
