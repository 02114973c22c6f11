/** Fenced code blocks in Markdown, as CommonMark delimits them: the one definition the twins and the checks share. */

const FENCE = /^\s*(`{3,}|~{3,})/;

/** The fence a line starts with (its run of backticks or tildes), or null. */
export const fenceOf = (line: string): string | null => line.match(FENCE)?.[1] ?? null;

/** Whether `line` closes a block opened by `fence`: the same character, at least as many, nothing else on the line. */
export function closesFence(line: string, fence: string): boolean {
  const found = line.trim();
  return /^(`{3,}|~{3,})$/.test(found) && found[0] === fence[0] && found.length >= fence.length;
}
