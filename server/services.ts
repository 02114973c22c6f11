import type {ServerConfig} from './config';
import type {AppServices} from './app';
import {createPooledCompletions, loadChatCorpus} from './completions/built-in';
import {createSemanticRetrieval} from './completions/embeddings/semantic-retrieval';
import {createOpenAiAnswerer} from './completions/openai-answerer';
import type {Retriever} from '../lib/search/retrieval';
import type {Section} from '../lib/search/types';
import {loadDocRoutes} from '../plugins/routes';
import {createPostgresStore} from './query-log/postgres-store';
import {createSqliteStore} from './query-log/sqlite-store';
import {boundRows} from './query-log/row-bound';
import type {QueryLogStore} from './query-log/store';
import {createLimitsRedis, createSharedLimits, describeRedis} from './shared-limits';

const log = (message: string, error?: unknown) => console.error(`${message}${error ? `: ${error instanceof Error ? error.message : String(error)}` : ''}`);

/** The store the configuration names: PostgreSQL with DATABASE_URL, SQLite otherwise. */
export function createStore(config: Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'> & Partial<Pick<ServerConfig, 'postgres'>>): Promise<QueryLogStore> | QueryLogStore {
  return config.databaseUrl ? createPostgresStore(config.databaseUrl, config.postgres) : createSqliteStore(config.sqlitePath);
}

/**
 * Wires retrieval, answering and the store from the configuration (the server's factories), and hands back the
 * sections they read, so a caller that titles references does not load them again.
 */
export async function createServices(config: ServerConfig): Promise<AppServices & {sections: Section[]}> {
  // First: a query log that cannot be written stops the start at once, before the sections load.
  // Bounded: per-client limits bound each client, QUERY_LOG_MAX_ROWS bounds them all together.
  const store = await boundRows(await createStore(config), config.queryLogMaxRows);
  // Retrieval and the extractive answer run on worker threads: the thread that serves pages never waits for them.
  const corpus = loadChatCorpus(config.buildDir);
  // With EMBEDDINGS_MODEL, the workers get room for the section vectors at start; they are embedded in the background
  // (or read from the cache) while questions are answered lexically, so the server is up as fast as without.
  const semantic = config.embeddings ? createSemanticRetrieval(corpus.sections, config.embeddings, log) : undefined;
  const pooled = createPooledCompletions(corpus, {threads: config.chatWorkers, maxQueue: config.chatQueueMax, vectors: semantic?.vectors, fusion: config.embeddings && {method: config.embeddings.fusion, cosineFloor: config.embeddings.cosineFloor}});
  const {sections} = pooled;
  const retriever: Retriever = semantic ? semantic.start(pooled) : pooled.retriever;
  const answerer = config.openai
    ? createOpenAiAnswerer({
      baseUrl: config.openai.baseUrl,
      apiKey: config.openai.apiKey,
      timeoutMs: config.openai.timeoutMs,
      connectTimeoutMs: config.openai.connectTimeoutMs,
      firstTokenTimeoutMs: config.openai.firstTokenTimeoutMs,
      answerTimeoutMs: config.openai.answerTimeoutMs,
      maxTokens: config.openai.maxTokens,
    })
    : pooled.answerer;
  // One Redis client per process, shared by the three limits; an unreachable Redis is a warning, not a failed start.
  const sharedLimits = config.redisUrl ? createSharedLimits(createLimitsRedis(config.redisUrl), log, describeRedis(config.redisUrl)) : undefined;
  await sharedLimits?.connect();
  await pooled.ready();
  return {
    // With an LLM endpoint, the extractive answer stands in whenever the endpoint fails before its first word.
    completions: {retriever, answerer, fallback: config.openai ? pooled.answerer : undefined, log},
    // Closing the pool also stops the background embedding, so a stopped server leaves no request behind.
    chatPool: semantic ? {...pooled, close: () => (semantic.stop(), pooled.close())} : pooled,
    semanticRetrieval: semantic,
    store,
    sharedLimits,
    sectionCount: sections.length,
    allowedModels: config.openai ? config.openai.models : null,
    docRoutes: loadDocRoutes(),
    sections,
  };
}
