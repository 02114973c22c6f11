import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {collectDefaultMetrics, Counter, Gauge, Histogram, Registry} from 'prom-client';
import type {ChatPoolStats} from './completions/worker-pool';
import {explainListenError} from './listen-errors';

/** How a completion ended, as counted by `chat_completions_total`. */
export type CompletionOutcome = 'answered' | 'dont_know' | 'upstream_error' | 'aborted';

/** The rate limits, as labelled by `rate_limit_rejections_total`. */
export type LimitName = 'completions' | 'query_log' | 'page_feedback';

/** The tables a failed write is counted against. */
export type LogTable = 'queries' | 'page_feedback' | 'completions';

/** One app's Prometheus metrics, in a registry of its own so several apps in one process never share a series. */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  completions: Counter<'outcome'>;
  timeToReferences: Histogram;
  queryLogWriteFailures: Counter<'table'>;
  rateLimitRejections: Counter<'limit'>;
  /** Reads the store's waiting writes at each scrape (see QueryLogStore.waitingWrites). */
  watchWaitingWrites(read: () => number): void;
  /** Reads the rows of each query-log table at each scrape (QUERY_LOG_MAX_ROWS bounds them). */
  watchRows(read: () => Readonly<Record<LogTable, number>>): void;
  /** Reads at each scrape whether the rate limits count in this process (Redis away or in back-off). */
  watchSharedLimits(countingLocally: () => boolean): void;
  /** Reads the chat's worker-pool queue at each scrape, and times each task the pool runs. */
  watchChatPool(pool: ChatPoolStats): void;
  /** Requests refused or degraded because a part they need failed or was full, by reason. */
  degraded: Counter<'reason'>;
}

/** Creates the metrics of one app, in a fresh registry. */
export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  let readWaiting = () => 0;
  new Gauge({
    name: 'query_log_waiting_writes',
    help: 'Query-log writes waiting: for the SQLite write lock another process holds (at most 1,000; more get 503), or for a PostgreSQL connection from the pool.',
    registers,
    collect() {
      this.set(readWaiting());
    },
  });
  let readRows: (() => Readonly<Record<LogTable, number>>) | undefined;
  new Gauge({
    name: 'query_log_rows',
    help: 'Rows in each query-log table, as this process counts them (at start, after each prune, and its own inserts); inserts past QUERY_LOG_MAX_ROWS answer 507.',
    labelNames: ['table'],
    registers,
    collect() {
      for (const [table, rows] of Object.entries(readRows?.() ?? {})) this.set({table}, rows);
    },
  });
  let readLocal = () => false;
  new Gauge({
    name: 'rate_limits_counting_locally',
    help: '1 while this process counts rate limits alone because Redis (REDIS_URL) failed or is in its back-off; 0 while they are shared.',
    registers,
    collect() {
      this.set(readLocal() ? 1 : 0);
    },
  });
  let readQueue = () => 0;
  new Gauge({
    name: 'chat_queue_length',
    help: 'Questions waiting for a free chat worker thread (at most CHAT_QUEUE_MAX; more get 503).',
    registers,
    collect() {
      this.set(readQueue());
    },
  });
  const taskSeconds = new Histogram({
    name: 'chat_task_seconds',
    help: 'Time one retrieval-and-passage task ran on a chat worker thread, its wait in the queue apart.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const waitSeconds = new Histogram({
    name: 'chat_queue_wait_seconds',
    help: 'Time one chat task waited in the queue for a free worker thread.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  return {
    registry,
    httpRequests: new Counter({name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status.', labelNames: ['method', 'route', 'status'], registers}),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by route pattern and status (a streamed answer counts until its end).',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    completions: new Counter({name: 'chat_completions_total', help: 'Completions served, by how they ended.', labelNames: ['outcome'], registers}),
    timeToReferences: new Histogram({
      name: 'chat_time_to_references_seconds',
      help: 'Time from a completion request to its references being sent (retrieval).',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    queryLogWriteFailures: new Counter({name: 'query_log_write_failures_total', help: 'Query-log rows that could not be stored, by table.', labelNames: ['table'], registers}),
    rateLimitRejections: new Counter({name: 'rate_limit_rejections_total', help: 'Requests refused with 429, by rate limit.', labelNames: ['limit'], registers}),
    watchWaitingWrites(read) {
      readWaiting = read;
    },
    watchRows(read) {
      readRows = read;
    },
    watchSharedLimits(countingLocally) {
      readLocal = countingLocally;
    },
    watchChatPool(pool) {
      readQueue = () => pool.queueLength();
      pool.onTask(({runMs, waitMs}) => {
        taskSeconds.observe(runMs / 1000);
        waitSeconds.observe(waitMs / 1000);
      });
    },
    degraded: new Counter({
      name: 'degraded_requests_total',
      help: 'Requests refused or answered in a lesser way because a part was full or failed: chat_busy, chat_client_busy, chat_queue_full (refused 503), llm_fallback, llm_answer_cut (the LLM endpoint failed), redis_down, redis_error, redis_backoff (limits counted in this process), query_log_full (507).',
      labelNames: ['reason'],
      registers,
    }),
  };
}

/** The metrics listener, apart from the site's port. */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` of `metrics` on host:port (METRICS_PORT, METRICS_HOST), with the process's own metrics (CPU,
 * memory, event-loop lag) added; a taken port rejects with a message naming METRICS_PORT.
 */
export async function serveMetrics(metrics: AppMetrics, where: {port: number; host: string}): Promise<MetricsServer> {
  collectDefaultMetrics({register: metrics.registry});
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, {'content-type': 'application/json'}).end(JSON.stringify({error: 'only GET /metrics is served here'}));
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, {'content-type': metrics.registry.contentType}).end(text),
      () => response.writeHead(500, {'content-type': 'application/json'}).end(JSON.stringify({error: 'metrics could not be collected'})),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        explainListenError(error, {
          ...where,
          portVariable: 'METRICS_PORT',
          hostVariable: 'METRICS_HOST',
          portHint: 'Pick another METRICS_PORT, or unset it to serve no metrics.',
        }),
      ),
    );
    server.listen(where.port, where.host, () => resolve());
  });
  const {address, port} = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
