import {describe, expect, it} from 'vitest';
import {VOTE_ID_PATTERN} from '../../../contract/page-feedback';
import {newVoteId} from './vote-id';

describe('vote ids', () => {
  it('are random version-4 UUIDs the server accepts, with or without crypto.randomUUID', () => {
    const ids = new Set(Array.from({length: 100}, () => newVoteId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(VOTE_ID_PATTERN);
    // Outside a secure context only getRandomValues exists.
    const fallback = newVoteId({getRandomValues: (array) => crypto.getRandomValues(array)});
    expect(fallback).toMatch(VOTE_ID_PATTERN);
    expect(newVoteId({getRandomValues: <T extends ArrayBufferView | null>(array: T) => array})).toBe('00000000-0000-4000-8000-000000000000');
  });
});
