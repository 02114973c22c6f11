import type {FastifyInstance} from 'fastify';
import {buildApp} from '../app';
import type {ServerConfig} from '../config';
import {createExtractiveAnswerer} from '../completions/extractive-answerer';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import type {QueryLogStore} from './store';

/** The project key the test API accepts for completions. */
export const TEST_PROJECT_KEY = 'k';

type Limits = Partial<Pick<ServerConfig, 'queryLogRateLimitPerMinute' | 'pageFeedbackRateLimitPerMinute'>>;

/**
 * The API alone on a loopback port, writing to `store`, without rate limits unless `limits` sets them; resolves with
 * the query-log URL and the origin. The request timeout is long: a burst of a thousand inserts on a busy machine must
 * not be cut by the slow-client limit, which server/hardening.test.ts tests on its own.
 */
export async function startQueryLogApi(store: QueryLogStore, anonKey: string, limits: Limits = {}): Promise<{app: FastifyInstance; url: string; origin: string}> {
  const app = await buildApp(
    {
      buildDir: '',
      serveStatic: false,
      projectKeys: [TEST_PROJECT_KEY],
      anonKey,
      queryLogRateLimitPerMinute: 1_000_000,
      pageFeedbackRateLimitPerMinute: 1_000_000,
      requestTimeoutMs: 120_000,
      ...limits,
    },
    {completions: {retriever: createLexicalRetriever([]), answerer: createExtractiveAnswerer(), log: () => undefined}, store, allowedModels: null},
  );
  const origin = await app.listen({port: 0, host: '127.0.0.1'});
  return {app, url: `${origin}/rest/v1/queries`, origin};
}
