import {buildSearchIndex, loadSearchIndex, queryTermsOf} from './engine';
import type {Section} from './types';

/** A section chosen for an answer, with its similarity to the prompt. */
export interface RetrievedSection {
  section: Section;
  /** In [0, 1]; see `similarity`. */
  similarity: number;
}

export interface RetrieveOptions {
  count: number;
  threshold: number;
  signal?: AbortSignal;
}

export interface Retriever {
  retrieve(prompt: string, options: RetrieveOptions): Promise<RetrievedSection[]>;
}

/** Words that shape a question but say nothing about its subject. */
const QUESTION_WORDS = new Set(queryTermsOf('how do does did what why where who which should could would i me my we our us please tell explain show get'));

/** BM25 score at which a match counts as "half strong". */
const SCORE_SATURATION = 12;

/**
 * Lexical similarity in [0, 1] of a section to a prompt:
 *   coverage x strength, where coverage is the share of the prompt's subject
 *   terms (stemmed, without stop and question words) found in the section, and
 *   strength = score / (score + 12) saturates the engine's BM25 score (title and
 *   heading boosts included). A section holding every subject term with a
 *   title or heading match scores about 0.7-0.9; one term of three in body text
 *   scores under 0.2. The default threshold 0.5 therefore asks for most terms
 *   and a solid match.
 */
export function similarity(score: number, matchedTerms: number, subjectTerms: number): number {
  if (subjectTerms === 0) return 0;
  const coverage = Math.min(1, matchedTerms / subjectTerms);
  return coverage * (score / (score + SCORE_SATURATION));
}

/** The prompt's subject terms (what retrieval and similarity count). */
export function subjectTerms(prompt: string): string[] {
  return queryTermsOf(prompt).filter((t) => !QUESTION_WORDS.has(t));
}

/** Retrieval over the site's sections with the site search engine (same ranking as the search modal). */
export function createLexicalRetriever(sections: Section[]): Retriever {
  const byUrl = new Map(sections.map((s) => [s.url, s]));
  const index = loadSearchIndex(buildSearchIndex(sections));
  return {
    async retrieve(prompt, {count, threshold, signal}) {
      signal?.throwIfAborted();
      const terms = subjectTerms(prompt);
      if (terms.length === 0) return [];
      const hits = index.search(terms.join(' '), Math.max(count * 5, 50), {combineWith: 'OR'});
      return hits
        .map((hit) => ({section: byUrl.get(hit.url)!, similarity: similarity(hit.score, new Set(hit.queryTerms).size, terms.length)}))
        .filter((r) => r.section && r.similarity >= threshold)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, count);
    },
  };
}
