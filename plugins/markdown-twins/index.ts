import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {docsAreas} from '../../src/components/DocsAreas/areas';
import {product, site} from '../../src/site';
import {llmsFullTxt, llmsTxt, type TwinPage, type TwinSection} from './llms-txt';
import {twinPathOf} from '../../lib/markdown/twin-path';
import {toMarkdown} from './to-markdown';

/** Folder of files served as static assets (in `npm start` and copied into build/). */
export const MARKDOWN_STATIC_DIR = '.generated/markdown-static';

/** Markdown for the MDX components that hand-written pages use. */
const components: Record<string, string> = {
  // The docs home's search box: the twin has no search.
  SearchEntry: '',
  DocsAreas: docsAreas.map((area) => `### [${area.title}](${site.url}${area.to})\n\n${area.description}\n`).join('\n'),
};

const SUMMARY = `${product.name} is an open-source metadata platform for data discovery, lineage and governance. These are its docs as Markdown: guides for installing and operating it, connecting ingestion sources, and using its GraphQL, OpenAPI and Rest.li APIs, plus references generated from the project's data (sources, metadata model entities, GraphQL types).`;

type Doc = LoadedVersion['docs'][number];
type SidebarItem = LoadedVersion['sidebars'][string][number];

/** The docs in the order of the overview sidebar, grouped by its top-level categories; pages outside it come last. */
function sectionsOf(version: LoadedVersion, pageOf: (doc: Doc) => TwinPage): TwinSection[] {
  const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
  const byPermalink = new Map(version.docs.map((doc) => [doc.permalink, doc]));
  const listed = new Set<string>();
  const take = (doc: Doc | undefined, into: TwinPage[]) => {
    if (!doc || listed.has(doc.id)) return;
    listed.add(doc.id);
    into.push(pageOf(doc));
  };
  const walk = (items: readonly SidebarItem[], into: TwinPage[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') take(byId.get(item.id), into);
      else if (item.type === 'link') take(byPermalink.get(item.href), into);
      else if (item.type === 'category') {
        if (item.link?.type === 'doc') take(byId.get(item.link.id), into);
        walk(item.items, into);
      }
    }
  };
  const start: TwinPage[] = [];
  take(byPermalink.get(`${site.baseUrl}docs/`), start);
  const sections: TwinSection[] = [{title: 'Start here', pages: start}];
  for (const sidebar of Object.values(version.sidebars)) {
    for (const item of sidebar) {
      if (item.type === 'category') {
        const pages: TwinPage[] = [];
        walk([item], pages);
        sections.push({title: item.label, pages});
      } else walk([item], start);
    }
  }
  const rest: TwinPage[] = [];
  for (const doc of [...version.docs].sort((a, b) => a.permalink.localeCompare(b.permalink))) take(doc, rest);
  sections.push({title: 'Other pages', pages: rest});
  return sections;
}

/**
 * Writes every doc page's Markdown twin at `<route>.md`, `/llms.txt` and `/llms-full.txt` as static files, from the
 * same sources the docs plugin loaded (generated pages included), so `npm start` serves them too.
 */
export default function markdownTwinsPlugin(context: LoadContext): Plugin {
  const staticDir = path.join(context.siteDir, MARKDOWN_STATIC_DIR);
  return {
    name: 'datahub-markdown-twins',
    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      if (!docs) throw new Error('datahub-markdown-twins: the docs plugin (id "default") is missing.');
      const version = docs.loadedVersions[0];
      const pageOf = (doc: Doc): TwinPage => {
        const file = path.join(context.siteDir, doc.source.replace(/^@site\//, ''));
        const markdown = toMarkdown({title: doc.title, source: readFileSync(file, 'utf8'), route: doc.permalink, siteUrl: site.url, components});
        return {route: doc.permalink, title: doc.title, description: doc.description, twinUrl: `${site.url}${twinPathOf(doc.permalink)}`, markdown};
      };
      const sections = sectionsOf(version, pageOf);
      rmSync(staticDir, {recursive: true, force: true});
      for (const page of sections.flatMap((section) => section.pages)) {
        const file = path.join(staticDir, twinPathOf(page.route));
        mkdirSync(path.dirname(file), {recursive: true});
        writeFileSync(file, page.markdown);
      }
      writeFileSync(path.join(staticDir, 'llms.txt'), llmsTxt({title: `${product.name} documentation`, summary: SUMMARY}, sections));
      writeFileSync(path.join(staticDir, 'llms-full.txt'), llmsFullTxt(site.url, sections));
    },
  };
}
