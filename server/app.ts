import cors from '@fastify/cors';
import Fastify, {type FastifyInstance} from 'fastify';
import {readSearchConfig} from '../plugins/search-index/config';
import {accessLogOptions, routeOf} from './access-log';
import {answerClientError, answerFrameworkError, REFUSED_ROUTE} from './client-errors';
import {serverDefaults, type ServerConfig} from './config';
import type {CompletionDeps} from './completions/pipeline';
import type {SemanticRetrieval} from './completions/embeddings/semantic-retrieval';
import type {ChatPoolStats} from './completions/worker-pool';
import {completionsRoutes} from './completions/route';
import {HEALTH_PATHS, healthRoutes} from './health';
import {refusePrototypeKeys} from './json-body';
import {createMetrics, type AppMetrics} from './metrics';
import type {QueryLogStore} from './query-log/store';
import {loadDocRoutes} from '../plugins/routes';
import {pageFeedbackRoutes} from './query-log/page-feedback-route';
import {queryLogRoutes} from './query-log/route';
import {isBounded} from './query-log/row-bound';
import {builtApiOrigins, contentSecurityPolicy, inlineScriptHashes} from '../lib/security/headers';
import {registerSecurityHeaders} from './security-headers';
import type {SharedLimits} from './shared-limits';
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
  /** Rate limits counted in Redis (REDIS_URL), shared by every instance; unset: each process counts alone. */
  sharedLimits?: SharedLimits;
  /** The worker threads retrieval and answering run on (their queue and task times are metrics); unset: in-process. */
  chatPool?: ChatPoolStats & {close(): Promise<void>};
  /** Sections retrieval reads; GET /readyz answers 503 while there are none. Unset: not checked. */
  sectionCount?: number;
  /** Semantic retrieval (EMBEDDINGS_MODEL): its state goes in /readyz's body, its errors in the metrics. */
  semanticRetrieval?: Pick<SemanticRetrieval, 'status' | 'registerMetrics'>;
}

export interface BuildAppOptions {
  /** JSON access lines (and errors) on stdout, or on `logStream` when given (tests). */
  logger?: boolean;
  logStream?: NodeJS.WritableStream;
  /** Metrics to record into; a fresh registry per app by default, served by serveMetrics (METRICS_PORT). */
  metrics?: AppMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (serveMetrics serves them on their own port). */
    metrics: AppMetrics;
  }
}

type AppConfig = Pick<ServerConfig, 'buildDir'> &
  Partial<
    Pick<
      ServerConfig,
      | 'serveStatic' | 'projectKeys' | 'anonKey' | 'rateLimitPerMinute' | 'maxConcurrentCompletions' | 'maxConcurrentPerClient' | 'queryLogRateLimitPerMinute' | 'pageFeedbackRateLimitPerMinute' | 'corsOrigins' | 'chatQueueMax' | 'chatAdmissionWaitMs'
      | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'trustProxy' | 'hstsMaxAgeSeconds'
    >
  >;

