import {describe, expect, it, vi} from 'vitest';
import {createQueryStore, MAX_RECENT, type KeyValueStorage} from './query-store';

const memory = (): KeyValueStorage & {data: Map<string, string>} => {
  const data = new Map<string, string>();
  return {data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v)};
};
const keys = {recent: 'r', favorites: 'f'};

describe('query store', () => {
  it('keeps recent searches newest first, de-duplicated and bounded', () => {
    const store = createQueryStore(memory(), keys);
    for (let i = 0; i < MAX_RECENT + 2; i++) store.addRecent(`q${i}`);
    store.addRecent('q3');
    const {recent} = store.read();
    expect(recent[0]).toBe('q3');
    expect(recent).toHaveLength(MAX_RECENT);
    expect(new Set(recent).size).toBe(recent.length);
  });

  it('persists and reloads favourites, toggling them off again', () => {
    const storage = memory();
    createQueryStore(storage, keys).toggleFavorite('  glossary  terms ');
    const reloaded = createQueryStore(storage, keys);
    expect(reloaded.read().favorites).toEqual(['glossary terms']);
    expect(reloaded.toggleFavorite('GLOSSARY TERMS').favorites).toEqual([]);
  });

  it('ignores corrupt stored values', () => {
    const storage = memory();
    storage.data.set('r', '{not json');
    storage.data.set('f', JSON.stringify([1, 'ok']));
    expect(createQueryStore(storage, keys).read()).toEqual({recent: [], favorites: ['ok']});
  });

  it('keeps working in memory and logs when storage is full', () => {
    const log = vi.fn();
    const full: KeyValueStorage = {getItem: () => null, setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    }};
    const store = createQueryStore(full, keys, log);
    expect(store.addRecent('lineage').recent).toEqual(['lineage']);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/could not be saved/), expect.any(DOMException));
  });
});
