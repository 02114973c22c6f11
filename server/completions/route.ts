import {Readable} from 'node:stream';
import type {FastifyInstance} from 'fastify';
import {completionRequestSchema} from '../../contract/completions';
import type {AppMetrics, CompletionOutcome} from '../metrics';
import type {QueryLogStore} from '../query-log/store';
import {limitLog} from '../log-limiter';
import {limitPerClient} from '../rate-limit';
import type {SharedLimits} from '../shared-limits';
import {completionStream, retrieveFor, type CompletionDeps, type Retrieval} from './pipeline';
import {ChatBusyError} from './worker-pool';
import {createFairAdmission} from './fair-admission';

export interface CompletionsRouteOptions {
  deps: CompletionDeps;
  store: QueryLogStore;
  projectKeys: string[];
  /** Models a request may name when an LLM endpoint is configured; null: any (extractive answerer). */
  allowedModels: string[] | null;
  rateLimitPerMinute: number;
  /** Completions answered at once; past it, a question waits for a turn, then 503 with Retry-After. */
  maxConcurrent: number;
  /** Completions answered at once for one client (its address); past it, its questions wait for their turn. */
  maxConcurrentPerClient: number;
  /** Whether the chat's worker queue is full (CHAT_QUEUE_MAX): then 503 with Retry-After. */
  queueFull?: () => boolean;
  /** Calls its listener when a worker finished a question, so a question waiting for room looks again. */
  onWorkerFreed?: (listener: () => void) => void;
  /** Longest wait for a turn before a question is refused (CHAT_ADMISSION_WAIT_MS); 0 refuses at once. */
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
  const BUSY = 'the chat is answering as many questions as it can; try again in a second';
  const CLIENT_BUSY = `the chat is already answering ${options.maxConcurrentPerClient} of your questions; ask again once one has ended`;
  const QUEUE_FULL = 'the chat has more questions waiting than it can answer soon; try again in a second';
  // Turns are given per client, round-robin (fair-admission.ts): a client sending many questions at once waits for its
  // own turns, and a reader's question waits only behind the answers already running. The rate limit (a preValidation
  // hook) has counted the question before it gets here, so a refusal spends the allowance like an answer.
  const admission = createFairAdmission({
    maxRunning: options.maxConcurrent,
    perClient: options.maxConcurrentPerClient,
    // A client's questions past its turns are held rather than refused (a refusal invites a retry at once), as many as
    // could run at once in all; round-robin keeps them from delaying another client's turn.
    perClientWaiting: options.maxConcurrent,
    waitMs: options.admissionWaitMs,
    // At most as many waiting as could be answered at once twice over: past that, a question is refused at once.
    maxWaiting: 2 * options.maxConcurrent + 64,
    hasRoom: () => !(options.queueFull?.() ?? false),
  });
  options.onWorkerFreed?.(admission.roomFreed);
  app.addHook('preHandler', async (request, reply) => {
    const key = (request.body as {projectKey?: unknown} | null)?.projectKey;
    if (typeof key !== 'string' || !projectKeys.has(key)) return;
    const left = new AbortController();
    const onClose = () => left.abort();
    // The response's close, not the request's: the request stream closes as soon as its body has been read.
    reply.raw.once('close', onClose);
    const turn = await admission.admit(request.ip, left.signal);
    reply.raw.off('close', onClose);
    if (typeof turn === 'object') {
      // Released when the answer has ended or its client has left, whichever comes first.
      if (reply.raw.closed) turn.release();
      else reply.raw.once('close', () => turn.release());
      return;
    }
    if (turn === 'left') return reply.code(499).send({error: 'the client closed the connection before the answer started'});
    const full = options.queueFull?.() ?? false;
    metrics?.degraded.inc({reason: full ? 'chat_queue_full' : turn === 'client_busy' ? 'chat_client_busy' : 'chat_busy'});
    return reply.code(503).header('retry-after', '1').send({error: full ? QUEUE_FULL : turn === 'client_busy' ? CLIENT_BUSY : BUSY});
  });
  // A store that fails (or is full) fails every answer's record: said once a minute.
  const recordFailed = limitLog(options.deps.log);
  // The same deps for every request (the pipeline keys its rate-limited warnings on them), with the fallback counted.
  const deps: CompletionDeps = {
    ...options.deps,
    onFallback: () => metrics?.degraded.inc({reason: 'llm_fallback'}),
    onCut: () => metrics?.degraded.inc({reason: 'llm_answer_cut'}),
  };

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

    // A client that goes away aborts retrieval and the upstream LLM request at once.
    const controller = new AbortController();
    let outcome: CompletionOutcome | undefined;
    reply.raw.on('close', () => {
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
          recordFailed('record', 'Could not record a completion', error);
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
