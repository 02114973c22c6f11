import {createHash} from 'node:crypto';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildSearchIndex} from '../../lib/search/engine';
import {shardSearchIndex} from '../../src/features/search/sharded-index';
import type {Section} from '../../lib/search/types';
import {collectSections} from './collect';
import {bundleFirstResultsScripts} from './first-results-script';
import {loadSynonyms, SYNONYMS_FILE} from './synonyms';

import {CHAT_SECTIONS_FILE, SEARCH_SHARDS_DIR, SEARCH_STATIC_DIR} from './constants';

export {CHAT_SECTIONS_FILE, SEARCH_STATIC_DIR};

export interface SearchGlobalData {
  /** Site-relative URL of the sharded index's lexicon; its shards sit beside it. */
  lexiconUrl: string;
  /**
   * Site-relative URLs of the search page's first-results script and of the search worker's script it starts;
   * production builds only (`npm start` does without).
   */
  firstResultsScripts: {page: string; worker: string} | null;
}

const hashOf = (content: string) => createHash('sha256').update(content).digest('hex').slice(0, 10);

/**
 * One content pass over every doc page (hand-written and generated): splits
 * pages into sections, writes the browser index as hashed static files and,
 * after a build, the full sections for the chat server.
 */
export default function searchIndexPlugin(context: LoadContext): Plugin<unknown> {
  const staticDir = path.join(context.siteDir, SEARCH_STATIC_DIR);
  return {
    name: 'datahub-search-index',
    getPathsToWatch: () => [path.join(context.siteDir, 'docs/**/*.{md,mdx}'), path.join(context.siteDir, SYNONYMS_FILE)],
    async loadContent(): Promise<Section[]> {
      return collectSections(context.siteDir);
    },
    async contentLoaded({content, actions}) {
      const index = buildSearchIndex(content as Section[], loadSynonyms(context.siteDir));
      const json = JSON.stringify(index);
      const name = `search-index.${hashOf(json)}.json`;
      rmSync(staticDir, {recursive: true, force: true});
      const shardsDir = path.join(staticDir, SEARCH_SHARDS_DIR);
      mkdirSync(shardsDir, {recursive: true});
      // The whole index is for the command-line tools (npm run search, the bench); the modal and the search page load
      // the sharded form: a query downloads the lexicon and the few shards it needs.
      writeFileSync(path.join(staticDir, name), json);
      const {lexicon, shards} = shardSearchIndex(index, (shard, kind) => `${hashOf(shard)}.${kind === 'sections' ? 'json' : 'txt'}`);
      for (const shard of shards) writeFileSync(path.join(shardsDir, shard.file), shard.content);
      const lexiconJson = JSON.stringify(lexicon);
      const lexiconName = `lexicon.${hashOf(lexiconJson)}.json`;
      writeFileSync(path.join(shardsDir, lexiconName), lexiconJson);
      // Only a production build: in `npm start` the script would not follow edits to the engine it bundles.
      let firstResultsScripts: SearchGlobalData['firstResultsScripts'] = null;
      if (process.env.NODE_ENV === 'production') {
        const scripts = await bundleFirstResultsScripts(context.siteDir);
        const write = (name: string, script: string) => {
          const file = `assets/js/${name}.${hashOf(script)}.js`;
          mkdirSync(path.join(staticDir, path.dirname(file)), {recursive: true});
          writeFileSync(path.join(staticDir, file), script);
          return `${context.baseUrl}${file}`;
        };
        firstResultsScripts = {page: write('search-first-results', scripts.page), worker: write('search-worker', scripts.worker)};
      }
      actions.setGlobalData({
        lexiconUrl: `${context.baseUrl}${SEARCH_SHARDS_DIR}/${lexiconName}`,
        firstResultsScripts,
      } satisfies SearchGlobalData);
    },
    // The server's section store: the full sections with their Markdown, which the browser index leaves out.
    async postBuild({content, outDir}) {
      writeFileSync(path.join(outDir, CHAT_SECTIONS_FILE), JSON.stringify(content));
    },
  };
}
