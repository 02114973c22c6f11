import {createSlugger} from '@docusaurus/utils';
import type {Content, Heading, Root} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {frontmatterFromMarkdown} from 'mdast-util-frontmatter';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {toString} from 'mdast-util-to-string';
import {frontmatter} from 'micromark-extension-frontmatter';
import {gfm} from 'micromark-extension-gfm';
import type {PageKind} from '../../lib/search/rank';
import type {Section} from '../../lib/search/types';

export interface DocSource {
  /** Site route of the page, e.g. /docs/quickstart. */
  route: string;
  title: string;
  /** The page's front-matter `description`, when it has one. */
  description?: string;
  /** Sidebar group label (lvl0), or a generic label for pages without a sidebar. */
  group: string;
  kind: PageKind;
  /** The Markdown/MDX source, front matter included. */
  source: string;
}

export const LANGUAGE = 'en';
export const DOCS_TAG = 'docs-default-current';
/** Code is searchable, but long blocks add size without adding findable words. */
const MAX_CODE_CHARS = 400;

/** MDX-only lines (imports, exports, JSX tags) are not prose; inside a fenced code block every line is code, kept. */
function stripMdxSyntax(source: string): string {
  let fence: string | null = null;
  return source
    .split('\n')
    .filter((line) => {
      const marker = line.match(/^\s*(`{3,}|~{3,})/)?.[1];
      if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === null ? marker : null;
        return true;
      }
      if (fence !== null) return true;
      return !/^(import|export)\s/.test(line) && !/^\s*<\/?[A-Z][A-Za-z]*(\s[^>]*)?>\s*$/.test(line);
    })
    .join('\n');
}

/** Heading text without a Docusaurus explicit id (`## Title {#id}`), and that id. */
function headingParts(node: Heading): {text: string; explicitId: string | null} {
  const raw = toString(node).trim();
  const match = raw.match(/^(.*?)\s*\{#([\w-]+)\}$/);
  return match ? {text: match[1], explicitId: match[2]} : {text: raw, explicitId: null};
}

/** Nodes whose children run together as one line of text; the children of any other node are words apart. */
const INLINE_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'footnoteReference']);

/** Between table cells and rows: punctuation, so a snippet reads "Field · Type" and the words still index apart. */
const CELL_SEPARATOR = ' · ';

/**
 * Plain text of a block. Unlike mdast-util-to-string, table cells and list items are kept apart, so
 * "| name | type |" indexes as two words, not as "nametype", and a snippet does not run cells into one sentence.
 */
function plainText(node: Content | Root): string {
  if (node.type === 'code') return node.lang === 'mermaid' ? '' : node.value.slice(0, MAX_CODE_CHARS);
  if (node.type === 'html' || node.type === 'yaml') return '';
  if (!('children' in node)) return toString(node);
  const separator = INLINE_PARENTS.has(node.type) ? '' : node.type === 'table' || node.type === 'tableRow' ? CELL_SEPARATOR : ' ';
  return (node.children as Content[]).map(plainText).join(separator);
}

/**
 * The anchors of a page's sections, as extractSections gives them, without parsing the whole page: the top-level
 * headings (`##` to `######` at the start of a line, outside fenced code) are parsed one by one. Much faster on the
 * long generated reference pages; a test holds the two equal on every page.
 */
export function headingAnchors(source: string): string[] {
  const slugger = createSlugger();
  const anchors: string[] = [];
  let fence: string | null = null;
  for (const line of stripMdxSyntax(source).split('\n')) {
    const marker = line.match(/^\s*(`{3,}|~{3,})/)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null || !/^#{2,6}\s/.test(line)) continue;
    const node = fromMarkdown(line, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}).children[0];
    if (node?.type !== 'heading') continue;
    const {text, explicitId} = headingParts(node);
    anchors.push(explicitId ?? slugger.slug(text));
  }
  return anchors;
}

/** Splits one page into sections at every heading, with anchors as Docusaurus computes them. */
export function extractSections(doc: DocSource): Section[] {
  const source = stripMdxSyntax(doc.source);
  const tree: Root = fromMarkdown(source, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const slugger = createSlugger();
  const sections: Section[] = [];
  const headings: Array<string | null> = [null, null, null, null, null];
  let current = {anchor: '', hierarchy: [doc.group, doc.title, null, null, null, null, null] as Array<string | null>, parts: [] as string[], blocks: [] as string[]};

  const flush = () => {
    const text = current.parts.join(' ').replace(/\s+/g, ' ').trim();
    if (!text && current.anchor === '') return;
    const url = current.anchor ? `${doc.route}#${current.anchor}` : doc.route;
    const summary = current.anchor === '' && doc.description ? {summary: doc.description} : {};
    sections.push({id: url, url, hierarchy: current.hierarchy, text, language: LANGUAGE, docsTag: DOCS_TAG, pageKind: doc.kind, ...summary, blocks: current.blocks});
  };

  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth >= 2) {
      flush();
      const {text, explicitId} = headingParts(node);
      const anchor = explicitId ?? slugger.slug(text);
      headings[node.depth - 2] = text;
      headings.fill(null, node.depth - 1);
      current = {anchor, hierarchy: [doc.group, doc.title, ...headings], parts: [], blocks: []};
    } else if (node.type !== 'heading') {
      current.parts.push(plainText(node));
      const block = blockMarkdown(node, source);
      if (block) current.blocks.push(block);
    }
  }
  flush();
  return sections;
}

/** A top-level block's Markdown exactly as written; front matter, raw HTML and MDX expressions are left out. */
function blockMarkdown(node: Content, source: string): string | null {
  if (node.type === 'yaml' || node.type === 'html' || !node.position) return null;
  const {start, end} = node.position;
  if (start.offset === undefined || end.offset === undefined) return null;
  return source.slice(start.offset, end.offset).trimEnd() || null;
}
