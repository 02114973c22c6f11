import {describe, expect, it} from 'vitest';
import {readAnswer, saveAnswer} from './answer-store';

const memory = () => {
  const values = new Map<string, string>();
  return {getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v)};
};

describe('page feedback answer store', () => {
  it('remembers an answer per key and reads it back', () => {
    const storage = memory();
    saveAnswer(storage, 'a', {helpful: false});
    expect(readAnswer(storage, 'a')).toEqual({helpful: false});
    expect(readAnswer(storage, 'b')).toBe(null);
  });

  it('treats unreadable values as no answer, and logs a storage that refuses to save', () => {
    const storage = memory();
    storage.setItem('a', '{not json');
    storage.setItem('b', '{"helpful":"yes"}');
    expect(readAnswer(storage, 'a')).toBe(null);
    expect(readAnswer(storage, 'b')).toBe(null);
    const logged: string[] = [];
    saveAnswer({getItem: () => null, setItem: () => {
      throw new Error('quota');
    }}, 'a', {helpful: true}, (message) => logged.push(message));
    expect(logged).toHaveLength(1);
  });
});
