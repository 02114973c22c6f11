import {createBuiltInCompletions} from '../../server/completions/built-in';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {TestProject} from 'vitest/node';
import {buildApp} from '../../server/app';
import {chatService} from '../../src/site';
import {createSqliteStore} from '../../server/query-log/sqlite-store';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** SQLite file of the query log the served site writes to. */
    queryLogPath: string;
  }
}

/** Serves the production build and the real API (extractive answerer, SQLite log) on a free loopback port. */
export default async function setup(project: TestProject) {
  const buildDir = path.resolve('build');
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-store-'));
  const queryLogPath = path.join(dir, 'query-log.sqlite');
  const store = createSqliteStore(queryLogPath);
  const app = await buildApp(
    {buildDir, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000, queryLogRateLimitPerMinute: 10_000, maxConcurrentPerClient: 10_000},
    {
      completions: {...createBuiltInCompletions(buildDir), log: () => undefined},
      store,
      allowedModels: null,
    },
  );
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  project.provide('baseURL', address);
  project.provide('queryLogPath', queryLogPath);
  return async () => {
    await app.close();
    await store.close();
    rmSync(dir, {recursive: true, force: true});
  };
}
