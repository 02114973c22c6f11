import path from 'node:path';
import * as z from 'zod';
import {chatService} from '../src/site';

const list = (fallback: string) =>
  z.string().default(fallback).transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

/** Environment the server reads at start; every variable has a working default (see README). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** Folder holding the production build; the API runs without one (dev). */
  BUILD_DIR: z.string().min(1).default('build'),
  /** Serve build/ (true) or only the API (false, used behind the dev server). */
  SERVE_STATIC: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  CHAT_PROJECT_KEYS: list(chatService.projectKey),
  QUERY_LOG_ANON_KEY: z.string().min(1).default(chatService.queryLogAnonKey),
  QUERY_LOG_SQLITE_PATH: z.string().min(1).default('.data/query-log.sqlite'),
  /** PostgreSQL connection string; overrides SQLite. */
  DATABASE_URL: z.url({protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL'}).optional(),
  /** OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp); without it the extractive answerer runs. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** Models a request may ask for. */
  CHAT_MODELS: list('gpt-4,gpt-3.5-turbo'),
  /** Embeddings model on the same endpoint; turns on hybrid retrieval. */
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Completions per client IP and minute. */
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Origins allowed to call the API from a browser (CORS); empty: same origin only. */
  CORS_ORIGINS: list(''),
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
  openai?: {baseUrl: string; apiKey?: string; models: string[]; embeddingsModel?: string; timeoutMs: number};
  rateLimitPerMinute: number;
  corsOrigins: string[];
};

/** Parses the environment; a bad variable stops the server with one line per problem. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.EMBEDDINGS_MODEL && !e.OPENAI_BASE_URL) throw new Error('Invalid server environment:\n  EMBEDDINGS_MODEL: needs OPENAI_BASE_URL');
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
      ? {baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, models: e.CHAT_MODELS, embeddingsModel: e.EMBEDDINGS_MODEL, timeoutMs: e.OPENAI_TIMEOUT_MS}
      : undefined,
    rateLimitPerMinute: e.CHAT_RATE_LIMIT_PER_MINUTE,
    corsOrigins: e.CORS_ORIGINS,
  };
}
