/**
 * Admission to the chat when it has no room: a question waits a short while for a place before it is refused.
 *
 * Refusing at once invites a retry at once: a client keeping many connections busy then sends thousands of requests
 * a second, each parsed, validated and answered 503 on the thread that serves the pages. Held for up to `waitMs`, a
 * question that finds no place ties up its own connection instead, so such a client sends at most one request per
 * connection per wait; and a question that arrives just before a place frees is answered rather than refused.
 */

export interface AdmissionGate {
  /** Resolves true as soon as there is room (at once when there is), false when `waitMs` passed or the signal aborted. */
  admit(signal?: AbortSignal): Promise<boolean>;
  /** Called when a place may have freed (a question ended): the longest-waiting question looks again. */
  roomFreed(): void;
  /** Questions waiting for a place now. */
  waiting(): number;
}

export interface AdmissionOptions {
  hasRoom: () => boolean;
  /** Longest wait for a place; 0 refuses at once. */
  waitMs: number;
  /** Most questions that wait at once; past it a question is refused at once, so waiting memory stays bounded. */
  maxWaiting: number;
}

export function createAdmissionGate({hasRoom, waitMs, maxWaiting}: AdmissionOptions): AdmissionGate {
  const queue: Array<(admitted: boolean) => void> = [];
  // One place freed lets one question in: the woken question takes its place a few ticks later, so waking all of
  // them on one freed place would let them all through the check.
  const wake = () => {
    if (queue.length > 0 && hasRoom()) queue[0](true);
  };
  return {
    admit(signal) {
      if (hasRoom()) return Promise.resolve(true);
      if (waitMs <= 0 || queue.length >= maxWaiting || signal?.aborted) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const settle = (admitted: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const at = queue.indexOf(settle);
          if (at >= 0) queue.splice(at, 1);
          resolve(admitted);
        };
        const onAbort = () => settle(false);
        const timer = setTimeout(() => settle(hasRoom()), waitMs);
        signal?.addEventListener('abort', onAbort, {once: true});
        queue.push(settle);
      });
    },
    roomFreed: wake,
    waiting: () => queue.length,
  };
}
