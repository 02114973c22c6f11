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

describe('snippet windows start and end at whole words', () => {
  /** The snippet's text without its ellipses, and where it sits in `text`. */
  function windowOf(text: string, s: string) {
    const lead = s.startsWith('… ');
    const trail = s.endsWith(' …');
    const body = s.slice(lead ? 2 : 0, trail ? -2 : undefined);
    return {lead, trail, body, at: text.indexOf(body)};
  }

  it('starts at the start of the word when the window would start inside the last word (the old code showed "… rn:li:…")', () => {
    const token = 'urn:li:dataPlatform:postgres,shop.public.orders,PROD)';
    const text = `${'Verify the write with a call to the entity endpoint, which answers with '.repeat(2)}${token}`;
    expect(snippet(text, ['shop'], 120)).toBe(`… the write with a call to the entity endpoint, which answers with ${token}`);
    expect(snippet(text, ['shop'], 60)).toBe(`… with ${token}`);
  });

  it('starts at the start of the word holding the match rather than after it', () => {
    const token = 'urn:li:dataPlatform:postgres,shop.public.orders,PROD)';
    const text = `${'intro '.repeat(20)}${token} ${'tail '.repeat(20)}`;
    expect(snippet(text, ['shop'], 60)).toBe(`… ${token} tail …`);
  });

  it('shows the whole word a match starts, even at the end of the text', () => {
    const text = `${'alpha '.repeat(10)}from datahub.emitter.mcp import MetadataChangeProposalWrapper`;
    expect(snippet(text, ['metadatachangeproposalwrapper'], 40)).toBe('… import MetadataChangeProposalWrapper');
  });

  it('centres on a match at a word start rather than one inside another word', () => {
    const text = `${'pipeline '.repeat(12)}the lineage graph ${'tail '.repeat(30)}`;
    expect(snippet(text, ['line'], 40)).toContain('pipeline');
    expect(snippet(`inline ${'filler '.repeat(20)}line items ${'tail '.repeat(20)}`, ['line'], 30)).toMatch(/^… .*\bline items\b/u);
  });

  it('cuts a word only when it is longer than the whole window, and shows the ellipsis there too', () => {
    const giant = 'x'.repeat(300);
    expect(snippet(giant, ['x'], 120)).toBe(`${'x'.repeat(120)} …`);
    const s = snippet(`intro ${giant} outro`, ['outro'], 60);
    expect(s.startsWith('… ')).toBe(true);
    expect(s.endsWith('outro')).toBe(true);
  });

  it('never cuts a word shorter than the window, on many generated texts and terms', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 2000; n++) {
      const words = Array.from({length: 5 + Math.floor(random() * 40)}, () => 'abcdefghij.:/'.repeat(5).slice(0, 1 + Math.floor(random() * (random() < 0.1 ? 60 : 10))));
      const width = 20 + Math.floor(random() * 200);
      const text = clipAtWord(words.join(' '), 140);
      const plain = text.endsWith('…') ? text.slice(0, -1).trimEnd() : text;
      const term = words[Math.floor(random() * words.length)].slice(0, 3);
      const s = snippet(text, [term], width);
      const {lead, trail, body, at} = windowOf(plain, s);
      const context = `${JSON.stringify(text)} [${term}] ${width}: ${JSON.stringify(s)}`;
      expect(at, context).toBeGreaterThanOrEqual(0);
      expect(body.length, context).toBeLessThanOrEqual(width);
      expect(lead, context).toBe(at > 0);
      expect(trail, context).toBe(at + body.length < plain.length || text !== plain);
      const wordAt = (i: number) => plain.slice(plain.lastIndexOf(' ', i - 1) + 1).split(' ')[0];
      if (lead && plain[at - 1] !== ' ') expect(wordAt(at).length, context).toBeGreaterThan(width);
      if (at + body.length < plain.length && plain[at + body.length] !== ' ') expect(wordAt(at + body.length).length, context).toBeGreaterThan(width);
    }
  });
});
