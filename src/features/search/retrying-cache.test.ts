import {describe, expect, it} from 'vitest';
import {retryingCache} from './retrying-cache';

describe('retryingCache', () => {
  it('starts each key once, shares the promise, and tries a rejected key again', async () => {
    const calls: string[] = [];
    let fail = true;
    const get = retryingCache(async (key) => {
      calls.push(key);
      if (key === 'b' && fail) {
        fail = false;
        throw new Error('offline');
      }
      return key.toUpperCase();
    });
    expect(await Promise.all([get('a'), get('a')])).toEqual(['A', 'A']);
    await expect(get('b')).rejects.toThrow('offline');
    expect(await get('b')).toBe('B');
    expect(await get('b')).toBe('B');
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('keeps at most `limit` keys, dropping the oldest', async () => {
    const calls: string[] = [];
    const get = retryingCache(async (key) => calls.push(key), 1);
    await get('a');
    await get('a');
    await get('b');
    await get('a');
    expect(calls).toEqual(['a', 'b', 'a']);
  });
});
