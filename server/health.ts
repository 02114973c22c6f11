import type {FastifyInstance} from 'fastify';
import type {QueryLogStore} from './query-log/store';

/** Paths of the probes: left out of access logs and metrics, which polling every second would flood. */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export interface HealthOptions {
  /** The query log, when this app serves the API. */
  store?: QueryLogStore;
  /** Sections the chat retrieves from, when this app serves the API; 0 means the chat has nothing to answer from. */
  sectionCount?: number;
  /** Longest wait for the store's answer; the store's own timeouts (PG_*_TIMEOUT_MS) usually end it first. */
  storeTimeoutMs?: number;
  /** How questions are retrieved now (semantic retrieval configured): said in the body, never a reason for 503. */
  retrieval?: () => {retrieval: 'fused' | 'lexical'; embeddings: string};
}

/** Rejects after `ms`, so a probe never waits longer than its poller. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);

/**
 * GET /healthz (the process is up: always 200) and GET /readyz (200 when the chat's sections are loaded and the query
 * log answers; 503 naming the failing part otherwise), for load balancers and orchestrators. Register them outside
 * the rate-limited API context.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({status: 'ok'}));
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.sectionCount === 0) {
      return reply.code(503).send({error: 'not ready: the chat has no search sections (build/chat-sections.json or docs/); run "npm run build"'});
    }
    if (options.store) {
      try {
        await within(options.store.ping(), options.storeTimeoutMs ?? 3_000);
      } catch {
        // The reason stays out of the body (it may name hosts); the store logs its own failures.
        return reply.code(503).send({error: `not ready: the query-log store (${options.store.kind}) does not answer`});
      }
    }
    // Ready while the sections are still being embedded: the chat answers lexically meanwhile, and the body says so.
    return reply.send({status: 'ok', ...options.retrieval?.()});
  });
}
