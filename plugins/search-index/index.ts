import {createHash} from 'node:crypto';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildSearchIndex} from '../../src/features/search/engine';
import type {Section} from '../../src/features/search/types';
import {collectSections} from './collect';

import {CHAT_SECTIONS_FILE, SEARCH_STATIC_DIR} from './constants';

export {CHAT_SECTIONS_FILE, SEARCH_STATIC_DIR};

export interface SearchGlobalData {
  /** Site-relative URL of the hashed index file. */
  indexUrl: string;
}

/**
 * One content pass over every doc page (hand-written and generated): splits
 * pages into sections, writes the browser index as a hashed static file and,
 * after a build, the full sections for the chat server.
 */
export default function searchIndexPlugin(context: LoadContext): Plugin<unknown> {
  const staticDir = path.join(context.siteDir, SEARCH_STATIC_DIR);
  return {
    name: 'datahub-search-index',
    getPathsToWatch: () => [path.join(context.siteDir, 'docs/**/*.{md,mdx}')],
    async loadContent(): Promise<Section[]> {
      return collectSections(context.siteDir);
    },
    async contentLoaded({content, actions}) {
      const json = JSON.stringify(buildSearchIndex(content as Section[]));
      const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
      const name = `search-index.${hash}.json`;
      rmSync(staticDir, {recursive: true, force: true});
      mkdirSync(staticDir, {recursive: true});
      writeFileSync(path.join(staticDir, name), json);
      actions.setGlobalData({indexUrl: `${context.baseUrl}${name}`} satisfies SearchGlobalData);
    },
    async postBuild({content, outDir}) {
      writeFileSync(path.join(outDir, CHAT_SECTIONS_FILE), JSON.stringify(content));
    },
  };
}
