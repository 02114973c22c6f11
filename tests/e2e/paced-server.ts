import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {buildApp} from '../../server/app';
import type {Answerer} from '../../server/completions/answerer';
import {createBuiltInCompletions} from '../../server/completions/built-in';
import {createSqliteStore} from '../../server/query-log/sqlite-store';
import {chatService} from '../../src/site';

/**
 * A second instance of the real server, serving the build and the API, whose answers arrive chunk by chunk, and what
 * it saw of them. A test opens its pages at `address` (newPage's `baseURL`), so the chat's requests stay on the page's
 * own origin: a request rerouted to another port is refused by some Chromium builds (net::ERR_BLOCKED_BY_CLIENT).
 */
export interface PacedServer {
  address: string;
  /** SQLite file of this server's query log. */
  queryLogPath: string;
  answers: {completed: number; aborted: number};
  /** Drops every open connection, as a network failure would, mid-answer. */
  cut: () => void;
  close: () => Promise<void>;
}

/**
 * The real server (same app, retrieval and extractive answerer) with its answer chunks paced, so a browser sees them
 * arrive one by one: over loopback the shared server's whole answer lands in one read.
 */
export async function startPacedServer(chunkDelayMs: number): Promise<PacedServer> {
  const buildDir = path.resolve('build');
  const builtIn = createBuiltInCompletions(buildDir);
  const answers = {completed: 0, aborted: 0};
  const paced: Answerer = {
    kind: 'extractive',
    async *answer(input) {
      try {
        for await (const chunk of builtIn.answerer.answer(input)) {
          await sleep(chunkDelayMs, undefined, {signal: input.signal});
          yield chunk;
        }
        answers.completed += 1;
      } catch (error) {
        if (input.signal?.aborted) answers.aborted += 1;
        throw error;
      }
    },
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-paced-'));
  const queryLogPath = path.join(dir, 'query-log.sqlite');
  const store = createSqliteStore(queryLogPath);
  const app = await buildApp(
    {buildDir, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000, queryLogRateLimitPerMinute: 10_000, maxConcurrentPerClient: 10_000},
    {completions: {retriever: builtIn.retriever, answerer: paced, log: () => undefined}, store, allowedModels: null},
  );
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  return {
    address,
    queryLogPath,
    answers,
    cut: () => app.server.closeAllConnections(),
    close: async () => {
      await app.close();
      await store.close();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
