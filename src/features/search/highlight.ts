import {ELLIPSIS, wordEndBefore, wordStartFrom} from '../../../lib/search/clip';

/** A run of text, marked when it matches a search term. */
export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches each whole word that starts with one of the terms (case-insensitive), or null without usable terms. */
function termPattern(terms: string[]): RegExp | null {
  const usable = [...new Set(terms.map((t) => t.toLowerCase()).filter((t) => t.length > 0))].sort((a, b) => b.length - a.length);
  return usable.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${usable.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu');
}

/** Splits text into parts, marking each whole word that starts with one of the terms (case-insensitive): terms are stems, so "lineag" marks "Lineage". */
export function highlight(text: string, terms: string[]): TextPart[] {
  const pattern = termPattern(terms);
  if (!pattern || !text) return text ? [{text, match: false}] : [];
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push({text: text.slice(last, m.index), match: false});
    parts.push({text: m[0], match: true});
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({text: text.slice(last), match: false});
  return parts;
}

/** Where the first highlighted word is (else the first occurrence of a term anywhere, else 0). */
function firstMatch(text: string, terms: string[]): number {
  const word = termPattern(terms)?.exec(text);
  if (word) return word.index;
  const lower = text.toLowerCase();
  return terms.map((t) => (t ? lower.indexOf(t.toLowerCase()) : -1)).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? 0;
}

/**
 * A window of at most `width` characters of text around the first match, a third of the window before it, with
 * " …" / "… " where text was cut. It starts and ends at word boundaries (lib/search/clip.ts, the rule the build-time
 * snippets follow): a word is only cut when it is longer than the whole window.
 */
export function snippet(text: string, terms: string[], width = 140): string {
  if (text.length <= width) return text;
  // Text clipped at build time already ends with its own ellipsis.
  const clipped = text.endsWith(ELLIPSIS);
  if (clipped) text = text.slice(0, -ELLIPSIS.length).trimEnd();
  const first = firstMatch(text, terms);
  // Near the end of the text the window moves back, so that it stays full.
  const at = Math.max(0, Math.min(first - Math.floor(width / 3), text.length - width));
  // The window holds the whole word the match starts, unless that is longer than the window.
  const matchEnd = first + (/^\S*/u.exec(text.slice(first))?.[0].length ?? 0);
  const start = wordStartFrom(text, matchEnd - first <= width ? Math.max(at, matchEnd - width) : at, first, width);
  const end = wordEndBefore(text, start + width, start);
  return `${start > 0 ? `${ELLIPSIS} ` : ''}${text.slice(start, end).trim()}${end < text.length || clipped ? ` ${ELLIPSIS}` : ''}`;
}
