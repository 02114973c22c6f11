/** Recent and favourite searches, persisted in browser storage with a no-op fallback (spec section 8). */

export interface QueryLists {
  recent: string[];
  favorites: string[];
}

export interface QueryStore {
  read(): QueryLists;
  addRecent(query: string): QueryLists;
  toggleFavorite(query: string): QueryLists;
  removeRecent(query: string): QueryLists;
  removeFavorite(query: string): QueryLists;
}

/** The storage calls the store needs; window.localStorage satisfies it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const MAX_RECENT = 5;
export const MAX_FAVORITES = 10;

const noopStorage: KeyValueStorage = {getItem: () => null, setItem: () => undefined};

/**
 * Returns window.localStorage, or a no-op store when the browser refuses it, logging `whatIsLost` ("Search history is
 * not saved") with the reason.
 */
export function browserStorage(whatIsLost: string, log: (message: string, error: unknown) => void = console.error): KeyValueStorage {
  try {
    const storage = window.localStorage;
    storage.getItem('datahub.search.probe');
    return storage;
  } catch (error) {
    log(`${whatIsLost}: browser storage is unavailable.`, error);
    return noopStorage;
  }
}

function readList(storage: KeyValueStorage, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((q): q is string => typeof q === 'string') : [];
  } catch {
    return [];
  }
}

/** Creates a store over the given storage; writes that fail (full storage) are logged and kept in memory. */
export function createQueryStore(
  storage: KeyValueStorage,
  keys: {recent: string; favorites: string},
  log: (message: string, error: unknown) => void = console.error,
): QueryStore {
  let lists: QueryLists = {recent: readList(storage, keys.recent), favorites: readList(storage, keys.favorites)};

  const save = (next: QueryLists): QueryLists => {
    lists = next;
    try {
      storage.setItem(keys.recent, JSON.stringify(next.recent));
      storage.setItem(keys.favorites, JSON.stringify(next.favorites));
    } catch (error) {
      log('Search history could not be saved: browser storage is full or unavailable.', error);
    }
    return lists;
  };
  const clean = (q: string) => q.trim().replace(/\s+/g, ' ');
  const without = (list: string[], q: string) => list.filter((item) => item.toLowerCase() !== q.toLowerCase());

  return {
    read: () => lists,
    addRecent(query) {
      const q = clean(query);
      if (!q) return lists;
      return save({...lists, recent: [q, ...without(lists.recent, q)].slice(0, MAX_RECENT)});
    },
    toggleFavorite(query) {
      const q = clean(query);
      if (!q) return lists;
      const favorites = isFavorite(lists, q) ? without(lists.favorites, q) : [q, ...lists.favorites].slice(0, MAX_FAVORITES);
      return save({recent: isFavorite(lists, q) ? lists.recent : without(lists.recent, q), favorites});
    },
    removeRecent: (query) => save({...lists, recent: without(lists.recent, query)}),
    removeFavorite: (query) => save({...lists, favorites: without(lists.favorites, query)}),
  };
}

/** Whether a query is saved as a favourite (case and spacing do not count). */
export function isFavorite(lists: QueryLists, query: string): boolean {
  const q = query.trim().replace(/\s+/g, ' ').toLowerCase();
  return lists.favorites.some((f) => f.toLowerCase() === q);
}
