import {completionRequestSchema, splitCompletion} from '../../contract/completions';
import {buildSearchIndex, loadSearchIndex, type RankingSearchIndex} from '../../lib/search/engine';
import type {RankingWeights} from '../../lib/search/rank';
import {createLexicalRetriever, type Retriever} from '../../lib/search/retrieval';
import type {SynonymTable} from '../../lib/search/synonyms';
import type {Section} from '../../lib/search/types';
import {loadSynonyms} from '../../plugins/search-index/synonyms';
import {createExtractiveAnswerer} from '../../server/completions/extractive-answerer';
import {completionStream} from '../../server/completions/pipeline';
import {loadSections, sectionsOfTree} from '../../server/sections';
import {chatService} from '../../src/site';
import {crossValidate, fitPolicy, HAND_SET_WEIGHTS, type PreparedQuestion} from './fit';
import type {QuestionSet} from './question-sets';

/** What the evaluation reads: the sections, the synonyms and the search index over them. */
export interface EvaluationCorpus {
  sections: Section[];
  synonyms: SynonymTable;
  index: RankingSearchIndex;
  /** Route of each page of the index, by page number. */
  pageRoutes: string[];
}

/**
 * The corpus of a build's sections, or without `buildDir` of the tree's docs/ and data/ as the next build will index
 * them (the questions of data/questions included), so a change to a page or its questions is measured without a build.
 */
export function loadEvaluationCorpus(buildDir?: string, siteDir = process.cwd()): EvaluationCorpus {
  const sections = buildDir ? loadSections(buildDir, siteDir) : sectionsOfTree(siteDir);
  const synonyms = loadSynonyms(siteDir);
  const file = buildSearchIndex(sections, synonyms);
  return {sections, synonyms, index: loadSearchIndex(file), pageRoutes: file.pages.map(([url]) => url)};
}

export interface SetResult {
  set: QuestionSet;
  rows: Array<{text: string; acceptable: string[]; references: string[]; answer: string; rank: number | null}>;
}

const rankOf = (pages: string[], acceptable: string[]) => {
  const at = pages.findIndex((p) => acceptable.includes(p));
  return at < 0 ? null : at + 1;
};

/**
 * Asks every question of a set as the server would (chat: the completion stream with the spec's defaults, the
 * references being the answer's; search: the search box's ranking, pages in order of their best section).
 */
export async function runSet(corpus: EvaluationCorpus, set: QuestionSet, weights: RankingWeights, retriever?: Retriever): Promise<SetResult> {
  const rows: SetResult['rows'] = [];
  if (set.mode === 'search') {
    for (const {text, acceptable} of set.questions) {
      const ranked = corpus.index.rank(corpus.index.context.analyze(text), undefined, weights);
      const pages = [...new Set(ranked.slice(0, 200).map((r) => corpus.pageRoutes[r.page]))];
      rows.push({text, acceptable, references: pages.slice(0, 10), answer: '', rank: rankOf(pages, acceptable)});
    }
    return {set, rows};
  }
  // Another retriever (--embeddings: fused retrieval) answers the chat sets; the search box's ranking stays lexical.
  const ask = pipelineAsker(corpus, weights, retriever);
  for (const {text, acceptable} of set.questions) {
    const {references, answer} = await ask(text);
    rows.push({text, acceptable, references, answer, rank: rankOf(references.map((r) => r.split('#')[0]), acceptable)});
  }
  return {set, rows};
}

/** A question to the chat, with earlier exchanges of its conversation; its references and answer. */
export type AskInThread = (prompt: string, context?: Array<{question: string; answer: string}>) => Promise<{references: string[]; answer: string}>;

/** Asks the chat's own pipeline in process, as POST /v1/completions runs it with the spec's defaults. */
export function pipelineAsker(corpus: EvaluationCorpus, weights: RankingWeights, retriever?: Retriever): AskInThread {
  const deps = {retriever: retriever ?? createLexicalRetriever(corpus.sections, corpus.synonyms, weights), answerer: createExtractiveAnswerer(corpus.synonyms), log: () => undefined};
  return async (prompt, context) => {
    const request = completionRequestSchema.parse({prompt, projectKey: chatService.projectKey, ...(context ? {context} : {})});
    let streamed = '';
    for await (const chunk of completionStream(request, deps, new AbortController().signal, () => undefined)) streamed += chunk;
    return splitCompletion(streamed);
  };
}

/** hit@k over the answerable questions, off-topic questions declined, and answerable questions without references. */
export function summarize({rows}: SetResult) {
  const answerable = rows.filter((r) => r.acceptable.length > 0);
  const offTopic = rows.filter((r) => r.acceptable.length === 0);
  const hitAt = (k: number) => (answerable.length ? answerable.filter((r) => r.rank !== null && r.rank <= k).length / answerable.length : 0);
  return {
    answerable: answerable.length,
    hitAt1: hitAt(1),
    hitAt3: hitAt(3),
    hitAt10: hitAt(10),
    offTopic: offTopic.length,
    offTopicDeclined: offTopic.filter((r) => r.references.length === 0).length,
    withoutReferences: answerable.filter((r) => r.references.length === 0).length,
  };
}

/**
 * k-fold cross-validation of the fit on the primary set, each held-out fold asked through the real pipeline with the
 * weights fitted without it (what `npm run eval -- --cv K` and the bench report).
 */
export async function crossValidatedResult(corpus: EvaluationCorpus, prepared: PreparedQuestion[], sets: QuestionSet[], k: number, log?: (line: string) => void): Promise<SetResult> {
  const primary = sets.find((s) => s.primary);
  if (!primary) throw new Error('No primary question set to cross-validate (readQuestionSets marks one)');
  const cv = crossValidate(prepared, primary.name, HAND_SET_WEIGHTS, k, {...fitPolicy(sets), log});
  const rows: SetResult['rows'] = [];
  for (let fold = 0; fold < k; fold++) {
    const heldOut = {...primary, questions: cv.outcomes.filter((o) => o.fold === fold).map((o) => o.question)};
    rows.push(...(await runSet(corpus, heldOut, cv.folds[fold])).rows);
  }
  return {set: primary, rows};
}
