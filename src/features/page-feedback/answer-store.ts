import type {KeyValueStorage} from '../search/query-store';

/** The reader's answer for one page, as this browser remembers it. */
export interface StoredAnswer {
  helpful: boolean;
}

/** Reads the remembered answer; anything unreadable counts as no answer. */
export function readAnswer(storage: KeyValueStorage, key: string): StoredAnswer | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredAnswer).helpful === 'boolean') return {helpful: (parsed as StoredAnswer).helpful};
  } catch {
    // A value another version wrote, or a hand edit: treated as unanswered.
  }
  return null;
}

/** Remembers the answer; a storage that refuses it is logged and the answer lives for this visit only. */
export function saveAnswer(storage: KeyValueStorage, key: string, answer: StoredAnswer, log: (m: string, e: unknown) => void = console.error): void {
  try {
    storage.setItem(key, JSON.stringify(answer));
  } catch (error) {
    log('Your answer to "Was this page helpful?" could not be saved in browser storage.', error);
  }
}
