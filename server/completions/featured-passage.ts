import {queryTermsOf} from '../../lib/search/engine';

/**
 * The passage of a section that answers a question, as a featured snippet would quote it: whole Markdown blocks
 * (paragraphs, list items, code blocks, tables) as written, never a sentence cut in two or a table run into prose.
 */

/** Fewest and most words a passage aims for. */
export const PASSAGE_MIN_WORDS = 60;
export const PASSAGE_MAX_WORDS = 250;
/** Longest introduction ("Run the following:") quoted before the block it introduces. */
const MAX_INTRO_WORDS = 80;

export type BlockKind = 'code' | 'list' | 'table' | 'quote' | 'paragraph';

/** What a top-level Markdown block is, from how it starts. */
export function blockKind(block: string): BlockKind {
  if (/^(```|~~~)/.test(block) || /^( {4}|\t)/.test(block)) return 'code';
  if (/^\s*([-*+]|\d+[.)])\s/.test(block)) return 'list';
  if (/^\s*\|/.test(block) && /\n\s*\|?\s*:?-{3,}/.test(block)) return 'table';
  if (block.startsWith('>')) return 'quote';
  return 'paragraph';
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Items of a list block: each starts at a marker line of the list's own indentation. */
function listItems(block: string): string[] {
  const lines = block.split('\n');
  const indent = lines[0].match(/^\s*/)![0].length;
  const items: string[][] = [];
  for (const line of lines) {
    const marker = /^\s*([-*+]|\d+[.)])\s/.test(line) && line.match(/^\s*/)![0].length === indent;
    if (marker || items.length === 0) items.push([line]);
    else items[items.length - 1].push(line);
  }
  return items.map((item) => item.join('\n').trimEnd());
}

/** Sentences of a paragraph, each ending with its punctuation. */
const sentencesOf = (paragraph: string) => paragraph.split(/(?<=[.!?])\s+(?=[A-Z`*[(])/);

/** A table cut to fit `maxWords`: its header, then the rows that hold the most of the question's terms, in order. */
function tableExcerpt(table: string, maxWords: number, terms: PassageTerms): string {
  const [header, separator, ...rows] = table.split('\n');
  const ranked = rows.map((row, i) => ({row, i, score: relevanceOf(row, terms)})).sort((a, b) => b.score - a.score || a.i - b.i);
  const kept: typeof ranked = [];
  let words = wordCount(header);
  for (const candidate of ranked) {
    if (kept.length > 0 && (candidate.score === 0 || words + wordCount(candidate.row) > maxWords)) break;
    kept.push(candidate);
    words += wordCount(candidate.row);
  }
  return [header, separator, ...kept.sort((a, b) => a.i - b.i).map((k) => k.row)].join('\n');
}

/** The longest start of a block within `maxWords`, cut between list items or sentences (a table: its best rows). */
function leadOf(block: string, maxWords: number, terms: PassageTerms): string {
  const kind = blockKind(block);
  if (kind === 'table') return tableExcerpt(block, maxWords, terms);
  const parts = kind === 'list' ? listItems(block) : sentencesOf(block);
  const kept: string[] = [];
  let words = 0;
  for (const part of parts) {
    if (kept.length > 0 && words + wordCount(part) > maxWords) break;
    kept.push(part);
    words += wordCount(part);
  }
  return kept.join(kind === 'list' ? '\n' : ' ');
}

/** Lines that open or close an admonition (`:::note`, `:::`): the text inside stays, the markers go. Code is kept as is. */
const stripAdmonitionMarkers = (block: string) =>
  blockKind(block) === 'code'
    ? block
    : block
        .split('\n')
        .filter((line) => !/^\s*:::/.test(line))
        .join('\n')
        .trim();

/**
 * Prose ready for the chat's Markdown view, which drops raw HTML: `<` outside code spans is escaped so placeholders
 * such as <token> show; in-page links (`#anchor`) point at the section's page.
 */
function forChat(block: string, pageUrl: string): string {
  if (blockKind(block) === 'code') return block;
  return block
    .replace(/\]\(#/g, `](${pageUrl}#`)
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '\\<')))
    .join('');
}

/**
 * How many of the question's terms a block holds (distinct terms). Identifiers count by their parts too
 * (`addOwner` holds "add" and "owner"), so a code block is judged by what it does, not only by its literals.
 */
