import type {Section} from '../../lib/search/types';

/**
 * A larger site made from the real one (issue 50): the site's sections and `factor - 1` copies of them under other
 * paths (/docs/copyN/...), with about 30% of each copy's longer words given a suffix of their copy, so that the
 * vocabulary grows with the corpus as real docs' does (new product names, options). Deterministic; a whole factor.
 */
export function scaledSections(sections: readonly Section[], factor: number): Section[] {
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const alter = (text: string, copy: number) => text.replace(/[A-Za-z]{4,}/g, (word) => (random() < 0.3 ? `${word}q${copy}` : word));
  const scaled = [...sections];
  for (let copy = 1; copy < factor; copy++) {
    for (const s of sections) {
      const url = s.url.replace('/docs/', `/docs/copy${copy}/`);
      scaled.push({...s, id: url, url, text: alter(s.text, copy), questions: s.questions?.map((q) => alter(q, copy))});
    }
  }
  return scaled;
}
