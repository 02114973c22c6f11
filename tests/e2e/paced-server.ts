import path from 'node:path';
import type {Page} from 'playwright-core';
import {setTimeout as sleep} from 'node:timers/promises';
import {buildApp} from '../../server/app';
import type {Answerer} from '../../server/completions/answerer';
import {createBuiltInCompletions} from '../../server/completions/built-in';
import {createSqliteStore} from '../../server/query-log/sqlite-store';
import {chatService} from '../../src/site';

/** Sends the page's completions requests to another server (the page still sees its own origin). */
export async function routeCompletionsTo(page: Page, address: string): Promise<void> {
  await page.route((url) => url.pathname === chatService.completionsUrl, (route) => route.continue({url: `${address}${chatService.completionsUrl}`}));
}

/** A second instance of the real server whose answers arrive chunk by chunk, and what it saw of them. */
export interface PacedServer {
  address: string;
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
  const store = createSqliteStore(':memory:');
  const app = await buildApp(
    {buildDir, serveStatic: false, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000, queryLogRateLimitPerMinute: 10_000},
    {completions: {retriever: builtIn.retriever, answerer: paced, log: () => undefined}, store, allowedModels: null},
  );
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  return {
    address,
    answers,
    cut: () => app.server.closeAllConnections(),
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}