function relevanceOf(block: string, terms: PassageTerms): number {
  const words = `${block} ${block.replace(/([a-z0-9])([A-Z])/g, '$1 $2')}`;
  return queryTermsOf(words).reduce((sum, t) => sum + termWeight(terms, t), 0);
}

/** The question's index terms: a set (each counts 1), or each with how much it counts (a follow-up's own words more). */
export type PassageTerms = ReadonlySet<string> | ReadonlyMap<string, number>;
const termWeight = (terms: PassageTerms, term: string) => (terms instanceof Map ? terms.get(term) ?? 0 : terms.has(term) ? 1 : 0);

/**
 * A block that only makes sense after the one before it ("Expected response:", "Output:", "Which prints:"): a passage
 * starting there quotes a result without what produced it.
 */
const NEEDS_CONTEXT = /^(expected\s+\w+|(the\s+)?(response|output|result)s?|returns?|this (returns|prints|outputs)|which (returns|prints|outputs)|you should see)\b[^.\n]{0,40}:/i;

/** Text as compared with earlier answers: words only, so Markdown escapes and spacing do not hide a repeat. */
const comparable = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The passage of a section's blocks that best answers a question with these index terms: it starts at the most
 * relevant block (or the short paragraph that introduces it, or the block a result needs before it) and takes whole
 * blocks until it has about 60 words, never more than 250, except that a code block is always quoted whole. A passage
 * an earlier answer of the conversation already quoted (`avoid`) gives way to the next most relevant start. Empty when
 * the section has no text, or nothing that was not quoted already.
 */
export function featuredPassage(blocks: readonly string[], terms: PassageTerms, pageUrl: string, avoid: readonly string[] = []): string {
  const usable = blocks.map(stripAdmonitionMarkers).filter(Boolean);
  if (usable.length === 0) return '';
  const scores = usable.map((b) => relevanceOf(b, terms));
  const starts = scores.map((score, i) => ({score, i})).sort((a, b) => b.score - a.score || a.i - b.i);
  const quoted = avoid.map(comparable).filter(Boolean);
  const tried = new Set<number>();
  for (const {i} of starts) {
    let start = introducedAt(usable, i);
    while (start > 0 && NEEDS_CONTEXT.test(usable[start])) start = introducedAt(usable, start - 1);
    // A result with nothing before it in the section cannot be read alone: another start, or another section.
    if (NEEDS_CONTEXT.test(usable[start]) || tried.has(start)) continue;
    tried.add(start);
    const passage = passageFrom(usable, start, terms).map((b) => forChat(b, pageUrl)).join('\n\n');
    const text = comparable(passage);
    if (!quoted.some((earlier) => earlier.includes(text) || (text.length > 80 && earlier.includes(text.slice(0, 80))))) return passage;
  }
  return '';
}

/** Where a passage about block i starts: at the short paragraph that introduces it ("Run the following:"), if any. */
function introducedAt(usable: readonly string[], i: number): number {
  const previous = usable[i - 1];
  return previous && blockKind(usable[i]) !== 'paragraph' && blockKind(previous) === 'paragraph' && wordCount(previous) <= MAX_INTRO_WORDS ? i - 1 : i;
}

/** Whole blocks from `start` until about PASSAGE_MIN_WORDS (at most PASSAGE_MAX_WORDS, a code block whole). */
function passageFrom(usable: readonly string[], start: number, terms: PassageTerms): string[] {
  const passage: string[] = [];
  let words = 0;
  for (let i = start; i < usable.length; i++) {
    const block = usable[i];
    const kind = blockKind(block);
    const size = wordCount(block);
    if (passage.length === 0 && size > PASSAGE_MAX_WORDS && kind !== 'code') {
      passage.push(leadOf(block, PASSAGE_MAX_WORDS, terms));
      break;
    }
    if (passage.length > 0 && words + size > PASSAGE_MAX_WORDS) break;
    passage.push(block);
    words += size;
    // Enough said, unless the last block introduces the next one ("Run the following:").
    if (words >= PASSAGE_MIN_WORDS && !(kind === 'paragraph' && /:\s*$/.test(block))) break;
  }
  return passage;
}
