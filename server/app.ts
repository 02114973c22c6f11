import cors from '@fastify/cors';
import Fastify, {type FastifyInstance} from 'fastify';
import {readSearchConfig} from '../plugins/search-index/config';
import {serverDefaults, type ServerConfig} from './config';
import type {CompletionDeps} from './completions/pipeline';
import {completionsRoutes} from './completions/route';
import type {QueryLogStore} from './query-log/store';
import {loadDocRoutes} from './query-log/doc-routes';
import {pageFeedbackRoutes} from './query-log/page-feedback-route';
import {queryLogRoutes} from './query-log/route';
import {contentSecurityPolicy, inlineScriptHashes, registerSecurityHeaders} from './security-headers';
import {registerStaticSite} from './static-site';

/** Largest request body accepted, in bytes (larger: 413). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppServices {
  completions: CompletionDeps;
  store: QueryLogStore;
  /** Models a request may name (LLM endpoint configured), or null for any. */
  allowedModels: string[] | null;
  /** Doc routes a page rating may name; unset: data/routes.tsv under the working folder. */
  docRoutes?: ReadonlySet<string>;
}

type AppConfig = Pick<ServerConfig, 'buildDir'> &
  Partial<
    Pick<
      ServerConfig,
      | 'serveStatic' | 'projectKeys' | 'anonKey' | 'rateLimitPerMinute' | 'maxConcurrentCompletions' | 'queryLogRateLimitPerMinute' | 'pageFeedbackRateLimitPerMinute' | 'corsOrigins'
      | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'trustProxy' | 'hstsMaxAgeSeconds'
    >
  >;

/** Builds the HTTP app: the API routes when services are given, and the static site. */
export async function buildApp(config: AppConfig, services?: AppServices, options: {logger?: boolean} = {}): Promise<FastifyInstance> {
  const requestTimeout = config.requestTimeoutMs ?? serverDefaults.requestTimeoutMs;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy ?? false,
    // A client that has not sent its whole request (headers and body) in time gets 408 and is dropped. Node checks
    // on an interval (a short one, so the timeout holds to within a second), and only once headersTimeout is set too.
    requestTimeout,
    http: {requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout)},
    keepAliveTimeout: config.keepAliveTimeoutMs ?? serverDefaults.keepAliveTimeoutMs,
  });

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

  const algolia = readSearchConfig().algolia;
  const serveStatic = config.serveStatic !== false;
  registerSecurityHeaders(
    app,
    contentSecurityPolicy(serveStatic ? inlineScriptHashes(config.buildDir) : [], algolia ? [`https://${algolia.appId}-dsn.algolia.net`] : []),
    config.hstsMaxAgeSeconds ?? serverDefaults.hstsMaxAgeSeconds,
  );
  // One error shape everywhere, unknown routes included (the static site answers GET with its own 404 page).
  app.setNotFoundHandler((request, reply) => reply.code(404).send({error: `nothing at ${request.method} ${request.url.split('?')[0]}`}));

  if (services) {
    // The API lives in its own context so CORS applies to it alone, and only for the configured origins.
    await app.register(async (api) => {
      if (config.corsOrigins?.length) {
        await api.register(cors, {origin: config.corsOrigins, methods: ['POST'], allowedHeaders: ['content-type', 'apikey', 'authorization', 'prefer'], maxAge: 600});
      }
      await api.register(completionsRoutes, {
        deps: services.completions,
        store: services.store,
        projectKeys: config.projectKeys ?? [],
        allowedModels: services.allowedModels,
        rateLimitPerMinute: config.rateLimitPerMinute ?? serverDefaults.rateLimitPerMinute,
        maxConcurrent: config.maxConcurrentCompletions ?? serverDefaults.maxConcurrentCompletions,
      });
      await api.register(queryLogRoutes, {
        store: services.store,
        anonKey: config.anonKey ?? '',
        log: services.completions.log,
        rateLimitPerMinute: config.queryLogRateLimitPerMinute ?? serverDefaults.queryLogRateLimitPerMinute,
      });
      // A plugin of its own, so its rate limit is not the query log's bucket.
      await api.register(pageFeedbackRoutes, {
        store: services.store,
        anonKey: config.anonKey ?? '',
        docRoutes: services.docRoutes ?? loadDocRoutes(),
        log: services.completions.log,
        rateLimitPerMinute: config.pageFeedbackRateLimitPerMinute ?? serverDefaults.pageFeedbackRateLimitPerMinute,
      });
    });
  }
  if (serveStatic) await registerStaticSite(app, config.buildDir);
  return app;
}
