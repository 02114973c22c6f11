/**
 * Calls `start` once per key and keeps its promise, so concurrent and later callers share one download; a promise
 * that rejects is forgotten, so the next call for that key tries again. Keeps at most `limit` keys, dropping the
 * oldest.
 */
export function retryingCache<V>(start: (key: string) => Promise<V>, limit = Infinity): (key: string) => Promise<V> {
  const kept = new Map<string, Promise<V>>();
  return (key) => {
    let value = kept.get(key);
    if (!value) {
      const started = start(key);
      value = started;
      kept.set(key, started);
      if (kept.size > limit) kept.delete(kept.keys().next().value as string);
      started.catch(() => {
        if (kept.get(key) === started) kept.delete(key);
      });
    }
    return value;
  };
}
