import type {FastifyRateLimitStore, FastifyRateLimitStoreCtor} from '@fastify/rate-limit';
import {Redis} from 'ioredis';

type Log = (message: string, error?: unknown) => void;

/**
 * Why a request was counted in this process: Redis not connected, its command failed (a frozen Redis times out), or
 * the back-off after such a failure, during which Redis is not asked.
 */
export type LocalCountReason = 'redis_down' | 'redis_error' | 'redis_backoff';
type IncrCallback = (error: Error | null, result?: {current: number; ttl: number}) => void;

/**
 * Rate limits counted in one Redis, so every instance behind a load balancer shares them. While Redis is away each
 * process counts on its own, so readers are still limited (per process) and never get an error or a wait.
 */
export interface SharedLimits {
  /** A store for @fastify/rate-limit counting under `nameSpace`: one per limit, so no two limits share a bucket. */
  store(nameSpace: string): FastifyRateLimitStoreCtor;
  /** Whether this process counts alone right now (Redis down, or in its back-off after a failure): a metric. */
  countingLocally(): boolean;
  /** Calls `listener` with why, each time a request is counted in this process instead of Redis (a metric). */
  onCountedLocally(listener: (reason: LocalCountReason) => void): void;
  /** Connects at start; an unreachable Redis is one logged warning, not a failure. */
  connect(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The ioredis client for the limits: fail fast rather than queue. With no offline queue and no per-request retries a
 * command on a dead connection fails at once, and one on a frozen server after COMMAND_TIMEOUT_MS; the client keeps
 * reconnecting in the background meanwhile.
 */
export function createLimitsRedis(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    // Generous enough for a busy machine's event-loop lag; a frozen Redis costs at most this per request.
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Every failed reconnect emits an error; SharedLimits reports an outage once instead of once per attempt.
  redis.on('error', () => undefined);
  return redis;
}

/** host:port of a Redis URL, never its password, for messages. */
export function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 6379}`;
  } catch {
    return 'the configured Redis';
  }
}

/** Fixed window of `windowMs` per key, the window starting at the key's first request, as Redis counts below. */
const RATE_LIMIT_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type RedisWithLimit = Redis & {datahubRateLimit(key: string, windowMs: number): Promise<[number, number]>};

/** Per-process counter used while Redis is away: fixed windows, expired keys swept as the map grows. */
function localCounter() {
  const windows = new Map<string, {count: number; resetAt: number}>();
  return (key: string, windowMs: number) => {
    const now = Date.now();
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = {count: 0, resetAt: now + windowMs};
      windows.set(key, window);
    }
    window.count += 1;
    return {current: window.count, ttl: window.resetAt - now};
  };
}

/**
 * After a failed command, how long the limits stop asking Redis and count here: a frozen Redis fails by timeout, so
 * asking it on every request would make each one wait the whole command timeout.
 */
export const REDIS_BACKOFF_MS = 5_000;

/** Shared limits on `redis` (from createLimitsRedis); `log` hears once when Redis goes away and once when it is back. */
export function createSharedLimits(redis: Redis, log: Log, target = 'Redis', keyPrefix = 'datahub-docs:rate-limit:', backoffMs = REDIS_BACKOFF_MS): SharedLimits {
  const client = redis as RedisWithLimit;
  client.defineCommand('datahubRateLimit', {numberOfKeys: 1, lua: RATE_LIMIT_LUA});
  let away = false;
  let backoffUntil = 0;
  const listeners: Array<(reason: LocalCountReason) => void> = [];
  const countedLocally = (reason: LocalCountReason) => {
    for (const listener of listeners) listener(reason);
  };
  const wentAway = (error: unknown) => {
    backoffUntil = Date.now() + backoffMs;
    if (away) return;
    away = true;
    log(`Warning: Redis at ${target} does not answer; rate limits count per process until it is back (asked again every ${backoffMs / 1000} s)`, error);
  };
  const cameBack = () => {
    if (!away) return;
    away = false;
    log(`Redis at ${target} answers again; rate limits are shared again`);
  };

  return {
    store(nameSpace) {
      return class SharedLimitStore implements FastifyRateLimitStore {
        private readonly local = localCounter();
        private readonly windowMs: number;
        constructor(options: {timeWindow?: unknown}) {
          this.windowMs = typeof options.timeWindow === 'number' ? options.timeWindow : 60_000;
        }
        incr(key: string, callback: IncrCallback, timeWindow?: number): void {
          const windowMs = timeWindow ?? this.windowMs;
          const fallBack = (reason: LocalCountReason) => (error: unknown) => {
            wentAway(error);
            countedLocally(reason);
            callback(null, this.local(key, windowMs));
          };
          // Not connected (down, or reconnecting): count here at once rather than fail a command.
          if (redis.status !== 'ready') return fallBack('redis_down')(new Error(`connection is ${redis.status}`));
          // Failed lately (a timeout, most likely): count here until the back-off ends, then ask again.
          if (Date.now() < backoffUntil) {
            countedLocally('redis_backoff');
            return callback(null, this.local(key, windowMs));
          }
          client.datahubRateLimit(`${keyPrefix}${nameSpace}:${key}`, windowMs).then(([current, ttl]) => {
            cameBack();
            callback(null, {current, ttl});
          }, fallBack('redis_error'));
        }
        child(): FastifyRateLimitStore {
          return new SharedLimitStore({timeWindow: this.windowMs});
        }
      };
    },
    countingLocally: () => away || redis.status !== 'ready',
    onCountedLocally: (listener) => void listeners.push(listener),
    async connect() {
      try {
        await redis.connect();
      } catch (error) {
        // ioredis keeps reconnecting in the background; the limits count per process until it succeeds.
        wentAway(error);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
