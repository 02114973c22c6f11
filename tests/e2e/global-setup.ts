import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {TestProject} from 'vitest/node';
import {serveBuiltSite} from './site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** SQLite file of the query log the served site writes to. */
    queryLogPath: string;
  }
}

/** Serves the production build and the real API (extractive answerer, SQLite log) on a free loopback port. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-store-'));
  const queryLogPath = path.join(dir, 'query-log.sqlite');
  const site = await serveBuiltSite(path.resolve('build'), queryLogPath);
  project.provide('baseURL', site.address);
  project.provide('queryLogPath', queryLogPath);
  return async () => {
    await site.close();
    rmSync(dir, {recursive: true, force: true});
  };
}
