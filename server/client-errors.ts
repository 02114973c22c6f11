import {STATUS_CODES} from 'node:http';
import type {Duplex} from 'node:stream';
import type {FastifyError, FastifyReply, FastifyRequest} from 'fastify';

/** Why Node refused a connection before any route saw it, in the API's one error shape. */
function clientErrorAnswer(code: string | undefined): {status: number; error: string} {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return {status: 408, error: 'the request did not arrive in time: send the headers and the whole body without pausing'};
  if (code === 'HPE_HEADER_OVERFLOW') return {status: 431, error: 'request headers are too large'};
  return {status: 400, error: 'the request is not valid HTTP'};
}

/**
 * Fastify's `clientErrorHandler`: errors Node raises on the socket (a slow or malformed request, oversized headers)
 * get `{error}` like every other answer, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): number | undefined {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return undefined;
  const {status, error: message} = clientErrorAnswer(error.code);
  const body = JSON.stringify({error: message});
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
  return status;
}

/** The route label of requests refused before routing, in access lines and `http_requests_total`. */
export const REFUSED_ROUTE = '(refused before routing)';

/** Fastify's `frameworkErrors`: a URL the router cannot read (bad encoding, an overlong segment), in the one shape. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'the path is not a valid URL (check its percent-encoding)'
    : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path segment is too long'
    : 'internal server error';
  void reply.code(status).send({error: message});
}
