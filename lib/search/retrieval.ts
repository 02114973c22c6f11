import {headingsOf, searchIndexOfSections, type Matcher, type RankingSearchIndex} from './engine';
import {holdsAny, titleTermsOf, type RankedSection, type RankingWeights} from './rank';
import {rankingWeights} from '../../data/ranking-weights';
import type {SynonymTable} from './synonyms';
import type {Section} from './types';
import {analyzeFollowUp, isFiller, productNamesOf, type AnalyzedQuery} from './query';
import {indexTermsOf, processTerm} from './terms';

/** A section chosen for an answer, with its similarity to the prompt. */
export interface RetrievedSection {
  section: Section;
  /** In [0, 1]; see `similarity`. */
  similarity: number;
  /** The ranking's score (unbounded; only comparable within one question), where the retrieval has one: see pagesInDoubt. */
  score?: number;
}

export interface RetrieveOptions {
  count: number;
  threshold: number;
  signal?: AbortSignal;
  /** Earlier questions of the conversation, oldest first, when the prompt is a follow-up (see analyzeFollowUp). */
  earlier?: readonly string[];
  /** Those questions' answers, oldest first: where retrieval also finds the passage, it avoids quoting them again. */
  earlierAnswers?: readonly string[];
}

export interface Retriever {
  retrieve(prompt: string, options: RetrieveOptions): Promise<RetrievedSection[]>;
}

/**
 * Below 1, so that a section holding most of a question's subjects is not judged by the few it lacks. Measured as in
 * rank.ts: 0.2 answers an off-topic real and an off-topic curated question; 0.7 leaves 7 real questions unanswered
 * (real 0.538 / 0.615).
 */
const COVERAGE_EXPONENT = 0.4;

/**
 * Most sections of one page among the references: the rest of the list goes to other pages. Measured as in rank.ts:
 * 1 and 3 change no hit figure (hits count pages).
 */
export const MAX_SECTIONS_PER_PAGE = 2;

/**
 * Similarity in [0, 1] of a section to a question, the number `sectionsMatchThreshold` is compared with:
 *   coverage^0.4 x strength. Coverage (rank.ts) is the share of the question's subjects (stemmed words without stop,
 *   question and filler words, each standing with its synonyms, each weighed by how rare it is in the docs) that the
 *   section or its page title holds, blended with what its page holds; strength = score / (score + saturation) saturates the
 *   ranked score. A section holding every subject with a title or heading match scores 0.8-1; an off-topic question,
 *   whose rare words no page has, stays under 0.45 even where its common words match. The default threshold 0.5
 *   therefore asks for most subjects and a solid match.
 */
export function similarity(score: number, coverage: number, saturation = rankingWeights.saturation): number {
  return Math.min(1, Math.max(0, coverage)) ** COVERAGE_EXPONENT * (score / (score + saturation));
}

/**
 * References that cover several pages: each page's best section in order, then each page's second best (at most
 * `perPage` sections of a page), so the first few references name as many pages as there are.
 */
export function diversify<T>(items: T[], pageOf: (item: T) => string, perPage = MAX_SECTIONS_PER_PAGE): T[] {
  const counts = new Map<string, number>();
  const rounds: T[][] = Array.from({length: perPage}, () => []);
  for (const item of items) {
    const page = pageOf(item);
    const count = counts.get(page) ?? 0;
    counts.set(page, count + 1);
    if (count < perPage) rounds[count].push(item);
  }
  return rounds.flat();
}

/**
 * Whether a question names a product no page mentions (another "DataHub", a neighbouring tool): it is not about these
 * docs, however well its other words match. Declining these turned 3 of 10 off-topic real questions from answered to
 * declined, and no answerable question of the four sets lost its references (npm run eval).
 */
export function namesUnknownProduct(prompt: string, matcher: Pick<Matcher, 'frequencyOf'>): boolean {
  return productNamesOf(prompt).some((name) => {
    const term = processTerm(name);
    return term !== null && matcher.frequencyOf(term) === 0;
  });
}

