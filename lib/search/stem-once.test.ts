import {describe, expect, it, vi} from 'vitest';

// Counts the stemmer's calls (the library, not our code): indexing must stem each distinct word once.
const calls = vi.hoisted(() => ({count: 0}));
vi.mock('stemmer', async (importOriginal) => {
  const {stemmer} = await importOriginal<typeof import('stemmer')>();
  return {stemmer: (word: string) => (calls.count++, stemmer(word))};
});

const {buildSearchIndex} = await import('./engine');

/** A word of letters only (the tokenizer keeps digits with letters, but bare numbers are dropped). */
const word = (n: number) => `w${n.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)])}x`;

describe('indexing a vocabulary larger than the stem cache', () => {
  it('stems each distinct word once, though the words come back in every section', () => {
    // 60,000 distinct words, more than processTerm's cache keeps (50,000), each written in 3 sections.
    const distinct = 60_000;
    const perSection = 600;
    const sections = Array.from({length: (distinct / perSection) * 3}, (_, s) => {
      const start = (s % (distinct / perSection)) * perSection;
      const text = Array.from({length: perSection}, (_, i) => word(start + i)).join(' ');
      return {id: `/docs/p${s}`, url: `/docs/p${s}`, hierarchy: ['Group', `Page ${s}`, null, null, null, null, null], text, language: 'en', docsTag: 'current', pageKind: 'guide' as const};
    });
    calls.count = 0;
    buildSearchIndex(sections);
    // Each word once (and the page titles' few words); processTerm's own cache alone started over every 50,000
    // words and stemmed the words of the later sections again: about three times as many calls.
    expect(calls.count).toBeLessThan(distinct * 1.1);
  });
});
