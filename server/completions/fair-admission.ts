/**
 * Turns at the chat, given fairly: each client (its address) has a queue of its own, the queues are served round-robin,
 * and no client has more than `perClient` answers running at once. A reader's question therefore waits behind at most
 * the answers already running, then gets the next turn, however many questions a flooding client keeps sending.
 *
 * A question that finds no turn waits up to `waitMs` rather than being refused at once: a refusal at once invites a
 * retry at once, and a client holding many connections would make the serving thread parse and refuse thousands of
 * requests a second. Held, each of its connections sends at most one question per wait.
 */

/** Why a question got no turn: the chat is full, this client has its share running and waiting, or the client left. */
export type Refusal = 'busy' | 'client_busy' | 'left';

/** A turn: call `release` once the answer has ended (or the client left), so the next question may start. */
export interface Turn {
  release(): void;
}

export interface FairAdmission {
  /** A turn for `client`'s question, at once when there is room, else after waiting; or why none was given. */
  admit(client: string, signal?: AbortSignal): Promise<Turn | Refusal>;
  /** Called when room may have freed for a reason the gate does not see (a worker finished a task). */
  roomFreed(): void;
  /** Questions waiting for a turn now. */
  waiting(): number;
  /** Answers running now, of one client or of all. */
  running(client?: string): number;
}

export interface FairAdmissionOptions {
  /** Answers running at once, all clients together (CHAT_MAX_CONCURRENT). */
  maxRunning: number;
  /** Answers running at once for one client (CHAT_MAX_CONCURRENT_PER_CLIENT). */
  perClient: number;
  /** Questions of one client that may wait for a turn; past it, refused at once. */
  perClientWaiting: number;
  /** Longest wait for a turn (CHAT_ADMISSION_WAIT_MS); 0 refuses at once. */
  waitMs: number;
  /** Most questions waiting at once, all clients together, so waiting memory stays bounded. */
  maxWaiting: number;
  /** Whether something else has room too (the worker queue is not full); a turn is given only when it does. */
  hasRoom?: () => boolean;
}

/** A question waiting for its turn: `finish` stops its timer and answers it (it has already left its queue). */
interface Waiter {
  finish(result: Turn | Refusal): void;
}

export function createFairAdmission(options: FairAdmissionOptions): FairAdmission {
  const running = new Map<string, number>();
  let total = 0;
  // Clients with questions waiting, in the order their turns come round; each with its own queue, oldest first.
  const queues = new Map<string, Waiter[]>();
  let waitingCount = 0;

  const roomFor = (client: string) => total < options.maxRunning && (running.get(client) ?? 0) < options.perClient && (options.hasRoom?.() ?? true);
  const refusalFor = (client: string): Refusal => ((running.get(client) ?? 0) >= options.perClient ? 'client_busy' : 'busy');

  /** Takes a waiter out of its client's queue; false when it was no longer there. */
  const remove = (client: string, waiter: Waiter): boolean => {
    const queue = queues.get(client);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    waitingCount -= 1;
    if (queue.length === 0) queues.delete(client);
    return true;
  };

  const start = (client: string): Turn => {
    total += 1;
    running.set(client, (running.get(client) ?? 0) + 1);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        total -= 1;
        const left = (running.get(client) ?? 1) - 1;
        if (left > 0) running.set(client, left);
        else running.delete(client);
        serve();
      },
    };
  };

  // Round-robin: each pass gives at most one turn per client, in the order the clients' turns come round; a client
  // served goes to the back of the ring, so one with many questions waiting never takes two turns while another waits.
  const serve = () => {
    let served = true;
    while (served && waitingCount > 0) {
      served = false;
      for (const [client, queue] of [...queues]) {
        if (!roomFor(client)) continue;
        const waiter = queue[0];
        remove(client, waiter);
        const rest = queues.get(client);
        if (rest) {
          queues.delete(client);
          queues.set(client, rest);
        }
        waiter.finish(start(client));
        served = true;
      }
    }
  };

  return {
    admit(client, signal) {
      if (signal?.aborted) return Promise.resolve('left');
      // Nobody of this client waits before it, and there is room: its turn now.
      if (!queues.has(client) && roomFor(client)) return Promise.resolve(start(client));
      if (options.waitMs <= 0 || waitingCount >= options.maxWaiting || (queues.get(client)?.length ?? 0) >= options.perClientWaiting) {
        return Promise.resolve(refusalFor(client));
      }
      return new Promise<Turn | Refusal>((resolve) => {
        const waiter: Waiter = {
          finish(result) {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(result);
          },
        };
        const giveUp = (result: () => Refusal) => {
          if (remove(client, waiter)) waiter.finish(result());
        };
        const onAbort = () => giveUp(() => 'left');
        const timer = setTimeout(() => giveUp(() => refusalFor(client)), options.waitMs);
        signal?.addEventListener('abort', onAbort, {once: true});
        const queue = queues.get(client) ?? [];
        queue.push(waiter);
        queues.set(client, queue);
        waitingCount += 1;
      });
    },
    roomFreed: serve,
    waiting: () => waitingCount,
    running: (client) => (client === undefined ? total : running.get(client) ?? 0),
  };
}
