import type {PageKind} from './rank';

/** One searchable section of a doc page: the text under one heading. */
export interface Section {
  /** Stable id: the URL with its anchor. */
  id: string;
  /** Site-relative URL of the section, `/docs/x#anchor` (no anchor for the page intro). */
  url: string;
  /** Heading hierarchy lvl0..lvl6: lvl0 is the sidebar group, lvl1 the page title, then h2..h6. */
  hierarchy: Array<string | null>;
  /** Plain text of the section (code included, markup removed). */
  text: string;
  /** Page language (spec 7.2 contextual search). */
  language: string;
  /** Docusaurus search tag of the docs version, e.g. docs-default-current. */
  docsTag: string;
  /** What the page is (guide, integration, generated reference, release note), from the route data. */
  pageKind: PageKind;
  /** The page's one-sentence summary (its front-matter `description`), on the page's intro section only. */
  summary?: string;
  /**
   * The section's top-level Markdown blocks as written (paragraphs, lists, code blocks, tables; MDX-only lines
   * removed), for the chat's answers. Only the server's section store carries them; the browser index does not.
   */
  blocks?: string[];
  /** Questions readers ask that the section answers, written by the team (data/questions), indexed as a field. */
  questions?: string[];
}

/** The page title of a section (lvl1). */
export const pageTitleOf = (s: Pick<Section, 'hierarchy'>) => s.hierarchy[1] ?? '';

/** The deepest heading of a section, or null for a page intro. */
export function headingOf(s: Pick<Section, 'hierarchy'>): string | null {
  for (let i = s.hierarchy.length - 1; i >= 2; i--) {
    if (s.hierarchy[i]) return s.hierarchy[i];
  }
  return null;
}

/** Separator between a page title and a section heading, in search results, chat sources and answers. */
export const TITLE_SEPARATOR = ' › ';

/** "Page title › Heading" of a section, with the heading as written on the page; the page title for an intro. */
export function sectionTitleOf(s: Pick<Section, 'hierarchy'>): string {
  const heading = headingOf(s);
  return heading ? `${pageTitleOf(s)}${TITLE_SEPARATOR}${heading}` : pageTitleOf(s);
}
