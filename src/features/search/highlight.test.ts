import {describe, expect, it} from 'vitest';
import {highlight, snippet} from './highlight';
import {clipAtWord} from '../../../lib/search/clip';

describe('highlight', () => {
  it('marks words that start with a term, case-insensitively', () => {
    expect(highlight('Lineage and column lineage', ['lineag'])).toEqual([
      {text: 'Lineage', match: true}, {text: ' and column ', match: false}, {text: 'lineage', match: true},
    ]);
  });

  it('does not mark a term inside another word, and escapes regex characters', () => {
    expect(highlight('inline', ['line']).some((p) => p.match)).toBe(false);
    expect(highlight('a.b (c)', ['(c']).filter((p) => p.match).map((p) => p.text)).toEqual(['(c']);
  });

  it('returns the text unmarked without terms', () => {
    expect(highlight('text', [])).toEqual([{text: 'text', match: false}]);
  });
});

describe('snippet', () => {
  const text = `${'intro words '.repeat(20)}the lineage graph ${'tail words '.repeat(20)}`;
  it('centres the window on the first match with ellipses', () => {
    const s = snippet(text, ['lineage'], 60);
    expect(s).toContain('lineage');
    expect(s.startsWith('… ')).toBe(true);
    expect(s.endsWith(' …')).toBe(true);
  });

  it('keeps short text whole', () => {
    expect(snippet('short', ['x'])).toBe('short');
  });
});

describe('whole words and word boundaries', () => {
  it('marks the whole word a stem starts, not the stem alone', () => {
    const marked = (text: string, terms: string[]) => highlight(text, terms).filter((p) => p.match).map((p) => p.text);
    expect(marked('Snowflake and snowflakes', ['snowflak'])).toEqual(['Snowflake', 'snowflakes']);
    expect(marked('Access Tokens', ['token'])).toEqual(['Tokens']);
  });

  it('ends a clipped snippet at a space, with an ellipsis, never inside a word', () => {
    const clipped = clipAtWord('Each entry inspects every aspect of the entity before it writes', 30);
    expect(clipped).toBe('Each entry inspects every …');
    expect(clipped.length).toBeLessThanOrEqual(30);
    expect(snippet(clipped, ['entry'], 140)).toBe(clipped);
    expect(clipAtWord('short text', 30)).toBe('short text');
  });

  it('keeps the ellipsis of text clipped at build time when the window cuts it again', () => {
    const long = clipAtWord(`${'word '.repeat(40)}end of the section text`, 140);
    const s = snippet(long, ['word'], 60);
    expect(s.endsWith(' …')).toBe(true);
    expect(s.split(' ').slice(-2, -1)[0]).toBe('word');
  });
});
