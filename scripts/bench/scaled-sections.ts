import type {Section} from '../../lib/search/types';

/** A deterministic pseudo-random sequence in [0, 1) from a seed (a linear congruential generator). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** Gives about 30% of the words of four letters or more the suffix of their copy (`word` becomes `wordq2`). */
export const alterWords = (text: string, copy: number, random: () => number): string =>
  text.replace(/[A-Za-z]{4,}/g, (word) => (random() < 0.3 ? `${word}q${copy}` : word));

/**
 * A larger site made from the real one (issue 50): the site's sections and `factor - 1` copies of them under other
 * paths (/docs/copyN/...), with about 30% of each copy's longer words given a suffix of their copy, so that the
 * vocabulary grows with the corpus as real docs' does (new product names, options). Deterministic; a whole factor.
 */
export function scaledSections(sections: readonly Section[], factor: number): Section[] {
  const random = seededRandom(7);
  const scaled = [...sections];
  for (let copy = 1; copy < factor; copy++) {
    for (const s of sections) {
      const url = s.url.replace('/docs/', `/docs/copy${copy}/`);
      scaled.push({...s, id: url, url, text: alterWords(s.text, copy, random), questions: s.questions?.map((q) => alterWords(q, copy, random))});
    }
  }
  return scaled;
}
