import path from 'node:path';
import * as z from 'zod';
import {isIP} from 'node:net';
import {availableParallelism} from 'node:os';
import {chatService} from '../src/site';

/** Fastify's trustProxy option: all, none, the nearest N hops, or proxy addresses. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** TRUST_PROXY as Fastify's trustProxy option. */
function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Names proxy-addr (Fastify's trustProxy) accepts for groups of addresses. */
const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one TRUST_PROXY entry is not an address, a CIDR range or a named group; undefined when it is one. */
export function badProxyEntry(entry: string): string | undefined {
  if (PROXY_ADDRESS_NAMES.has(entry)) return undefined;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `"${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of ${[...PROXY_ADDRESS_NAMES].join(', ')}`;
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  const isMask = family === 4 && isIP(prefix) === 4;
  if (!isMask && !(/^\d+$/.test(prefix) && Number(prefix) <= bits)) return `"${entry}" has a prefix length that is not 0 to ${bits}`;
  return undefined;
}

/** Chat worker threads by default: every core but the one the main thread serves pages from, and at least one. */
export const defaultChatWorkers = () => Math.max(1, availableParallelism() - 1);

/** Defaults of the limits and timeouts, shared by the environment schema and buildApp (for callers that pass fewer). */
export const serverDefaults = {
  rateLimitPerMinute: 60,
  maxConcurrentCompletions: 16,
  // A reader asks one question at a time; two lets a follow-up start while the last answer still streams.
  maxConcurrentPerClient: 2,
  queryLogRateLimitPerMinute: 120,
  // A reader rates a page once; 30 a minute leaves room for a fast reader and bounds what one client can write.
  pageFeedbackRateLimitPerMinute: 30,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  hstsMaxAgeSeconds: 0,
  postgres: {connectTimeoutMs: 3_000, queryTimeoutMs: 3_000},
  // A question costs at most tens of ms on a worker: 32 waiting is about a second of work, so a reader never waits long.
  chatQueueMax: 32,
  // Retry-After says a second: a question waiting that long for a place costs the reader nothing, and a client holding
  // many connections sends one question per connection per second instead of thousands of refused ones.
  chatAdmissionWaitMs: 1_000,
  // maxTokens: what the site asks for (chatDefaults.maxTokens, 500) twice over; answerMs: a long answer streams in
  // well under a minute from a working endpoint, and no answer may hold its turn longer.
  openai: {connectTimeoutMs: 3_000, firstTokenTimeoutMs: 10_000, maxTokens: 1_000, answerMs: 60_000},
  queryLogRetentionDays: 90,
  // Rows per table: room for years of a busy site's questions, while a flood of maximal rows stays within tens of GB.
  queryLogMaxRows: 5_000_000,
} as const;

/** Defaults of semantic retrieval (EMBEDDINGS_*), shared by the schema, maintaining/retrieval.md and the evaluation. */
export const embeddingsDefaults = {
  // A question waits for its vector at most this long: an embeddings call to a nearby model takes tens of ms.
  timeoutMs: 1_500,
  // text-embeddings-inference refuses more than 32 inputs a request by default; OpenAI takes far more.
  batchSize: 32,
  // About 512 tokens of English, the input of most small embedding models (OpenAI's take 8,191 tokens).
  maxInputChars: 2_000,
  maxDimensions: 8_192,
  cacheDir: '.data/embeddings',
} as const;

/** Semantic retrieval's settings (EMBEDDINGS_*): where the vectors come from and how they are fused. */
export interface EmbeddingsConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  dimensions?: number;
  timeoutMs: number;
  batchSize: number;
  maxInputChars: number;
  fusion: 'rrf' | 'weighted';
  /** The cosine unrelated texts get from the model; a section's cosine is rescaled from it (0) to 1 (1). */
  cosineFloor: number;
  cacheDir: string;
}

const list = (fallback: string) =>
  z.string().default(fallback).transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

