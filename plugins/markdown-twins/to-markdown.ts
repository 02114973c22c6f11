/**
 * Turns a doc page's source (Markdown or MDX) into plain Markdown for its twin at `<route>.md`: the title as an h1,
 * no front matter, no MDX imports or components, tabs as labelled sections, admonitions as labelled block quotes,
 * links absolute. Code blocks (Mermaid included) are copied byte for byte.
 */

import {closesFence, fenceOf} from '../../lib/markdown/fences';

/** What a page needs to become Markdown. */
export interface TwinInput {
  /** The page title, written as the twin's h1 unless the body starts with its own. */
  title: string;
  /** Source of the page, front matter included. */
  source: string;
  /** The page's route, for in-page links (`/docs/quickstart`). */
  route: string;
  /** The site's origin, without a trailing slash (`https://datahubproject.io`). */
  siteUrl: string;
  /** Markdown for each self-closing MDX component the page uses (`<DocsAreas />`); '' drops it. */
  components?: Record<string, string>;
}

const ADMONITION_OPEN = /^:::(\w+)(?:\s+(.*?))?\s*$/;
const TAB_ITEM = /^\s*<TabItem\b[^>]*?\blabel=(?:"([^"]*)"|'([^']*)')[^>]*>\s*$/;
const TAB_ITEM_BARE = /^\s*<TabItem\b[^>]*?\bvalue=(?:"([^"]*)"|'([^']*)')[^>]*>\s*$/;
const WRAPPER_TAG = /^\s*<\/?(Tabs|TabItem)\b[^>]*>\s*$/;
const COMPONENT = /^\s*<([A-Z]\w*)\s*\/>\s*$/;
const IMPORT_OR_EXPORT = /^(import|export)\s/;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Rewrites the links and images of one line of prose, leaving code spans alone. */
function absoluteLinks(line: string, route: string, siteUrl: string): string {
  return line
    .split(/(`+[^`]*`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\]\(\/(?!\/)/g, `](${siteUrl}/`)
            .replace(/\]\(#/g, `](${siteUrl}${route}#`)
            .replace(/\s*\{#[\w-]+\}\s*$/, ''),
    )
    .join('');
}

/** The body of a source file without its front matter. */
export function withoutFrontMatter(source: string): string {
  const match = source.match(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/);
  return match ? source.slice(match[0].length) : source;
}

/** The page's Markdown twin. Throws on an MDX component it cannot render, naming it, so no twin silently loses text. */
export function toMarkdown(input: TwinInput): string {
  const body = withoutFrontMatter(input.source).replace(/<!--[\s\S]*?-->\n?/g, '');
  const out: string[] = [];
  let fence: string | null = null;
  let quoteDepth = 0;
  const emit = (line: string) => out.push(quoteDepth > 0 ? (line ? `${'> '.repeat(quoteDepth)}${line}` : '>'.repeat(quoteDepth)) : line);

  for (const line of body.split(/\r?\n/)) {
    if (fence) {
      emit(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    fence = fenceOf(line);
    if (fence) {
      emit(line);
      continue;
    }
    if (IMPORT_OR_EXPORT.test(line)) continue;
    const admonition = line.trim().match(ADMONITION_OPEN);
    if (admonition) {
      const label = capitalise(admonition[1]);
      quoteDepth += 1;
      emit(admonition[2] ? `**${label}: ${admonition[2]}**` : `**${label}**`);
      emit('');
      continue;
    }
    if (line.trim() === ':::' && quoteDepth > 0) {
      // A trailing empty quote line would glue the next paragraph into the quote.
      if (out[out.length - 1] === '>'.repeat(quoteDepth)) out.pop();
      quoteDepth -= 1;
      continue;
    }
    const tab = line.match(TAB_ITEM) ?? line.match(TAB_ITEM_BARE);
    if (tab) {
      emit(`**${tab[1] ?? tab[2]}**`);
      emit('');
      continue;
    }
    if (WRAPPER_TAG.test(line)) continue;
    const component = line.match(COMPONENT);
    if (component) {
      const markdown = input.components?.[component[1]];
      if (markdown === undefined) throw new Error(`${input.route}: no Markdown form for the MDX component <${component[1]} /> (add one to the markdown-twins plugin)`);
      for (const rendered of markdown.split('\n')) emit(rendered);
      continue;
    }
    emit(absoluteLinks(line, input.route, input.siteUrl));
  }

  const text = out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  const startsWithTitle = /^# /.test(text);
  return `${startsWithTitle ? '' : `# ${input.title}\n\n`}${text}\n`;
}
