import Fastify, {type FastifyInstance} from 'fastify';
import type {ServerConfig} from './config';
import type {CompletionDeps} from './completions/pipeline';
import {completionsRoutes} from './completions/route';
import type {QueryLogStore} from './query-log/store';
import {queryLogRoutes} from './query-log/route';
import {registerStaticSite} from './static-site';

/** Largest request body accepted, in bytes (larger: 413). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppServices {
  completions: CompletionDeps;
  store: QueryLogStore;
  /** Models a request may name (LLM endpoint configured), or null for any. */
  allowedModels: string[] | null;
}

type AppConfig = Pick<ServerConfig, 'buildDir'> & Partial<Pick<ServerConfig, 'serveStatic' | 'projectKeys' | 'anonKey' | 'rateLimitPerMinute'>>;

/** Builds the HTTP app: the API routes when services are given, and the static site. */
export async function buildApp(config: AppConfig, services?: AppServices, options: {logger?: boolean} = {}): Promise<FastifyInstance> {
  const app = Fastify({logger: options.logger ?? false, bodyLimit: BODY_LIMIT_BYTES});

  // Client errors get their own one-line reason; server errors never leak internals.
  app.setErrorHandler((error: {statusCode?: number; code?: string; message?: string}, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.code(status).send({error: 'internal server error'});
    }
    const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `request body is larger than ${BODY_LIMIT_BYTES} bytes`
      : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'body is not valid JSON'
      : String(error.message ?? 'bad request').split('\n')[0];
    return reply.code(status).send({error: message});
  });

  if (services) {
    await app.register(completionsRoutes, {
      deps: services.completions,
      store: services.store,
      projectKeys: config.projectKeys ?? [],
      allowedModels: services.allowedModels,
      rateLimitPerMinute: config.rateLimitPerMinute ?? 60,
    });
    await app.register(queryLogRoutes, {store: services.store, anonKey: config.anonKey ?? '', log: services.completions.log});
  }
  if (config.serveStatic !== false) await registerStaticSite(app, config.buildDir);
  return app;
}