/** Environment the server reads at start; every variable has a working default (see maintaining/server.md). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** Folder holding the production build; the API runs without one (dev). */
  BUILD_DIR: z.string().min(1).default('build'),
  /** Serve build/ (true) or only the API (false, used behind the dev server). */
  SERVE_STATIC: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  CHAT_PROJECT_KEYS: list(chatService.projectKey).refine((keys) => keys.length > 0, 'must name at least one key (comma-separated), or be unset for the site\'s own'),
  QUERY_LOG_ANON_KEY: z.string().min(1).default(chatService.queryLogAnonKey),
  QUERY_LOG_SQLITE_PATH: z.string().min(1).default('.data/query-log.sqlite'),
  /** PostgreSQL connection string; overrides SQLite. */
  DATABASE_URL: z.url({protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL'}).optional(),
  /** OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp); without it the extractive answerer runs. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** Models a request may ask for. */
  CHAT_MODELS: list('gpt-4,gpt-3.5-turbo'),
  /** OpenAI-compatible embeddings endpoint (its /embeddings); unset: OPENAI_BASE_URL when EMBEDDINGS_MODEL is set. */
  EMBEDDINGS_BASE_URL: z.url({protocol: /^https?$/, error: 'must be an http:// or https:// URL, such as http://localhost:8080/v1'}).optional(),
  /** Embeddings model; set, it turns on semantic retrieval fused with the lexical ranking. */
  EMBEDDINGS_MODEL: z.string().trim().min(1).optional(),
  /** Bearer key of the embeddings endpoint; unset: OPENAI_API_KEY. */
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  /** Vector length asked of the model (the request's `dimensions`); unset: the model's own. */
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(1).max(embeddingsDefaults.maxDimensions).optional(),
  /** Longest wait for a question's vector; then that question is answered lexically. */
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(embeddingsDefaults.timeoutMs),
  /** Sections sent in one embeddings request at start. */
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(embeddingsDefaults.batchSize),
  /** Characters of a section (title, headings, text) sent to the model; the rest is cut. */
  EMBEDDINGS_MAX_INPUT_CHARS: z.coerce.number().int().min(100).max(100_000).default(embeddingsDefaults.maxInputChars),
  /** How the vector ranking and the lexical ranking are combined. */
  EMBEDDINGS_FUSION: z.enum(['rrf', 'weighted'], {error: 'must be rrf (reciprocal rank fusion) or weighted (normalised weighted sum)'}).default('rrf'),
  /** The cosine the model gives unrelated texts: a section's cosine counts from there (0) to 1 against the threshold. */
  EMBEDDINGS_COSINE_FLOOR: z.coerce.number().min(0).max(0.95).default(0),
  /** Folder of the section-vector cache, one SQLite file per model (and dimensions). */
  EMBEDDINGS_CACHE_DIR: z.string().min(1).default(embeddingsDefaults.cacheDir),
  /** Longest silence between two chunks of the LLM's answer, once it has started. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Longest wait for the LLM endpoint to accept the request and answer with its status; then the extractive answer. */
  OPENAI_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(serverDefaults.openai.connectTimeoutMs),
  /** Longest wait for the first word of the LLM's answer; then the extractive answer. */
  OPENAI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).default(serverDefaults.openai.firstTokenTimeoutMs),
  /** Most tokens an answer may ask the LLM endpoint for, whatever a request's maxTokens says. */
  OPENAI_MAX_TOKENS: z.coerce.number().int().min(1).max(100_000).default(serverDefaults.openai.maxTokens),
  /** Longest an LLM answer may take in all; then it ends with what it has and says it was cut. */
  OPENAI_ANSWER_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(serverDefaults.openai.answerMs),
  /** Completions per client IP and minute. */
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(serverDefaults.rateLimitPerMinute),
  /** Completions answered at once; more get 503 with Retry-After, so the chat cannot starve the pages. */
  CHAT_MAX_CONCURRENT: z.coerce.number().int().min(1).default(serverDefaults.maxConcurrentCompletions),
  /** Completions answered at once for one client (its address, behind TRUST_PROXY); its other questions wait for their turn. */
  CHAT_MAX_CONCURRENT_PER_CLIENT: z.coerce.number().int().min(1).default(serverDefaults.maxConcurrentPerClient),
  /** Worker threads that run retrieval and the extractive answer, off the thread that serves pages. */
  CHAT_WORKERS: z.coerce.number().int().min(1).max(64).default(defaultChatWorkers()),
  /** Questions that may wait for a free worker; more get 503 with Retry-After. */
  CHAT_QUEUE_MAX: z.coerce.number().int().min(0).default(serverDefaults.chatQueueMax),
  /** Longest wait for a place when the chat is full, before 503 with Retry-After; 0 refuses at once. */
  CHAT_ADMISSION_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(serverDefaults.chatAdmissionWaitMs),
  /** Query-log inserts per client IP and minute. */
  QUERY_LOG_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(serverDefaults.queryLogRateLimitPerMinute),
  /** Page ratings ("Was this page helpful?") per client IP and minute, counted apart from query-log inserts. */
  PAGE_FEEDBACK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(serverDefaults.pageFeedbackRateLimitPerMinute),
  /** Origins allowed to call the API from a browser (CORS); empty: same origin only. */
  CORS_ORIGINS: list(''),
  /** Longest time a client may take to send a whole request (headers and body); slower ones get 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(serverDefaults.requestTimeoutMs),
  /** How long an idle keep-alive connection stays open. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(serverDefaults.keepAliveTimeoutMs),
  /**
   * Which proxy headers to believe for the client address and protocol: false (none, the default), true (any), a
   * hop count, or comma-separated proxy addresses or CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .superRefine((value, context) => {
      const v = value.trim().toLowerCase();
      if (['', 'false', 'true'].includes(v) || /^\d+$/.test(v)) return;
      for (const entry of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        const problem = badProxyEntry(entry);
        if (problem) context.addIssue({code: 'custom', message: `${problem}; use false, true, a hop count, or comma-separated proxy addresses`});
      }
    })
    .transform(parseTrustProxy),
  /** Strict-Transport-Security max-age for requests that arrived over HTTPS; 0 sends no header. */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(serverDefaults.hstsMaxAgeSeconds),
  /** Longest wait for a PostgreSQL connection (new or from the pool), then 503. */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(serverDefaults.postgres.connectTimeoutMs),
  /** Longest wait for one PostgreSQL statement (server and client side), then 503. */
  PG_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(serverDefaults.postgres.queryTimeoutMs),
  /** Days the query log keeps its rows (queries, completions, page ratings); older rows are deleted at start and daily. 0 keeps all. */
  QUERY_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).default(serverDefaults.queryLogRetentionDays),
  /** Most rows each query-log table holds (queries, completions, page ratings); past it, inserts answer 507. 0: no bound. */
  QUERY_LOG_MAX_ROWS: z.coerce.number().int().min(0).default(serverDefaults.queryLogMaxRows),
  /** Redis the per-client rate limits count in, so several instances share them; unset: each process counts alone. */
  REDIS_URL: z.url({protocol: /^rediss?$/, error: 'must be a redis:// (or rediss://) URL'}).optional(),
  /** Port of the Prometheus metrics listener, apart from the site's; unset: no metrics are served. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface the metrics listener binds; loopback by default, so only the machine's own scraper reads it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

export type ServerConfig = {
  port: number;
  host: string;
  buildDir: string;
  serveStatic: boolean;
  projectKeys: string[];
  anonKey: string;
  sqlitePath: string;
  databaseUrl?: string;
  openai?: {baseUrl: string; apiKey?: string; models: string[]; timeoutMs: number; connectTimeoutMs: number; firstTokenTimeoutMs: number; maxTokens: number; answerTimeoutMs: number};
  /** Semantic retrieval (EMBEDDINGS_MODEL); undefined: lexical retrieval alone. */
  embeddings?: EmbeddingsConfig;
  chatWorkers: number;
  chatQueueMax: number;
  chatAdmissionWaitMs: number;
  queryLogRetentionDays: number;
  queryLogMaxRows: number;
  rateLimitPerMinute: number;
  maxConcurrentCompletions: number;
  maxConcurrentPerClient: number;
  queryLogRateLimitPerMinute: number;
  pageFeedbackRateLimitPerMinute: number;
  corsOrigins: string[];
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  trustProxy: TrustProxy;
  hstsMaxAgeSeconds: number;
  postgres: {connectTimeoutMs: number; queryTimeoutMs: number};
  redisUrl?: string;
  /** Where Prometheus metrics are served; undefined: nowhere. */
  metrics?: {port: number; host: string};
};

