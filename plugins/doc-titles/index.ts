import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {headingOf, type Section} from '../../lib/search/types';
import {humanizeSlug} from '../../src/features/chat/doc-reference';

/** Route -> page title of every doc, as the chat's sources panel shows them. */
export type PageTitles = Record<string, string>;

/** Route -> anchor -> heading text as written, for the headings their anchor does not spell (the rest it does). */
export type SectionHeadings = Record<string, Record<string, string>>;

/** What the chat's sources panel titles references with. */
export interface DocTitles {
  pages: PageTitles;
  headings: SectionHeadings;
}

/** The map from the docs plugin's loaded versions; a later version never overrides the first. */
export function docTitlesOf(content: LoadedContent): PageTitles {
  const titles: PageTitles = {};
  for (const version of content.loadedVersions) {
    for (const doc of version.docs) titles[doc.permalink] ??= doc.title;
  }
  return titles;
}

/**
 * The heading of every section whose anchor, read as words, is not the heading ("step-3-create-a-token" for "Step 3:
 * Create a token"): about two in five, so the lookup stays small.
 */
export function sectionHeadingsOf(sections: readonly Section[]): SectionHeadings {
  const headings: SectionHeadings = {};
  for (const section of sections) {
    const [route, anchor] = section.url.split('#');
    const heading = headingOf(section);
    if (!anchor || !heading || humanizeSlug(anchor) === heading) continue;
    (headings[route] ??= {})[anchor] = heading;
  }
  return headings;
}

/**
 * Writes the page titles and section headings as a JSON module that only the chat dialog imports (from
 * @generated/datahub-doc-titles/default/), so source titles come from the build and no page carries them.
 */
export default function docTitlesPlugin(_context: LoadContext): Plugin {
  return {
    name: 'datahub-doc-titles',
    async allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      if (!docs) throw new Error('datahub-doc-titles: the docs plugin (id "default") is missing; the chat needs its titles.');
      const sections = allContent['datahub-search-index']?.default as Section[] | undefined;
      if (!sections) throw new Error('datahub-doc-titles: the search index plugin is missing; the chat needs its section headings.');
      await actions.createData('doc-titles.json', JSON.stringify({pages: docTitlesOf(docs), headings: sectionHeadingsOf(sections)} satisfies DocTitles));
    },
  };
}
