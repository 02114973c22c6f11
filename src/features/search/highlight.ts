import {ELLIPSIS} from '../../../lib/search/clip';

/** A run of text, marked when it matches a search term. */
export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits text into parts, marking each whole word that starts with one of the terms (case-insensitive): terms are stems, so "lineag" marks "Lineage". */
export function highlight(text: string, terms: string[]): TextPart[] {
  const usable = [...new Set(terms.map((t) => t.toLowerCase()).filter((t) => t.length > 0))].sort((a, b) => b.length - a.length);
  if (usable.length === 0 || !text) return text ? [{text, match: false}] : [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${usable.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu');
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

/** A window of about `width` characters around the first match, cut at spaces, with ellipses where text was cut. */
export function snippet(text: string, terms: string[], width = 140): string {
  if (text.length <= width) return text;
  // Text clipped at build time already ends with its own ellipsis.
  const clipped = text.endsWith(ELLIPSIS);
  if (clipped) text = text.slice(0, -ELLIPSIS.length).trimEnd();
  const lower = text.toLowerCase();
  const first = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? 0;
  let start = Math.max(0, first - Math.floor(width / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + width);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? `${ELLIPSIS} ` : ''}${text.slice(start, end).trim()}${end < text.length || clipped ? ` ${ELLIPSIS}` : ''}`;
}