/** Parses the environment; a bad variable stops the server with one line per problem. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embeddingsBaseUrl = e.EMBEDDINGS_BASE_URL ?? e.OPENAI_BASE_URL;
  if (e.EMBEDDINGS_MODEL && !embeddingsBaseUrl) throw new Error('Invalid server environment:\n  EMBEDDINGS_MODEL: set EMBEDDINGS_BASE_URL too (or OPENAI_BASE_URL), the endpoint that serves the model');
  if (!e.EMBEDDINGS_MODEL && e.EMBEDDINGS_BASE_URL) throw new Error('Invalid server environment:\n  EMBEDDINGS_BASE_URL: set EMBEDDINGS_MODEL too, the model to embed with, or unset EMBEDDINGS_BASE_URL');
  // Metrics on the site's port would publish them to every reader.
  if (e.METRICS_PORT === e.PORT) throw new Error(`Invalid server environment:\n  METRICS_PORT: ${e.METRICS_PORT} is the site's PORT; pick another port, metrics are never served on the site's`);
  return {
    port: e.PORT,
    host: e.HOST,
    buildDir: path.resolve(e.BUILD_DIR),
    serveStatic: e.SERVE_STATIC,
    projectKeys: e.CHAT_PROJECT_KEYS,
    anonKey: e.QUERY_LOG_ANON_KEY,
    sqlitePath: e.QUERY_LOG_SQLITE_PATH,
    databaseUrl: e.DATABASE_URL,
    openai: e.OPENAI_BASE_URL
      ? {baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, models: e.CHAT_MODELS, timeoutMs: e.OPENAI_TIMEOUT_MS,
          connectTimeoutMs: e.OPENAI_CONNECT_TIMEOUT_MS, firstTokenTimeoutMs: e.OPENAI_FIRST_TOKEN_TIMEOUT_MS, maxTokens: e.OPENAI_MAX_TOKENS,
          answerTimeoutMs: e.OPENAI_ANSWER_TIMEOUT_MS}
      : undefined,
    embeddings: e.EMBEDDINGS_MODEL && embeddingsBaseUrl
      ? {
          baseUrl: embeddingsBaseUrl,
          model: e.EMBEDDINGS_MODEL,
          apiKey: e.EMBEDDINGS_API_KEY ?? e.OPENAI_API_KEY,
          dimensions: e.EMBEDDINGS_DIMENSIONS,
          timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
          batchSize: e.EMBEDDINGS_BATCH_SIZE,
          maxInputChars: e.EMBEDDINGS_MAX_INPUT_CHARS,
          fusion: e.EMBEDDINGS_FUSION,
          cosineFloor: e.EMBEDDINGS_COSINE_FLOOR,
          cacheDir: path.resolve(e.EMBEDDINGS_CACHE_DIR),
        }
      : undefined,
    chatWorkers: e.CHAT_WORKERS,
    chatQueueMax: e.CHAT_QUEUE_MAX,
    chatAdmissionWaitMs: e.CHAT_ADMISSION_WAIT_MS,
    queryLogRetentionDays: e.QUERY_LOG_RETENTION_DAYS,
    queryLogMaxRows: e.QUERY_LOG_MAX_ROWS,
    rateLimitPerMinute: e.CHAT_RATE_LIMIT_PER_MINUTE,
    maxConcurrentCompletions: e.CHAT_MAX_CONCURRENT,
    maxConcurrentPerClient: e.CHAT_MAX_CONCURRENT_PER_CLIENT,
    queryLogRateLimitPerMinute: e.QUERY_LOG_RATE_LIMIT_PER_MINUTE,
    pageFeedbackRateLimitPerMinute: e.PAGE_FEEDBACK_RATE_LIMIT_PER_MINUTE,
    corsOrigins: e.CORS_ORIGINS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    hstsMaxAgeSeconds: e.HSTS_MAX_AGE_SECONDS,
    postgres: {connectTimeoutMs: e.PG_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.PG_QUERY_TIMEOUT_MS},
    redisUrl: e.REDIS_URL,
    metrics: e.METRICS_PORT === undefined ? undefined : {port: e.METRICS_PORT, host: e.METRICS_HOST},
  };
}
