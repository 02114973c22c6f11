import type {DocReference} from './doc-reference';

/**
 * An answer as Markdown to paste elsewhere: the answer as it streamed, then its sources as links on the site's origin
 * (so they work outside the site).
 */
export function answerMarkdown(answer: string, references: readonly DocReference[], origin: string, sourcesHeading: string): string {
  const text = answer.trim();
  if (references.length === 0) return `${text}\n`;
  const escape = (title: string) => title.replace(/([[\]\\])/g, '\\$1');
  const sources = references.map((r) => `- [${escape(r.title)}](${origin}${r.id})`);
  return `${text}\n\n${sourcesHeading}\n${sources.join('\n')}\n`;
}
