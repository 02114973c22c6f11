import type {FastifyInstance} from 'fastify';
import {STATIC_SECURITY_HEADERS} from '../lib/security/headers';

/**
 * Adds the security headers to every response the app sends, and Strict-Transport-Security (when `hstsMaxAgeSeconds`
 * is above 0) to those whose request came over HTTPS: directly, or through a proxy the server trusts (TRUST_PROXY).
 */
export function registerSecurityHeaders(app: FastifyInstance, csp: string, hstsMaxAgeSeconds = 0): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers({...STATIC_SECURITY_HEADERS, 'content-security-policy': csp});
    if (hstsMaxAgeSeconds > 0 && request.protocol === 'https') reply.header('strict-transport-security', `max-age=${hstsMaxAgeSeconds}`);
    return payload;
  });
}
