import type {FastifyServerOptions} from 'fastify';
import {LogController, type FastifyReply, type FastifyRequest} from 'fastify';
import {randomUUID} from 'node:crypto';
import {HEALTH_PATHS} from './health';

/** Route pattern of a request (`/v1/completions`, `/*`), never its URL: query strings and paths stay out of logs. */
export const routeOf = (request: FastifyRequest) => request.routeOptions?.url ?? '(no route)';

const pathOf = (request: {url?: string}) => (request.url ?? '').split('?')[0];

/**
 * One access line per request, when it ends: `{"time", "reqId", "method", "route", "status", "durationMs"}`. Fastify's
 * default is two lines (incoming, completed), the first with the full URL; probes are not logged at all.
 */
class AccessLogController extends LogController {
  constructor() {
    super({disableRequestLogging: (request: FastifyRequest) => HEALTH_PATHS.has(pathOf(request))});
  }

  override incomingRequest(): void {
    // The line is written when the request ends, with its status and duration.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {method: request.method, route: routeOf(request), status: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10};
    if (error) reply.log.error({...line, err: error}, 'request errored');
    else reply.log.info(line, 'request');
  }

  override routeNotFound(): void {
    // The access line already says it (route "(no route)", status 404); Fastify's own line would carry the URL.
  }
}

/**
 * Fastify's logger options for JSON access logs on `stream` (stdout by default): ISO time, a random request id (unique
 * across instances), and a request serializer that keeps only method and route, so no URL, query string, body or
 * header (apikey, authorization) reaches a log line even when an error logs its request.
 */
export function accessLogOptions(stream?: NodeJS.WritableStream): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: {
      level: 'info',
      ...(stream ? {stream} : {}),
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      serializers: {req: (request: FastifyRequest) => ({method: request.method, route: routeOf(request)})},
    },
    logController: new AccessLogController(),
    genReqId: () => randomUUID(),
  };
}
