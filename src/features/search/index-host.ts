import type {SearchFilters, SearchHit} from '../../../lib/search/engine';

/** Where a fetched local index is parsed and queried: this thread, or a worker so that the page stays responsive. */
export interface IndexHost {
  /** Parses the index file (UTF-8 JSON bytes); rejects when it is not a search index. */
  load(bytes: ArrayBuffer): Promise<void>;
  search(query: string, limit: number, filters: SearchFilters): Promise<{hits: SearchHit[]; total: number}>;
}

/** Messages to the search worker. */
export type WorkerRequest =
  | {id: number; type: 'load'; bytes: ArrayBuffer}
  | {id: number; type: 'search'; query: string; limit: number; filters: SearchFilters};

/** A request before the host numbers it (Omit distributed over the union's members). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** Replies of the search worker, one per request. */
export type WorkerReply = {id: number; ok: true; hits?: SearchHit[]; total?: number} | {id: number; ok: false; message: string};

/** Parses and queries in the given worker (search.worker.ts); each request gets the reply with its id. */
export function workerHost(worker: Worker): IndexHost {
  let nextId = 1;
  const pending = new Map<number, {resolve: (reply: WorkerReply & {ok: true}) => void; reject: (error: Error) => void}>();
  worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply);
    else waiting?.reject(new Error(reply.message));
  });
  worker.addEventListener('error', (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`Search worker failed: ${event.message}`));
    pending.clear();
  });
  const send = (request: WithoutId<WorkerRequest>, transfer: Transferable[] = []) =>
    new Promise<WorkerReply & {ok: true}>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, {resolve, reject});
      worker.postMessage({...request, id}, transfer);
    });
  return {
    load: async (bytes) => {
      await send({type: 'load', bytes}, [bytes]);
    },
    search: async (query, limit, filters) => {
      const reply = await send({type: 'search', query, limit, filters});
      return {hits: reply.hits ?? [], total: reply.total ?? 0};
    },
  };
}
