import {describe, expect, it} from 'vitest';
import {clipAtWord, ELLIPSIS, wordEndBefore, wordStartFrom} from './clip';
import {buildSearchIndex, SNIPPET_CHARS} from './engine';
import type {Section} from './types';

/** The whitespace-delimited word of `text` that holds position `i`. */
function wordAt(text: string, i: number): string {
  let start = i;
  while (start > 0 && /\S/u.test(text[start - 1])) start--;
  let end = i;
  while (end < text.length && /\S/u.test(text[end])) end++;
  return text.slice(start, end);
}

/** Whether `clipped` is `text` cut at a word boundary with " …", or the exception: inside a word longer than `room`. */
function cutAtWord(text: string, clipped: string, room: number): boolean {
  if (clipped === text) return true;
  if (!clipped.endsWith(` ${ELLIPSIS}`)) return false;
  const body = clipped.slice(0, -2);
  if (!text.startsWith(body) || /\s$/u.test(body)) return false;
  return /\s/u.test(text[body.length]) || wordAt(text, body.length).length > room;
}

describe('clipAtWord', () => {
  it('keeps text that fits', () => {
    expect(clipAtWord('short text', 30)).toBe('short text');
    expect(clipAtWord('x'.repeat(30), 30)).toBe('x'.repeat(30));
  });

  it('ends at the last whole word, with " …", within the limit', () => {
    expect(clipAtWord('Each entry inspects every aspect of the entity before it writes', 30)).toBe('Each entry inspects every …');
    // A word that ends exactly at the room left before " …" is kept.
    expect(clipAtWord('abcd efgh ijkl mnop', 11)).toBe('abcd efgh …');
  });

  it('does not cut inside a word when the second half has no space (the old code cut it at "…%2CP")', () => {
    // A section of the REST.li docs: an 87-character URN from the middle of the limit on.
    const text = "Fetch an aspect as stored, including its system metadata: URN='urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Clogging_events%2CPROD%29' curl \"http://localhost:8080/aspects/$URN?aspect=global";
    expect(clipAtWord(text, SNIPPET_CHARS)).toBe('Fetch an aspect as stored, including its system metadata: …');
    expect(clipAtWord(text, 150)).toBe(`${text.slice(0, text.indexOf(' curl'))} …`);
  });

  it('cuts at any whitespace, not only spaces', () => {
    expect(clipAtWord('alpha\nbeta\tgamma delta', 14)).toBe('alpha\nbeta …');
  });

  it('cuts a word only when it is longer than the whole limit, and still marks the cut', () => {
    expect(clipAtWord('x'.repeat(50), 20)).toBe(`${'x'.repeat(18)} …`);
    expect(clipAtWord(`${'y'.repeat(50)} tail`, 20)).toBe(`${'y'.repeat(18)} …`);
    // A word after others that could never fit whole is cut too, rather than dropped with everything after it.
    const url = `https://example.com/${'p'.repeat(40)}`;
    expect(clipAtWord(`see ${url} for more`, 30)).toBe(`see ${url.slice(0, 24)} …`);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const clipped = clipAtWord('😀'.repeat(20), 11);
    expect(clipped).toBe(`${'😀'.repeat(4)} …`);
  });

  it('follows the rule on many generated texts', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 2000; n++) {
      const words = Array.from({length: 1 + Math.floor(random() * 30)}, () => 'abcdefghij/:%'.repeat(8).slice(0, 1 + Math.floor(random() * (random() < 0.1 ? 90 : 12))));
      const text = words.join(random() < 0.2 ? '  ' : ' ');
      const max = 10 + Math.floor(random() * 130);
      const clipped = clipAtWord(text, max);
      expect(clipped.length).toBeLessThanOrEqual(max);
      expect(cutAtWord(text, clipped, max - 2), `${JSON.stringify(text)} at ${max}: ${JSON.stringify(clipped)}`).toBe(true);
    }
  });
});

describe('build-time snippets', () => {
  it('are clipped by the same rule in the browser index', () => {
    const text = `Open the UI, run a search, then check the topic or the index: curl -s "http://localhost:9200/datahub_usage_event/_search?size=1&sort=timestamp:desc" | head`;
    const sections: Section[] = [{
      id: '/docs/a', url: '/docs/a', hierarchy: ['Group', 'Title', null, null, null, null, null], text, language: 'en', docsTag: 'docs-default-current', pageKind: 'guide',
    }];
    const stored = buildSearchIndex(sections).sections[0][3];
    expect(stored).toBe(clipAtWord(text, SNIPPET_CHARS));
    // The old code stored '…_search?size=1&sort=times …'.
    expect(stored).toBe('Open the UI, run a search, then check the topic or the index: curl -s …');
  });
});

describe('wordEndBefore and wordStartFrom', () => {
  const text = 'alpha beta gamma';
  it('end at a word end at or before the limit', () => {
    expect(wordEndBefore(text, 16)).toBe(16);
    expect(wordEndBefore(text, 10)).toBe(10);
    expect(wordEndBefore(text, 11)).toBe(10);
    expect(wordEndBefore(text, 9)).toBe(5);
    expect(wordEndBefore(text, 14, 6)).toBe(10);
    // "gamma" is longer than the window [11, 14): cut.
    expect(wordEndBefore(text, 14, 11)).toBe(14);
  });

  it('start at a word start: the next one, or the start of the word holding the position to keep', () => {
    expect(wordStartFrom(text, 0)).toBe(0);
    expect(wordStartFrom(text, 6)).toBe(6);
    expect(wordStartFrom(text, 5)).toBe(6);
    expect(wordStartFrom(text, 2, 12)).toBe(6);
    expect(wordStartFrom(text, 12, 13)).toBe(11);
    // The word holding both is longer than maxWord: cut at the position.
    expect(wordStartFrom(text, 12, 13, 4)).toBe(12);
  });
});
