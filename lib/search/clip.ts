/** Marks text that was cut. */
export const ELLIPSIS = '…';

/** Text cut to at most `max` characters at the last space, ending with an ellipsis when anything was cut. */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 2);
  return `${text.slice(0, space > max / 2 ? space : max - 2).trimEnd()} ${ELLIPSIS}`;
}
