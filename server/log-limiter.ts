/** Writes a repeated warning once per interval, with how many like it were held back meanwhile. */
export type LimitedLog = (key: string, message: string, error?: unknown) => void;

/**
 * A log that says each kind of warning (`key`) at most once per `intervalMs`: a dependency that is down fails every
 * request, and one line a minute says so as well as thousands would.
 */
export function limitLog(log: (message: string, error?: unknown) => void, intervalMs = 60_000, now = () => Date.now()): LimitedLog {
  const last = new Map<string, {at: number; held: number}>();
  return (key, message, error) => {
    const entry = last.get(key);
    const time = now();
    if (entry && time - entry.at < intervalMs) {
      entry.held += 1;
      return;
    }
    const held = entry?.held ?? 0;
    last.set(key, {at: time, held: 0});
    log(held > 0 ? `${message} (${held} more like it in the last ${Math.round((time - (entry?.at ?? time)) / 1000)} s)` : message, error);
  };
}
