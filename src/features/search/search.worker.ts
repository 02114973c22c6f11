// Parses the local search index and answers queries off the main thread (index-host.ts talks to it).
import type {WorkerReply, WorkerRequest} from './index-host';
import {createIndexState} from './in-thread-host';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (reply: WorkerReply) => void;
};
const state = createIndexState();

scope.onmessage = ({data: request}) => {
  try {
    if (request.type === 'load') {
      state.load(request.bytes);
      scope.postMessage({id: request.id, ok: true});
    } else {
      scope.postMessage({id: request.id, ok: true, ...state.search(request.query, request.limit, request.filters)});
    }
  } catch (error) {
    scope.postMessage({id: request.id, ok: false, message: error instanceof Error ? error.message : String(error)});
  }
};
