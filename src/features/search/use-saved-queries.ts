import {useMemo, useState} from 'react';
import {storageKeys} from '@site/src/site';
import {browserStorage, createQueryStore, type QueryLists} from './query-store';

/** Recent and favourite searches with the changes a reader makes to them, as the modal and the search page offer them. */
export interface SavedQueriesState {
  lists: QueryLists;
  addRecent: (query: string) => void;
  toggleFavorite: (query: string) => void;
  removeRecent: (query: string) => void;
  removeFavorite: (query: string) => void;
}

/** The reader's saved searches from browser storage, re-rendering on each change. Browser only (it reads storage). */
export function useSavedQueries(): SavedQueriesState {
  const store = useMemo(() => createQueryStore(browserStorage('Search history is not saved'), {recent: storageKeys.recentSearches, favorites: storageKeys.favoriteSearches}), []);
  const [lists, setLists] = useState(store.read);
  return useMemo(
    () => ({
      lists,
      addRecent: (q: string) => setLists(store.addRecent(q)),
      toggleFavorite: (q: string) => setLists(store.toggleFavorite(q)),
      removeRecent: (q: string) => setLists(store.removeRecent(q)),
      removeFavorite: (q: string) => setLists(store.removeFavorite(q)),
    }),
    [lists, store],
  );
}
