/**
 * A model asked to cite its sources often ends its answer with a list of them ("Sources:" and a few links), which
 * the dialog already shows under the answer as "Answer generated from the following sources:". This removes such a
 * closing list when every page it links is one of the answer's references, so the sources are said once; links
 * inside the answer's sentences stay.
 */

/** A line that only announces a list of sources: "Sources:", "**References**", "### Related pages", "Source". */
const LIST_HEADING = /^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:sources?|references?|related(?: pages| sections)?|see also)\s*:?\s*(?:\*\*|__)?\s*:?\s*$/i;
/** A list item (or a bare line) that is nothing but one Markdown link, optionally followed by a short note. */
const LINK_ITEM = /^\s*(?:[-*+]|\d+[.)])?\s*\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)\s*(?:[-–—:].{0,120})?$/;
/** The same list written on the heading's own line: "Sources: [A](/a), [B](/b)". */
const INLINE_LIST = /^\s*(?:\*\*|__)?\s*(?:sources?|references?|related)\s*:?\s*(?:\*\*|__)?\s*:?\s*((?:\[[^\]]*\]\([^)\s]+\)[\s,;·]*)+)$/i;

/** The page a link points at, without its anchor: what a reference list entry stands for. */
const pageOf = (url: string) => url.split('#')[0].replace(/\/$/, '');

/** The answer without its closing list of sources, when that list only names pages the references already list. */
export function foldSourceList(answer: string, references: readonly string[]): string {
  if (references.length === 0) return answer;
  const pages = new Set(references.map(pageOf));
  const lines = answer.replace(/\s+$/, '').split('\n');
  const listed = (url: string) => pages.has(pageOf(url));

  const last = lines.at(-1) ?? '';
  const inline = INLINE_LIST.exec(last);
  if (inline) {
    const urls = [...inline[1].matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    return urls.every(listed) ? lines.slice(0, -1).join('\n').replace(/\s+$/, '') : answer;
  }

  // Walk up from the end over link lines (blank lines between them allowed) to the heading that opens the list.
  let index = lines.length - 1;
  let links = 0;
  while (index >= 0) {
    const line = lines[index];
    if (line.trim() === '') {
      index -= 1;
      continue;
    }
    const item = LINK_ITEM.exec(line);
    if (!item) break;
    if (!listed(item[1])) return answer;
    links += 1;
    index -= 1;
  }
  if (links === 0 || index < 0 || !LIST_HEADING.test(lines[index])) return answer;
  return lines.slice(0, index).join('\n').replace(/\s+$/, '');
}
