import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';

/** Route -> page title of every doc, as the chat's sources panel shows them. */
export type DocTitles = Record<string, string>;

/** The map from the docs plugin's loaded versions; a later version never overrides the first. */
export function docTitlesOf(content: LoadedContent): DocTitles {
  const titles: DocTitles = {};
  for (const version of content.loadedVersions) {
    for (const doc of version.docs) titles[doc.permalink] ??= doc.title;
  }
  return titles;
}

/**
 * Writes the route -> title map of the docs as a JSON module that only the
 * chat dialog imports (from @generated/datahub-doc-titles/default/), so source
 * titles come from the build and no page carries them.
 */
export default function docTitlesPlugin(_context: LoadContext): Plugin {
  return {
    name: 'datahub-doc-titles',
    async allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      if (!docs) throw new Error('datahub-doc-titles: the docs plugin (id "default") is missing; the chat needs its titles.');
      await actions.createData('doc-titles.json', JSON.stringify(docTitlesOf(docs)));
    },
  };
}
