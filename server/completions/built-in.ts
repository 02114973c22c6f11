import {createLexicalRetriever, type Retriever} from '../../lib/search/retrieval';
import type {SynonymTable} from '../../lib/search/synonyms';
import type {Section} from '../../lib/search/types';
import {loadSynonyms} from '../../plugins/search-index/synonyms';
import {loadSections} from '../sections';
import type {Answerer} from './answerer';
import {createExtractiveAnswerer} from './extractive-answerer';

/** The chat's own parts, with no LLM endpoint: retrieval and the extractive answerer over the build's sections. */
export interface BuiltInCompletions {
  sections: Section[];
  synonyms: SynonymTable;
  retriever: Retriever;
  answerer: Answerer;
}

/** Loads the build's sections (or docs/ without a build) and the site's synonyms, and wires retrieval and answering. */
export function createBuiltInCompletions(buildDir: string, siteDir = process.cwd()): BuiltInCompletions {
  const sections = loadSections(buildDir, siteDir);
  const synonyms = loadSynonyms(siteDir);
  return {sections, synonyms, retriever: createLexicalRetriever(sections, synonyms), answerer: createExtractiveAnswerer(synonyms)};
}
