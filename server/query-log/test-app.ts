import type {FastifyInstance} from 'fastify';
import {buildApp} from '../app';
import {createExtractiveAnswerer} from '../completions/extractive-answerer';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import type {QueryLogStore} from './store';

/**
 * The API alone on a loopback port, writing to `store`, without rate limits; resolves with the query-log URL. The
 * request timeout is long: a burst of a thousand inserts on a busy machine must not be cut by the slow-client limit,
 * which server/hardening.test.ts tests on its own.
 */
export async function startQueryLogApi(store: QueryLogStore, anonKey: string): Promise<{app: FastifyInstance; url: string}> {
  const app = await buildApp(
    {buildDir: '', serveStatic: false, projectKeys: ['k'], anonKey, queryLogRateLimitPerMinute: 1_000_000, requestTimeoutMs: 120_000},
    {completions: {retriever: createLexicalRetriever([]), answerer: createExtractiveAnswerer(), log: () => undefined}, store, allowedModels: null},
  );
  return {app, url: `${await app.listen({port: 0, host: '127.0.0.1'})}/rest/v1/queries`};
}
