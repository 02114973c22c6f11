import rateLimit from '@fastify/rate-limit';
import type {FastifyInstance} from 'fastify';

/**
 * Limits each client (by IP, behind TRUST_PROXY) to `perMinute` requests to the routes of `app`'s context: past it,
 * 429 with Retry-After and "too many <what>: try again in N s".
 */
export async function limitPerClient(app: FastifyInstance, perMinute: number, what: string): Promise<void> {
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({statusCode: 429, message: `too many ${what}: try again in ${Math.ceil(context.ttl / 1000)} s`}),
  });
}
