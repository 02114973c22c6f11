import {useEffect, useState} from 'react';
import type {SearchHit} from './engine';
import type {SearchBackend} from './backend';

export type SearchState =
  | {status: 'idle'}
  | {status: 'loading'; query: string}
  | {status: 'done'; query: string; hits: SearchHit[]; total: number}
  | {status: 'error'; query: string};

/** Runs the query against the backend as it changes; stale answers are dropped. */
export function useSearch(backend: SearchBackend, query: string, limit: number, retryKey = 0): SearchState {
  const [state, setState] = useState<SearchState>({status: 'idle'});
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({status: 'idle'});
      return undefined;
    }
    let current = true;
    setState((previous) => (previous.status === 'done' ? previous : {status: 'loading', query: q}));
    backend.search(q, limit).then(
      ({hits, total}) => current && setState({status: 'done', query: q, hits, total}),
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
