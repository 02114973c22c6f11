import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {queryLogRecordSchema} from '../../contract/query-log';
import {limitPerClient} from '../rate-limit';
import type {QueryLogStore} from './store';

/** The anonymous key, from the `apikey` header or `Authorization: Bearer`, as PostgREST/Supabase accept it. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.apikey;
  if (typeof header === 'string') return header;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/** POST /rest/v1/queries, PostgREST-compatible and insert-only for the anonymous key (spec 7.4). */
export async function queryLogRoutes(
  app: FastifyInstance,
  options: {store: QueryLogStore; anonKey: string; log: (m: string, e?: unknown) => void; rateLimitPerMinute: number},
): Promise<void> {
  // The insert key ships in the site's bundle, so anyone may insert: each client gets a bounded number of rows.
  await limitPerClient(app, options.rateLimitPerMinute, 'query-log rows');
  const refuseRead = async (request: FastifyRequest, reply: FastifyReply) => {
    const known = presentedKey(request) === options.anonKey;
    return reply.code(401).send({error: known ? 'the anonymous key can insert rows but never read or change them' : 'missing or unknown apikey'});
  };
  app.get('/rest/v1/queries', refuseRead);
  app.patch('/rest/v1/queries', refuseRead);
  app.delete('/rest/v1/queries', refuseRead);

  app.post('/rest/v1/queries', async (request, reply) => {
    if (presentedKey(request) !== options.anonKey) return reply.code(401).send({error: 'missing or unknown apikey'});
    const parsed = queryLogRecordSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.code(400).send({error: `${issue.path.join('.') || 'body'}: ${issue.message}`});
    }
    try {
      await options.store.insertQuery(parsed.data);
    } catch (error) {
      options.log('Could not store a query-log row', error);
      return reply.code(503).send({error: 'the query log is unavailable; try again later'});
    }
    // PostgREST answers `Prefer: return=representation` with the inserted rows; the public columns are what was sent.
    if (/\breturn=representation\b/.test(String(request.headers.prefer ?? ''))) {
      return reply.code(201).send([{query: parsed.data.query, result_rating: parsed.data.result_rating ?? null}]);
    }
    return reply.code(201).send();
  });
}
