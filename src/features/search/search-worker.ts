import type {SearchFilters} from '../../../lib/search/engine';
import type {SearchPage, ShardedSearchIndex} from './search-types';

/**
 * The sharded index run in a dedicated worker, answering the page through messages: decoding the lexicon, scanning
 * its terms and ranking cost a phone tens of milliseconds per query, which the page's main thread then spends on
 * painting and answering taps instead. The worker side is `serveShardedIndex`; the page side, `connectShardedIndex`,
 * is a ShardedSearchIndex like the one opened in the page.
 */

type ToWorker =
  | {type: 'open'; lexiconUrl: string}
  | {type: 'search'; id: number; query: string; limit: number; filters: SearchFilters; firstHits: boolean}
  /** The page has shown a search's first hits: the worker may fetch the sections of the others. */
  | {type: 'continue'; id: number};

type FromWorker =
  | {type: 'ready'}
  | {type: 'failed'; message: string}
  | {type: 'first-hits'; id: number; page: SearchPage}
  | {type: 'hits'; id: number; page: SearchPage}
  | {type: 'error'; id: number; message: string};

/** The parts of a worker's global scope, or of a Worker seen from the page, that the two sides use. */
interface Port<In, Out> {
  onmessage: ((event: MessageEvent<In>) => void) | null;
  postMessage(message: Out): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs in the worker: opens the index the page names and answers its searches, in the order they come. */
export function serveShardedIndex(scope: Port<ToWorker, FromWorker>, open: (lexiconUrl: string) => Promise<ShardedSearchIndex>): void {
  let index: Promise<ShardedSearchIndex>;
  const continues = new Map<number, () => void>();
  scope.onmessage = ({data}) => {
    if (data.type === 'open') {
      index = open(data.lexiconUrl);
      index.then(
        () => scope.postMessage({type: 'ready'}),
        (error: unknown) => scope.postMessage({type: 'failed', message: messageOf(error)}),
      );
    } else if (data.type === 'continue') {
      continues.get(data.id)?.();
    } else {
      const {id} = data;
      const showFirstHits = (page: SearchPage) =>
        new Promise<void>((resolve) => {
          continues.set(id, resolve);
          scope.postMessage({type: 'first-hits', id, page});
        });
      // The page sends 'open' first, so `index` is set.
      index
        .then((opened) => opened.search(data.query, data.limit, data.filters, data.firstHits ? showFirstHits : undefined))
        .then(
          (page) => scope.postMessage({type: 'hits', id, page}),
          (error: unknown) => scope.postMessage({type: 'error', id, message: messageOf(error)}),
        )
        .finally(() => continues.delete(id));
    }
  };
}

interface PendingSearch {
  resolve(page: SearchPage): void;
  reject(error: Error): void;
  onFirstHits?: (page: SearchPage) => Promise<void> | void;
}

/**
 * Runs in the page: the index served by `worker`, resolved once the worker has its lexicon, rejected when it cannot
 * open it (the page's search then opens one of its own).
 */
export function connectShardedIndex(worker: Worker, lexiconUrl: string): Promise<ShardedSearchIndex> {
  const port = worker as unknown as Port<FromWorker, ToWorker>;
  const pending = new Map<number, PendingSearch>();
  let nextId = 0;
  let stopped: Error | null = null;
  const index: ShardedSearchIndex = {
    search: (query, limit, filters = {}, onFirstHits) =>
      new Promise((resolve, reject) => {
        if (stopped) return reject(stopped);
        const id = nextId++;
        pending.set(id, {resolve, reject, onFirstHits});
        port.postMessage({type: 'search', id, query, limit, filters, firstHits: Boolean(onFirstHits)});
      }),
  };
  return new Promise((resolveOpen, rejectOpen) => {
    port.onmessage = ({data}) => {
      if (data.type === 'ready') return resolveOpen(index);
      if (data.type === 'failed') return rejectOpen(new Error(data.message));
      const search = pending.get(data.id);
      if (!search) return;
      if (data.type === 'first-hits') {
        // An async step, so that a callback that throws rejects the search like one whose promise rejects.
        (async () => search.onFirstHits?.(data.page))()
          .catch((error: unknown) => {
            pending.delete(data.id);
            search.reject(error instanceof Error ? error : new Error(messageOf(error)));
          })
          .finally(() => port.postMessage({type: 'continue', id: data.id}));
        return;
      }
      pending.delete(data.id);
      if (data.type === 'hits') search.resolve(data.page);
      else search.reject(new Error(data.message));
    };
    worker.addEventListener('error', (event) => {
      stopped = new Error(`The search worker stopped: ${event.message || 'its script could not be loaded'}. Reload the page to search again.`);
      rejectOpen(stopped);
      pending.forEach((search) => search.reject(stopped!));
      pending.clear();
    });
    port.postMessage({type: 'open', lexiconUrl});
  });
}
