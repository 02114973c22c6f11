import type {QueryLogStore} from './store';

export const DAY_MS = 86_400_000;

/**
 * Deletes query-log rows older than `days` (QUERY_LOG_RETENTION_DAYS) now, then every `intervalMs` (a day); 0 days
 * keeps everything. The first pass is awaited, so a server starts on a log that holds no expired row. Returns a stop.
 */
export async function keepQueryLogFor(
  store: QueryLogStore,
  days: number,
  log: (message: string, error?: unknown) => void,
  intervalMs = DAY_MS,
): Promise<() => void> {
  if (days <= 0) return () => undefined;
  const prune = async () => {
    try {
      const deleted = await store.prune(days);
      if (deleted > 0) log(`Query log: deleted ${deleted} rows older than ${days} days (QUERY_LOG_RETENTION_DAYS)`);
    } catch (error) {
      // A failed pass is retried at the next one; the server keeps serving.
      log(`Query log: could not delete rows older than ${days} days (QUERY_LOG_RETENTION_DAYS)`, error);
    }
  };
  await prune();
  const timer = setInterval(() => void prune(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
