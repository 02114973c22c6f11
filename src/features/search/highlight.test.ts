import {describe, expect, it} from 'vitest';
import {highlight, snippet} from './highlight';

describe('highlight', () => {
  it('marks words that start with a term, case-insensitively', () => {
    expect(highlight('Lineage and column lineage', ['lineag'])).toEqual([
      {text: 'Lineag', match: true}, {text: 'e and column ', match: false}, {text: 'lineag', match: true}, {text: 'e', match: false},
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
