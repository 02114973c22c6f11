/** Marks text that was cut. */
export const ELLIPSIS = '…';

const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c);

/** Moves a cut off the middle of a surrogate pair, so that a cut never splits a character. */
const wholeChar = (text: string, i: number) => (i > 0 && i < text.length && /[\uDC00-\uDFFF]/u.test(text[i]) && /[\uD800-\uDBFF]/u.test(text[i - 1]) ? i - 1 : i);

/** Start and end of the word (run of non-space characters) that holds position `i`. */
function wordAround(text: string, i: number): [number, number] {
  let start = i;
  while (start > 0 && !isSpace(text[start - 1])) start--;
  let end = i;
  while (end < text.length && !isSpace(text[end])) end++;
  return [start, end];
}

/**
 * Where to end text cut to the window [`from`, `limit`), never inside a word: at the end of the last word that fits
 * whole. The one exception is a word longer than the whole window, which could never be shown whole: it is cut at the
 * limit.
 */
export function wordEndBefore(text: string, limit: number, from = 0): number {
  if (limit >= text.length) return text.length;
  while (from < limit && isSpace(text[from])) from++;
  if (limit <= from) return from;
  let end = limit;
  if (!isSpace(text[limit])) {
    const [start, wordEnd] = wordAround(text, limit);
    // The word at the cut starts after `from` unless it is longer than the window.
    if (start <= from || wordEnd - start > limit - from) return wholeChar(text, limit);
    end = start;
  }
  while (end > from && isSpace(text[end - 1])) end--;
  return end;
}

/**
 * Where to start a window meant to start at `at`, never inside a word: at `at` when a word starts there, else at the
 * next word start, unless that would pass `keep` (the position the window must show, at or after `at`): then at the
 * start of the word holding both. The one exception is that word being longer than `maxWord`: it is cut at `at`.
 */
export function wordStartFrom(text: string, at: number, keep = at, maxWord = Infinity): number {
  if (at <= 0) return 0;
  if (at >= text.length) return text.length;
  if (isSpace(text[at - 1]) && !isSpace(text[at])) return at;
  let next = at;
  while (next < text.length && !isSpace(text[next])) next++;
  while (next < text.length && isSpace(text[next])) next++;
  if (next <= keep || isSpace(text[at])) return next;
  const [start, end] = wordAround(text, at);
  return end - start > maxWord ? wholeChar(text, at) : start;
}

/**
 * Text cut to at most `max` characters at a word boundary (see wordEndBefore), ending with " …" when anything was cut.
 * The browser index stores its snippets this way (SNIPPET_CHARS), and the result windows cut them with the same rule.
 */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const suffix = ` ${ELLIPSIS}`;
  return `${text.slice(0, wordEndBefore(text, max - suffix.length)).trimEnd()}${suffix}`;
}