/** A section of a ranking: its number in the sections, and its similarity in [0, 1] to the question. */
export interface Candidate {
  id: number;
  similarity: number;
  /**
   * The similarity of what the section says itself, its written questions left out. A question is answered only when
   * some candidate's grounding reaches the threshold (the similarity stands in where there is none): the team's
   * questions lead a symptom to the section that explains it, but cannot on their own answer a question no page is about.
   */
  grounding?: number;
  /** The ranking's score, when it has one. */
  score?: number;
}

/**
 * The lexical ranking of a chat question, before the threshold: its sections best first with their similarities, or
 * null when the question is declined because it names a product no page mentions. A follow-up's first section is the
 * part of the first page about what the follow-up asks (see askedSectionFirst).
 */
export function lexicalCandidates(
  index: RankingSearchIndex,
  prompt: string,
  earlier: readonly string[] | undefined,
  weights: RankingWeights = rankingWeights,
  sections?: readonly Section[],
): Candidate[] | null {
  if (namesUnknownProduct(prompt, index.matcher)) return null;
  const query = analyzeFollowUp(prompt, earlier ?? [], index.context.synonyms);
  return candidatesOf(index.rank(query, 'OR', weights), query, earlier, weights, sections);
}

/** Candidates of ranked sections, a follow-up's asked section first (askedSectionFirst). */
function candidatesOf(ranked: readonly RankedSection[], query: AnalyzedQuery, earlier: readonly string[] | undefined, weights: RankingWeights, sections?: readonly Section[]): Candidate[] {
  const candidates = ranked.map((r) => ({
    id: r.id,
    score: r.score,
    similarity: similarity(r.score, r.coverage, weights.saturation),
    grounding: similarity(r.answerScore, r.answerCoverage, weights.saturation),
  }));
  return earlier?.length && sections ? askedSectionFirst(candidates, ranked, query, sections) : candidates;
}

/**
 * The references of a chat question, as chooseReferences(lexicalCandidates(...)) chooses them, from the pages that can
 * hold them only (bounded-ranking.ts): pages are reranked best bound first until no page left can change the choice.
 * A section's similarity reaches the threshold only if its score reaches `floor` (similarity: coverage is at most 1);
 * the grounding reads a score no higher than the ranking's. So the choice is settled when no page left can reach the
 * floor, or when some reranked section is grounded and `count` pages have a section at the threshold scoring above
 * every page left (the first section of each of them: the first `count` references). A follow-up also needs its first
 * section settled, whose page askedSectionFirst reads.
 */
export function lexicalReferences(index: RankingSearchIndex, prompt: string, {count, threshold, earlier}: Pick<RetrieveOptions, 'count' | 'threshold' | 'earlier'>, weights: RankingWeights, sections: readonly Section[]): RetrievedSection[] {
  if (namesUnknownProduct(prompt, index.matcher)) return [];
  const query = analyzeFollowUp(prompt, earlier ?? [], index.context.synonyms);
  const ranking = index.rankBounded(query, weights);
  if (!ranking) return chooseReferences(candidatesOf(index.rank(query, 'OR', weights), query, earlier, weights, sections), sections, threshold, count);
  const floor = threshold >= 1 ? Infinity : threshold <= 0 ? 0 : (weights.saturation * threshold) / (1 - threshold);
  const settled = () => {
    const {ranked, bound} = ranking;
    const firstSettled = !earlier?.length || (ranked.length > 0 && ranked[0].score > bound);
    if (bound < floor) return firstSettled;
    let grounded = false;
    const pages = new Set<number>();
    for (const r of ranked) {
      grounded ||= similarity(r.answerScore, r.answerCoverage, weights.saturation) >= threshold;
      if (r.score > bound && similarity(r.score, r.coverage, weights.saturation) >= threshold) pages.add(r.page);
    }
    return grounded && pages.size >= count && firstSettled;
  };
  while (!settled() && ranking.more());
  return chooseReferences(candidatesOf(ranking.ranked, query, earlier, weights, sections), sections, threshold, count);
}

