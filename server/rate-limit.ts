import rateLimit from '@fastify/rate-limit';
import type {FastifyInstance, FastifyRequest} from 'fastify';
import type {AppMetrics, LimitName} from './metrics';
import type {SharedLimits} from './shared-limits';

/** One per-client limit: how many, what the client is refused ("questions"), and its name in metrics and Redis keys. */
export interface ClientLimit {
  perMinute: number;
  what: string;
  name: LimitName;
  /** Counts in Redis, shared by every instance (REDIS_URL); unset: in this process's memory. */
  shared?: SharedLimits;
  metrics?: AppMetrics;
  /**
   * Whether a request presents a good key: requests with a wrong or missing key are counted in a bucket of their own
   * (the same size), so guessing keys never spends the allowance of the readers behind the same address.
   */
  isAuthorized?: (request: FastifyRequest) => boolean;
}

/**
 * Limits each client (by IP, behind TRUST_PROXY) to `perMinute` requests to the routes of `app`'s context: past it,
 * 429 with Retry-After and "too many <what>: try again in N s".
 */
export async function limitPerClient(app: FastifyInstance, limit: ClientLimit): Promise<void> {
  await app.register(rateLimit, {
    max: limit.perMinute,
    timeWindow: 60_000,
    // The shared store never fails (it counts locally while Redis is away); this keeps any other store error from
    // turning into a 500 for a reader.
    skipOnError: true,
    ...(limit.shared ? {store: limit.shared.store(limit.name)} : {}),
    ...(limit.isAuthorized
      ? {
        // After parsing, so a key sent in the body (completions' projectKey) can be checked, and before the chat's
        // admission (a preHandler hook), so a question refused for want of room is counted like any other.
        hook: 'preValidation' as const,
        keyGenerator: (request: FastifyRequest) => (limit.isAuthorized?.(request) ? request.ip : `${request.ip}|failed-auth`),
      }
      : {}),
    onExceeded: () => limit.metrics?.rateLimitRejections.inc({limit: limit.name}),
    errorResponseBuilder: (_request, context) => ({statusCode: 429, message: `too many ${limit.what}: try again in ${Math.ceil(context.ttl / 1000)} s`}),
  });
}
