import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import type {Section} from '../lib/search/types';
import {buildApp, type AppServices} from './app';
import {readConfig} from './config';
import {createServices} from './services';

/** A real server of a test file, on a free loopback port, with a query log of its own. */
export interface TestServer {
  config: ReturnType<typeof readConfig>;
  services: AppServices & {sections: Section[]};
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Starts the app as `npm run serve` would, from these settings (one chat worker unless they say otherwise). */
export async function startTestServer(env: Record<string, string>, name: string): Promise<TestServer> {
  const config = readConfig({
    QUERY_LOG_SQLITE_PATH: path.join(mkdtempSync(path.join(tmpdir(), `${name}-log-`)), 'log.sqlite'),
    CHAT_WORKERS: '1',
    ...env,
  });
  const services = await createServices(config);
  const app = await buildApp(config, services);
  const url = await app.listen({port: 0, host: '127.0.0.1'});
  return {
    config, services, app, url,
    close: async () => {
      await app.close();
      await services.store.close();
      await services.chatPool?.close();
    },
  };
}
