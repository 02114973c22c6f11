import {createLexicalRetriever, type Retriever} from '../../lib/search/retrieval';
import type {SynonymTable} from '../../lib/search/synonyms';
import type {Section} from '../../lib/search/types';
import {loadSynonyms} from '../../plugins/search-index/synonyms';
import {loadSections} from '../sections';
import type {Answerer} from './answerer';
import {createExtractiveAnswerer} from './extractive-answerer';
import {createCompletionPool, type CompletionPool, type CompletionPoolOptions} from './worker-pool';

/** What the chat answers from: the build's sections (or docs/ without a build) and the site's synonyms. */
export interface ChatCorpus {
  sections: Section[];
  synonyms: SynonymTable;
}

export const loadChatCorpus = (buildDir: string, siteDir = process.cwd()): ChatCorpus => ({
  sections: loadSections(buildDir, siteDir),
  synonyms: loadSynonyms(siteDir),
});

/** The chat's own parts, with no LLM endpoint: retrieval and the extractive answerer over the build's sections. */
export interface BuiltInCompletions extends ChatCorpus {
  retriever: Retriever;
  answerer: Answerer;
}

/** Retrieval and answering on the calling thread, for tools and tests; the server runs them in its worker pool. */
export function createBuiltInCompletions(buildDir: string, siteDir = process.cwd()): BuiltInCompletions {
  const {sections, synonyms} = loadChatCorpus(buildDir, siteDir);
  return {sections, synonyms, retriever: createLexicalRetriever(sections, synonyms), answerer: createExtractiveAnswerer(synonyms)};
}

/** Retrieval and the extractive answer on worker threads, as the server runs them (see worker-pool.ts). */
export function createPooledCompletions(corpus: ChatCorpus, sizing: {threads: number; maxQueue: number} & Pick<CompletionPoolOptions, 'vectors' | 'fusion'>): CompletionPool & ChatCorpus {
  return {...createCompletionPool({...corpus, ...sizing}), ...corpus};
}
