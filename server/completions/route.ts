import {Readable} from 'node:stream';
import type {FastifyInstance} from 'fastify';
import {completionRequestSchema} from '../../contract/completions';
import type {AppMetrics, CompletionOutcome} from '../metrics';
import type {QueryLogStore} from '../query-log/store';
import {limitPerClient} from '../rate-limit';
import type {SharedLimits} from '../shared-limits';
import {completionStream, retrieveFor, type CompletionDeps, type Retrieval} from './pipeline';
import {ChatBusyError} from './worker-pool';
import {createAdmissionGate} from './admission';

export interface CompletionsRouteOptions {
  deps: CompletionDeps;
  store: QueryLogStore;
  projectKeys: string[];
  /** Models a request may name when an LLM endpoint is configured; null: any (extractive answerer). */
  allowedModels: string[] | null;
  rateLimitPerMinute: number;
  /** Completions answered at once; past it, 503 with Retry-After. */
  maxConcurrent: number;
  /** Whether the chat's worker queue is full (CHAT_QUEUE_MAX): then 503 with Retry-After. */
  queueFull?: () => boolean;
  /** Calls its listener when a worker finished a question, so a question waiting for room looks again. */
  onWorkerFreed?: (listener: () => void) => void;
  /** Longest wait for room before a question is refused (CHAT_ADMISSION_WAIT_MS); 0 refuses at once. */
  admissionWaitMs: number;
  /** Redis-backed limits shared by every instance; unset: this process counts alone. */
  sharedLimits?: SharedLimits;
  metrics?: AppMetrics;
}

/** Response headers of the stream: plain text, never buffered by proxies or cached. */
export const STREAM_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
} as const;

/** POST /v1/completions (spec 7.3). */
export async function completionsRoutes(app: FastifyInstance, options: CompletionsRouteOptions): Promise<void> {
  const projectKeys = new Set(options.projectKeys);
  await limitPerClient(app, {
    perMinute: options.rateLimitPerMinute,
    what: 'questions',
    name: 'completions',
    shared: options.sharedLimits,
    metrics: options.metrics,
    isAuthorized: (request) => {
      const key = (request.body as {projectKey?: unknown} | null)?.projectKey;
      return typeof key === 'string' && projectKeys.has(key);
    },
  });
  const {metrics} = options;
  let active = 0;
  const BUSY = 'the chat is answering as many questions as it can; try again in a second';
  const QUEUE_FULL = 'the chat has more questions waiting than it can answer soon; try again in a second';
  // A good request the chat has no room for waits here for a place (admission.ts), and is refused if none frees in
  // time, before the rate limit's preHandler hook counts it: the reader is told to retry in a second, and that retry
  // must not be refused as "too many questions".
  const hasRoom = () => active < options.maxConcurrent && !(options.queueFull?.() ?? false);
  // At most as many waiting as could be answered at once twice over: past that, a question is refused at once.
  const gate = createAdmissionGate({hasRoom, waitMs: options.admissionWaitMs, maxWaiting: 2 * options.maxConcurrent + 64});
  options.onWorkerFreed?.(gate.roomFreed);
  app.addHook('preValidation', async (request, reply) => {
    const key = (request.body as {projectKey?: unknown} | null)?.projectKey;
    if (typeof key !== 'string' || !projectKeys.has(key)) return;
    if (hasRoom()) return;
    const left = new AbortController();
    const onClose = () => left.abort();
    // The response's close, not the request's: the request stream closes as soon as its body has been read.
    reply.raw.once('close', onClose);
    const admitted = await gate.admit(left.signal);
    reply.raw.off('close', onClose);
    if (admitted) return;
    const full = options.queueFull?.() ?? false;
    if (full) metrics?.degraded.inc({reason: 'chat_queue_full'});
    return reply.code(503).header('retry-after', '1').send({error: full ? QUEUE_FULL : BUSY});
  });
  // The same deps for every request (the pipeline keys its rate-limited warnings on them), with the fallback counted.
  const deps: CompletionDeps = {...options.deps, onFallback: () => metrics?.degraded.inc({reason: 'llm_fallback'})};

  app.post('/v1/completions', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return reply.code(400).send({error: 'body must be a JSON object'});
    if (raw.projectKey === undefined || raw.projectKey === '') return reply.code(400).send({error: 'a project key is required'});
    const parsed = completionRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.code(400).send({error: `${issue.path.join('.') || 'body'}: ${issue.message}`});
    }
    const body = parsed.data;
    if (!options.projectKeys.includes(body.projectKey)) return reply.code(401).send({error: 'unknown project key'});
    if (options.allowedModels && !options.allowedModels.includes(body.model)) {
      return reply.code(400).send({error: `model: "${body.model}" is not allowed; use one of ${options.allowedModels.join(', ')}`});
    }

    if (active >= options.maxConcurrent) {
      return reply.code(503).header('retry-after', '1').send({error: BUSY});
    }
    active += 1;
    // A client that goes away aborts retrieval and the upstream LLM request at once.
    const controller = new AbortController();
    let outcome: CompletionOutcome | undefined;
    reply.raw.on('close', () => {
      active -= 1;
      gate.roomFreed();
      if (reply.raw.writableFinished) return;
      controller.abort(new Error('client disconnected'));
      // An answer that ended (and was counted) before its last bytes reached the client is not counted twice.
      if (!outcome) metrics?.completions.inc({outcome: 'aborted'});
    });
    // Retrieval runs before the answer starts, so a full worker queue is still a clean 503 and not a broken stream.
    let retrieval: Retrieval;
    try {
      retrieval = await retrieveFor(body, deps, controller.signal);
    } catch (error) {
      if (error instanceof ChatBusyError) {
        metrics?.degraded.inc({reason: 'chat_queue_full'});
        return reply.code(503).header('retry-after', '1').send({error: QUEUE_FULL});
      }
      // The client left while its question waited or ran: nobody reads the answer (499, as proxies log it).
      if (controller.signal.aborted) return reply.code(499).send({error: 'the client closed the connection before the answer started'});
      throw error;
    }
    const stream = Readable.from(
      completionStream(body, deps, controller.signal, (record, ended) => {
        outcome = ended;
        metrics?.completions.inc({outcome: ended});
        metrics?.timeToReferences.observe(record.msToReferences / 1000);
        options.store.insertCompletion(record).catch((error: unknown) => {
          metrics?.queryLogWriteFailures.inc({table: 'completions'});
          options.deps.log('Could not record a completion', error);
        });
      }, retrieval),
      {objectMode: false},
    );
    stream.on('error', (error) => {
      if (!controller.signal.aborted) options.deps.log('Completion stream failed', error);
    });
    return reply.headers(STREAM_HEADERS).send(stream);
  });
}
