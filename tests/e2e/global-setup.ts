import path from 'node:path';
import type {TestProject} from 'vitest/node';
import {buildApp} from '../../server/app';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Serves the production build on a free loopback port for the browser tests. */
export default async function setup(project: TestProject) {
  const app = await buildApp({buildDir: path.resolve('build')});
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  project.provide('baseURL', address);
  return async () => {
    await app.close();
  };
}