/** Builds the HTTP app: the API routes when services are given, and the static site. */
export async function buildApp(config: AppConfig, services?: AppServices, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const requestTimeout = config.requestTimeoutMs ?? serverDefaults.requestTimeoutMs;
  const app = Fastify({
    ...(options.logger || options.logStream ? accessLogOptions(options.logStream) : {logger: false}),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy ?? false,
    // A client that has not sent its whole request (headers and body) in time gets 408 and is dropped. Node checks
    // on an interval (a short one, so the timeout holds to within a second), and only once headersTimeout is set too.
    requestTimeout,
    keepAliveTimeout: config.keepAliveTimeoutMs ?? serverDefaults.keepAliveTimeoutMs,
    // Errors raised before routing answer in the same {error} shape as the routes, and are counted and logged too.
    clientErrorHandler: (error, socket) => {
      const status = answerClientError(error, socket);
      if (status === undefined) return;
      metrics.httpRequests.inc({method: 'unknown', route: REFUSED_ROUTE, status: String(status)});
      app.log.info({method: 'unknown', route: REFUSED_ROUTE, status, reason: error.code ?? 'unknown'}, 'request');
    },
    // A request without Host reaches the routes (Node would answer a bare 400), which refuse it in the one shape.
    http: {requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout), requireHostHeader: false},
    frameworkErrors: answerFrameworkError,
  });

  refusePrototypeKeys(app);
  const metrics = options.metrics ?? createMetrics();
  app.decorate('metrics', metrics);
  // By route pattern, never the raw URL: one series per route however many paths readers ask for.
  app.addHook('onResponse', async (request, reply) => {
    if (HEALTH_PATHS.has(request.url.split('?')[0])) return;
    const labels = {method: request.method, route: routeOf(request), status: String(reply.statusCode)};
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  if (services?.store.waitingWrites) metrics.watchWaitingWrites(() => services.store.waitingWrites?.() ?? 0);
  if (services && isBounded(services.store)) metrics.watchRows(services.store.rowCounts);
  if (services?.chatPool) metrics.watchChatPool(services.chatPool);
  if (services?.sharedLimits) {
    metrics.watchSharedLimits(() => services.sharedLimits?.countingLocally() ?? false);
    services.sharedLimits.onCountedLocally((reason) => metrics.degraded.inc({reason}));
  }
  services?.semanticRetrieval?.registerMetrics(metrics.registry);

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
    contentSecurityPolicy(
      serveStatic ? inlineScriptHashes(config.buildDir) : [],
      [...(algolia ? [`https://${algolia.appId}-dsn.algolia.net`] : []), ...(serveStatic ? builtApiOrigins(config.buildDir) : [])],
    ),
    config.hstsMaxAgeSeconds ?? serverDefaults.hstsMaxAgeSeconds,
  );
  // HTTP/1.1 requires Host (RFC 9112 3.2); refused here, so the answer carries {error} and the security headers.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return reply.code(400).send({error: 'the request has no Host header; HTTP/1.1 requires one'});
    }
    return undefined;
  });
  // One error shape everywhere, unknown routes included (the static site answers GET with its own 404 page).
  app.setNotFoundHandler((request, reply) => reply.code(404).send({error: `nothing at ${request.method} ${request.url.split('?')[0]}`}));

  // Probes live outside the API context: no rate limit, no CORS, and they answer with SERVE_STATIC=false too.
  await app.register(healthRoutes, {store: services?.store, sectionCount: services?.sectionCount, retrieval: services?.semanticRetrieval?.status});

  if (services) {
    const shared = {sharedLimits: services.sharedLimits, metrics};
    // The API lives in its own context so CORS applies to it alone, and only for the configured origins.
    await app.register(async (api) => {
      if (config.corsOrigins?.length) {
        await api.register(cors, {origin: config.corsOrigins, methods: ['POST', 'PATCH'], allowedHeaders: ['content-type', 'apikey', 'authorization', 'prefer'], maxAge: 600});
      }
      await api.register(completionsRoutes, {
        deps: services.completions,
        store: services.store,
        projectKeys: config.projectKeys ?? [],
        allowedModels: services.allowedModels,
        rateLimitPerMinute: config.rateLimitPerMinute ?? serverDefaults.rateLimitPerMinute,
        maxConcurrent: config.maxConcurrentCompletions ?? serverDefaults.maxConcurrentCompletions,
        maxConcurrentPerClient: config.maxConcurrentPerClient ?? serverDefaults.maxConcurrentPerClient,
        queueFull: services.chatPool ? () => services.chatPool!.queueLength() >= (config.chatQueueMax ?? serverDefaults.chatQueueMax) : undefined,
        onWorkerFreed: services.chatPool ? (listener) => services.chatPool!.onTask(listener) : undefined,
        admissionWaitMs: config.chatAdmissionWaitMs ?? serverDefaults.chatAdmissionWaitMs,
        ...shared,
      });
      await api.register(queryLogRoutes, {
        store: services.store,
        anonKey: config.anonKey ?? '',
        log: services.completions.log,
        rateLimitPerMinute: config.queryLogRateLimitPerMinute ?? serverDefaults.queryLogRateLimitPerMinute,
        ...shared,
      });
      // A plugin of its own, so its rate limit is not the query log's bucket.
      await api.register(pageFeedbackRoutes, {
        store: services.store,
        anonKey: config.anonKey ?? '',
        docRoutes: services.docRoutes ?? loadDocRoutes(),
        log: services.completions.log,
        rateLimitPerMinute: config.pageFeedbackRateLimitPerMinute ?? serverDefaults.pageFeedbackRateLimitPerMinute,
        ...shared,
      });
    });
  }
  if (serveStatic) await registerStaticSite(app, config.buildDir);
  return app;
}
