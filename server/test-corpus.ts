import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Section} from '../lib/search/types';
import {CHAT_SECTIONS_FILE} from '../plugins/search-index/constants';

/**
 * Sections of made-up words that share syllables (so typo-tolerant look-ups find neighbours), built deterministically
 * so the server tests need no docs build. Four sections per page; common words have long posting lists, as in real text.
 */
export function syntheticSections(count: number, wordsPerSection: number, vocabularySize = 20_000): Section[] {
  const syllables = ['da', 'ta', 'hub', 'me', 'lin', 'ea', 'ge', 'so', 'ur', 'ce', 'ing', 'est', 'po', 'li', 'cy', 'as', 'pe', 'ct', 'ro', 'ke'];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const vocabulary = Array.from({length: vocabularySize}, (_, i) => {
    let word = '';
    for (let n = i + 1; n > 0; n = Math.floor(n / syllables.length)) word += syllables[n % syllables.length];
    return `${word}x`;
  });
  // Skewed toward the first words, as real text is: common words have long posting lists.
  const pick = () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)];
  return Array.from({length: count}, (_, i) => {
    const text = Array.from({length: wordsPerSection}, pick).join(' ');
    const url = `/docs/page-${Math.floor(i / 4)}#section-${i % 4}`;
    return {id: url, url, hierarchy: ['Guides', `Page ${Math.floor(i / 4)}`, `Section ${i}`, null, null, null, null], text, language: 'en', docsTag: 'docs-default-current', pageKind: 'guide', blocks: [text]};
  });
}

/** A build folder holding a home page and these sections (what the server loads at start), in the temporary directory. */
export function syntheticBuild(sections: Section[]): string {
  const build = mkdtempSync(path.join(tmpdir(), 'synthetic-build-'));
  writeFileSync(path.join(build, 'index.html'), '<!doctype html><title>DataHub</title><p>Home</p>');
  mkdirSync(path.join(build, 'docs'), {recursive: true});
  writeFileSync(path.join(build, CHAT_SECTIONS_FILE), JSON.stringify(sections));
  return build;
}
