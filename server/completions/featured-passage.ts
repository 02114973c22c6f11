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
function tableExcerpt(table: string, maxWords: number, terms: ReadonlySet<string>): string {
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
function leadOf(block: string, maxWords: number, terms: ReadonlySet<string>): string {
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
function relevanceOf(block: string, terms: ReadonlySet<string>): number {
  const words = `${block} ${block.replace(/([a-z0-9])([A-Z])/g, '$1 $2')}`;
  return queryTermsOf(words).filter((t) => terms.has(t)).length;
}

/**
 * The passage of a section's blocks that best answers a question with these index terms: it starts at the most
 * relevant block (or the short paragraph that introduces it) and takes whole blocks until it has about 60 words,
 * never more than 250, except that a code block is always quoted whole. Empty when the section has no text.
 */
export function featuredPassage(blocks: readonly string[], terms: ReadonlySet<string>, pageUrl: string): string {
  const usable = blocks.map(stripAdmonitionMarkers).filter(Boolean);
  if (usable.length === 0) return '';
  const scores = usable.map((b) => relevanceOf(b, terms));
  let start = scores.indexOf(Math.max(...scores));
  const previous = usable[start - 1];
  if (previous && blockKind(usable[start]) !== 'paragraph' && blockKind(previous) === 'paragraph' && wordCount(previous) <= MAX_INTRO_WORDS) start--;

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
  return passage.map((b) => forChat(b, pageUrl)).join('\n\n');
}
