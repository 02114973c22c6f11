import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import type * as z from 'zod';
import type {AppMetrics, LimitName, LogTable} from '../metrics';
import {limitPerClient} from '../rate-limit';
import type {SharedLimits} from '../shared-limits';
import {limitLog} from '../log-limiter';
import {StoreFullError} from './row-bound';
import {MAX_IDEMPOTENCY_KEY_LENGTH, StoreUnavailableError, type AmendOutcome} from './store';
import {wellFormed} from './text';

/** The anonymous key, from the `apikey` header or `Authorization: Bearer`, as PostgREST/Supabase accept it. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.apikey;
  if (typeof header === 'string') return header;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/**
 * The one change the anonymous key may make to a row it inserted: PATCH `<path>?<column>=eq.<id>`, where the id is a
 * secret the client drew at random and sent with its insert, so no other client can name the row.
 */
export interface AmendOptions<Filter, Body> {
  /** Validates the query string (PostgREST's filter); its first issue becomes the 400 message. */
  filter: z.ZodType<Filter>;
  /** Validates the body: the only fields that may change. */
  schema: z.ZodType<Body>;
  /** Applies the change to the row the filter names. */
  amend(filter: Filter, body: Body): Promise<AmendOutcome>;
  /** What 404 says: no such row may be changed (none, or too old); and what to do instead. */
  notFoundMessage: string;
  /** What 409 says: the field already holds something else. */
  conflictMessage: string;
}

/** One PostgREST-shaped table that the anonymous key may insert into and never read. */
export interface InsertOnlyTableOptions<Row, Filter = never, Body = never> {
  /** URL path of the table, such as `/rest/v1/queries`. */
  path: string;
  anonKey: string;
  /** Validates the body; its first issue becomes the 400 message, prefixed with the field it names. */
  schema: z.ZodType<Row>;
  /** Stores a row; `idempotencyKey` is the client's `Idempotency-Key` header, when it sent one. */
  insert(row: Row, idempotencyKey?: string): Promise<void>;
  /** The inserted row's public columns, what `Prefer: return=representation` returns. */
  representation(row: Row): Record<string, unknown>;
  /** Rows per client IP and minute; past it, 429 with Retry-After. */
  rateLimitPerMinute: number;
  /** What the rows are, plural, for messages: "query-log rows". */
  rowsName: string;
  /** What a failed insert answers, with 503: what is unavailable and what to do. */
  unavailableMessage: string;
  log: (message: string, error?: unknown) => void;
  /** The table and its limit, as metrics and Redis keys name them. */
  table: LogTable;
  limitName: LimitName;
  /** Redis-backed limits shared by every instance; unset: this process counts alone. */
  sharedLimits?: SharedLimits;
  metrics?: AppMetrics;
  /** The change a client may make to its own row; unset: PATCH is refused with 401 like GET and DELETE. */
  amend?: AmendOptions<Filter, Body>;
}

/** The first issue of a failed parse as one line: the field it names (or what was parsed, `whole`), then what is wrong. */
const firstIssue = (error: z.ZodError, whole = 'body') => {
  const issue = error.issues[0];
  return `${issue.path.join('.') || whole}: ${issue.message}`;
};

/**
 * Registers GET/PATCH/DELETE (401, but PATCH of a row the client names by its secret when `amend` is set) and POST
 * (insert) of one table in `app`'s context. Call it from its own encapsulated plugin: the rate limit counts every route
 * of the context in one bucket per client, so two tables registered in one context would share their limit.
 */
export async function registerInsertOnlyTable<Row, Filter = never, Body = never>(app: FastifyInstance, options: InsertOnlyTableOptions<Row, Filter, Body>): Promise<void> {
  // The insert key ships in the site's bundle, so anyone may insert: each client gets a bounded number of rows.
  await limitPerClient(app, {
    perMinute: options.rateLimitPerMinute,
    what: options.rowsName,
    name: options.limitName,
    shared: options.sharedLimits,
    metrics: options.metrics,
    isAuthorized: (request) => presentedKey(request) === options.anonKey,
  });
  const warn = limitLog(options.log);
  const refuseRead = async (request: FastifyRequest, reply: FastifyReply) => {
    const known = presentedKey(request) === options.anonKey;
    return reply.code(401).send({error: known ? 'the anonymous key can insert rows but never read or change them' : 'missing or unknown apikey'});
  };
  /** 507 or 503 for a write the store refused, said as what it is; the error is logged. */
  const refusedWrite = (error: unknown, reply: FastifyReply) => {
    options.metrics?.queryLogWriteFailures.inc({table: options.table});
    if (error instanceof StoreFullError) {
      // Full until retention frees room: said once a minute, and answered as what it is, not as a passing failure.
      options.metrics?.degraded.inc({reason: 'query_log_full'});
      warn(`full:${options.table}`, `Could not store one of the ${options.rowsName}`, error);
      return reply.code(507).header('retry-after', String(error.retryAfterSeconds)).send({error: `no more ${options.rowsName} are stored for now: the log holds as many as it may; try again later`});
    }
    options.log(`Could not store one of the ${options.rowsName}`, error);
    // Every refused write says when to come back; a store that names its own wait (a replaced file) is believed.
    const retryAfter = error instanceof StoreUnavailableError ? error.retryAfterSeconds : 1;
    return reply.code(503).header('retry-after', String(retryAfter)).send({error: options.unavailableMessage});
  };

  app.get(options.path, refuseRead);
  app.delete(options.path, refuseRead);
  const amend = options.amend;
  if (!amend) app.patch(options.path, refuseRead);
  else {
    app.patch(options.path, async (request, reply) => {
      if (presentedKey(request) !== options.anonKey) return reply.code(401).send({error: 'missing or unknown apikey'});
      const filter = amend.filter.safeParse(request.query);
      if (!filter.success) return reply.code(400).send({error: firstIssue(filter.error, 'filter')});
      const body = amend.schema.safeParse(request.body);
      if (!body.success) return reply.code(400).send({error: firstIssue(body.error)});
      let outcome: AmendOutcome;
      try {
        outcome = await amend.amend(filter.data, body.data);
      } catch (error) {
        return refusedWrite(error, reply);
      }
      if (outcome === 'not-found') return reply.code(404).send({error: amend.notFoundMessage});
      if (outcome === 'conflict') return reply.code(409).send({error: amend.conflictMessage});
      // PostgREST answers a PATCH with 204 unless asked for the rows; a retried PATCH finds its change made, and says so alike.
      return reply.code(204).send();
    });
  }

  app.post(options.path, async (request, reply) => {
    if (presentedKey(request) !== options.anonKey) return reply.code(401).send({error: 'missing or unknown apikey'});
    const parsed = options.schema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({error: firstIssue(parsed.error)});
    const idempotencyKey = request.headers['idempotency-key'];
    if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || idempotencyKey.length < 1 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH)) {
      return reply.code(400).send({error: `Idempotency-Key: must be one header of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`});
    }
    try {
      await options.insert(parsed.data, wellFormed(idempotencyKey ?? '') || undefined);
    } catch (error) {
      return refusedWrite(error, reply);
    }
    // PostgREST answers `Prefer: return=representation` with the inserted rows; the public columns are what was sent.
    if (/\breturn=representation\b/.test(String(request.headers.prefer ?? ''))) {
      return reply.code(201).send([options.representation(parsed.data)]);
    }
    return reply.code(201).send();
  });
}
