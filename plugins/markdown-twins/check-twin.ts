/**
 * Build checks of the Markdown twins: a twin has no HTML outside code, no MDX import lines, and the headings of its
 * page; llms.txt links every doc route once.
 */

import {closesFence, fenceOf} from '../../lib/markdown/fences';

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const unquoted = line.replace(/^(>\s?)+/, '');
    if (fence) {
      if (closesFence(unquoted, fence)) fence = null;
      continue;
    }
    fence = fenceOf(unquoted);
    if (!fence) lines.push(unquoted);
  }
  return lines;
}

/** A heading's words, lowercase, whatever markup surrounds them. */
const headingKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** HTML text with the five entities a static build writes decoded, each once (`&amp;lt;` stays `&lt;`). */
export const decodeEntities = (html: string) =>
  html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');

/** `h2 Set up` for each heading of the page's article, in order. */
export function htmlHeadings(html: string): string[] {
  const article = html.match(/<article[\s\S]*<\/article>/)?.[0] ?? '';
  return [...article.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(([, level, inner]) =>
    `h${level} ${headingKey(decodeEntities(inner.replace(/<a\b[^>]*class="?hash-link[\s\S]*?<\/a>/g, '').replace(/<[^>]+>/g, '')))}`,
  );
}

/** `h2 Set up` for each heading of a Markdown text, in order. */
export function markdownHeadings(markdown: string): string[] {
  return proseLines(markdown).flatMap((line) => {
    const match = line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (!match) return [];
    const text = match[2].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_\\]/g, ' ');
    return [`h${match[1].length} ${headingKey(text)}`];
  });
}

/** What is wrong with a page's twin, as short sentences; empty when nothing is. */
export function twinProblems(markdown: string, html: string): string[] {
  const problems: string[] = [];
  const prose = proseLines(markdown);
  const tag = prose.map((line) => line.replace(/`+[^`]*`+/g, '')).find((line) => /<\/?[A-Za-z][\w.-]*(\s[^<>]*)?\/?>/.test(line));
  if (tag) problems.push(`HTML outside code: "${tag.trim().slice(0, 80)}"`);
  const mdxImport = prose.find((line) => /^(import|export)\s/.test(line));
  if (mdxImport) problems.push(`MDX import or export line: "${mdxImport.trim().slice(0, 80)}"`);
  const expected = htmlHeadings(html);
  const actual = markdownHeadings(markdown);
  const differs = expected.findIndex((heading, i) => heading !== actual[i]);
  if (differs >= 0 || actual.length !== expected.length) {
    const at = differs >= 0 ? differs : Math.min(actual.length, expected.length);
    problems.push(`headings differ from the page at heading ${at + 1}: page "${expected[at] ?? '(none)'}", twin "${actual[at] ?? '(none)'}"`);
  }
  return problems;
}

/** Problems of llms.txt against the doc routes: a route not linked, or linked more than once. */
export function llmsTxtProblems(llmsTxt: string, docRoutes: readonly string[], twinUrlOf: (route: string) => string): string[] {
  const links = [...llmsTxt.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  const counts = new Map<string, number>();
  for (const link of links) counts.set(link, (counts.get(link) ?? 0) + 1);
  return docRoutes.flatMap((route) => {
    const count = counts.get(twinUrlOf(route)) ?? 0;
    return count === 1 ? [] : [`${route}: linked ${count} times in llms.txt (once expected)`];
  });
}