/** Index terms of a section's own heading (its deepest); none for a page's opening. */
const headingTerms = new WeakMap<Section, ReadonlySet<string>>();
function headingTermsOf(section: Section): ReadonlySet<string> {
  let terms = headingTerms.get(section);
  if (!terms) {
    const heading = headingsOf(section).at(-1);
    headingTerms.set(section, (terms = heading ? titleTermsOf(heading) : new Set()));
  }
  return terms;
}

/**
 * A follow-up ranks best the section that holds the most of the whole thread, which on a page is often its opening:
 * its summary names everything the page covers. Asked "How do I revoke it?" after a question about tokens, the reader
 * wants the section of that page whose heading names what the follow-up itself asks ("List and revoke tokens"). That
 * section, when the first page has one among the matches, comes first, with the first section's similarity.
 */
function askedSectionFirst(candidates: Candidate[], ranked: readonly RankedSection[], query: AnalyzedQuery, sections: readonly Section[]): Candidate[] {
  // The follow-up's own subjects are the groups without an earlier question's weight.
  const own = query.groups
    .filter((g) => g.weight === undefined && !indexTermsOf(g.alternatives[0]).every(isFiller))
    .map((g) => g.alternatives.map(indexTermsOf).filter((a) => a.length > 0));
  if (own.length === 0 || ranked.length < 2) return candidates;
  const holdsOwn = (id: number) => own.every((alternatives) => holdsAny(alternatives, headingTermsOf(sections[id])));
  if (holdsOwn(ranked[0].id)) return candidates;
  const at = ranked.findIndex((r, i) => i > 0 && r.page === ranked[0].page && holdsOwn(r.id));
  if (at < 0) return candidates;
  const promoted = {...candidates[at], similarity: Math.max(candidates[at].similarity, candidates[0].similarity)};
  return [promoted, ...candidates.filter((_, i) => i !== at)];
}

/**
 * The references of ranked candidates: those at or above the threshold, spread over pages, at most `count`; none when
 * no candidate's grounding reaches the threshold.
 */
export function chooseReferences(candidates: readonly Candidate[], sections: readonly Section[], threshold: number, count: number): RetrievedSection[] {
  if (!candidates.some((c) => (c.grounding ?? c.similarity) >= threshold)) return [];
  const chosen = candidates.filter((c) => c.similarity >= threshold).map((c) => ({section: sections[c.id], similarity: c.similarity, ...(c.score !== undefined && {score: c.score})}));
  return diversify(chosen, (r) => r.section.url.split('#')[0]).slice(0, count);
}

/** Retrieval over the site's sections with the site's ranking (the same as the search modal and page). */
export function createLexicalRetriever(sections: Section[], synonyms: SynonymTable = [], weights: RankingWeights = rankingWeights): Retriever {
  const index = searchIndexOfSections(sections, synonyms);
  return {
    async retrieve(prompt, {count, threshold, signal, earlier}) {
      signal?.throwIfAborted();
      return lexicalReferences(index, prompt, {count, threshold, earlier}, weights, sections);
    },
  };
}

/**
 * When the second page's best section scores at least this share of the first page's, neither page clearly wins.
 * Measured on the answerable questions of the three chat sets (real, curated, team; 352): at 0.8, 67 are in doubt, and
 * their first page is right for 67% of them against 83% of the others, one of their two pages for 81%; at 0.7, 90 are
 * (first page 67% against 84%, one of two 80%); at 0.9, 33 (64% against 82%, 76%).
 */
export const DOUBT_SCORE_RATIO = 0.8;

/**
 * The best section of each of the first two pages among references, when the two score close (DOUBT_SCORE_RATIO):
 * an answer should then show both rather than pick one with confidence. Null when one page clearly wins, when there is
 * one page, or when the references carry no ranking scores (a fused ranking's).
 */
export function pagesInDoubt(references: readonly RetrievedSection[]): [RetrievedSection, RetrievedSection] | null {
  const first = references[0];
  const page = (r: RetrievedSection) => r.section.url.split('#')[0];
  const second = references.find((r) => page(r) !== page(first));
  if (!first || !second || first.score === undefined || second.score === undefined || first.score <= 0) return null;
  return second.score >= DOUBT_SCORE_RATIO * first.score ? [first, second] : null;
}
