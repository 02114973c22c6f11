import {startTransition, useEffect, useRef, useState} from 'react';
import type {SearchHit} from '../../../lib/search/engine';
import type {SearchBackend} from './search-types';
import {afterNextPaint} from '../after-next-paint';

export type SearchState =
  | {status: 'idle'}
  | {status: 'loading'; query: string}
  /** `partial`: the first hits are shown while the others are still downloading. */
  | {status: 'done'; query: string; hits: SearchHit[]; total: number; partial?: boolean}
  | {status: 'error'; query: string};

/** Runs the query against the backend as it changes; stale answers are dropped. */
export function useSearch(backend: SearchBackend, query: string, limit: number, retryKey = 0): SearchState {
  const [state, setState] = useState<SearchState>({status: 'idle'});
  const shown = useRef(state);
  shown.current = state;
  // Resolves the promise given to the backend with the first hits, once React has committed them.
  const firstHitsCommitted = useRef<(() => void) | null>(null);
  useEffect(() => {
    const resolve = firstHitsCommitted.current;
    firstHitsCommitted.current = null;
    if (resolve) afterNextPaint().then(resolve);
  }, [state]);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({status: 'idle'});
      return undefined;
    }
    let current = true;
    setState((previous) => (previous.status === 'done' ? previous : {status: 'loading', query: q}));
    // The first hits, when no results are on screen yet (the page's first query); the backend downloads the rest
    // once they are painted. Results already shown stay until the next ones are complete: while the reader types or
    // asks for more, the list never shrinks to a few hits and grows back.
    const showFirst = ({hits, total}: {hits: SearchHit[]; total: number}): Promise<void> => {
      if (!current || shown.current.status === 'done') return Promise.resolve();
      // Transitions: React renders a list of results in short slices instead of one long task.
      startTransition(() => setState({status: 'done', query: q, hits, total, partial: true}));
      return new Promise((resolve) => {
        firstHitsCommitted.current = resolve;
        // Should the render never commit (a newer query replaced it), the rest still downloads.
        setTimeout(resolve, 1000);
      });
    };
    backend.search(q, limit, showFirst).then(
      ({hits, total}) => current && startTransition(() => setState({status: 'done', query: q, hits, total})),
      (error: unknown) => {
        console.error('Search failed:', error);
        if (current) setState({status: 'error', query: q});
      },
    );
    return () => {
      current = false;
    };
  }, [backend, query, limit, retryKey]);
  return state;
}
