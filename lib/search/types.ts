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
