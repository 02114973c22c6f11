import {createHash} from 'node:crypto';
import type {Section} from '../../../lib/search/types';

/**
 * What the model reads of a section: its page title and headings, then its text, cut at `maxChars` (a model ignores or
 * refuses what passes its input length, and the start of a section says what it is about).
 */
export function sectionInput(section: Section, maxChars: number): string {
  const headings = section.hierarchy.slice(1).filter((h): h is string => Boolean(h));
  return `${headings.join(' > ')}\n${section.text}`.slice(0, maxChars);
}

/** Key of a section's vector in the cache: the hash of exactly what the model read, so an edited section is embedded again. */
export const inputHash = (input: string) => createHash('sha256').update(input).digest('hex').slice(0, 32);
