import {queryExpression, type AnalyzedQuery} from './query';
import {
  blendCoverage,
  bm25Feature,
  coverageFeature,
  FEATURE_COUNT,
  kindWeight,
  NEAR_MATCH_CREDIT,
  pageFacts,
  querySubjects,
  RANKING_FEATURES,
  rerank,
  subjectShare,
  writeFeatures,
  type EngineMatch,
  type PageFacts,
  type RankedSection,
  type RankingWeights,
  type RankPage,
} from './rank';
import type {Matcher, RankingContext} from './engine';

/**
 * The chat's OR ranking, a few pages at a time, without reranking every matched section.
 *
 * A chat question (every subject OR-ed, typos and prefixes tolerated) matches most sections, and reranking each one
 * (rank.ts: its matched terms as strings, what it holds of each subject, its features) cost most of a question's CPU,
 * in proportion to the corpus: ten times the sections, ten times the cost. Yet an answer names at most a few pages.
 *
 * Here every match gets a cheap upper bound on its final score, read from what the engine already computed (its BM25
 * score and the numbers of the terms it matched): the same features rank.ts writes, with each subject's credit read off
 * term numbers, the page's summary taken to hold every subject a section of the page touches, and an identifier
 * counted as held. A page's bound adds the page bonus of its best bounds. Pages are then reranked whole, best bound
 * first, by rank.ts itself: a section's features and score read only its own page's matches, so a page reranked alone
 * scores as in the whole ranking. Every section of a page not yet reranked scores at most `bound`, so the reranked
 * sections above it stand in the whole ranking's order, and the caller stops once those decide its answer.
 */

/** Sections ranked so far, best first, and a bound on every other section's score. */
export interface BoundedRanking {
  /** The sections of the pages reranked so far, best first, ties in the engine's order: as the whole ranking orders them. */
  readonly ranked: readonly RankedSection[];
  /** No section of a page not yet reranked scores this much or more; -Infinity once every page is. */
  readonly bound: number;
  /** Reranks the pages with the next best bounds; false when every page is reranked. */
  more(): boolean;
}

/** Pages reranked by the first call of `more`; each call after reranks twice as many as the one before. */
const FIRST_PAGES = 8;

/**
 * Relative margin added to bounds: a bound and the score it bounds are sums of the same terms taken in another order,
 * which may differ in the last bits.
 */
const ROUNDING_MARGIN = 1e-9;

/** Pages by the index terms of their titles (a query's subjects are in few titles): built once per context. */
const pagesByTitleTerm = new WeakMap<RankingContext, Map<string, number[]>>();
function titledPages(context: RankingContext, asked: ReadonlySet<string>): Set<number> {
  let byTerm = pagesByTitleTerm.get(context);
  if (!byTerm) {
    byTerm = new Map();
    context.pages.forEach((page, p) => {
      for (const term of page.titleTerms) (byTerm!.get(term) ?? byTerm!.set(term, []).get(term)!).push(p);
    });
    pagesByTitleTerm.set(context, byTerm);
  }
  return new Set([...asked].flatMap((term) => byTerm!.get(term) ?? []));
}

/**
 * Whether the weights keep the bound sound: the features it bounds from above (coverage, page coverage) and the BM25
 * score read without the written questions (the threshold's score, which must not exceed the ranking's) must not count
 * against a section, nor the page bonus.
 */
export function boundable(weights: RankingWeights): boolean {
  const {bm25, coverage, pageCoverage} = weights.features;
  return bm25 >= 0 && coverage >= 0 && pageCoverage >= 0 && weights.pageBonus >= 0;
}

/** Whether some alternative's terms (by number, -1: not reached) are all marked with `stamp`. */
function holdsMarked(alternatives: readonly Int32Array[], marks: Int32Array, stamp: number): boolean {
  for (const alternative of alternatives) {
    let all = true;
    for (let i = 0; i < alternative.length; i++) {
      const id = alternative[i];
      if (id < 0 || marks[id] !== stamp) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/** The chat's OR ranking of a (salient) query, a few pages at a time; null when the matcher or the weights allow no bound. */
export function boundedRanking(context: RankingContext, matcher: Matcher, query: AnalyzedQuery, weights: RankingWeights): BoundedRanking | null {
  if (!matcher.matchRows || !boundable(weights)) return null;
  if (query.groups.length === 0) return {ranked: [], bound: -Infinity, more: () => false};
  // Weighs every subject before the search.
  const subjects = querySubjects(query, matcher.weightOf, weights);
  const {groups} = subjects;
  // Read from here to the last page reranked: no other search of the engine runs in between.
  const rows = matcher.matchRows(queryExpression(query, 'OR'));
  const pages = context.pages;

  // The matches of each page, in engine order.
  const pageOfRow = new Int32Array(rows.length);
  const starts = new Int32Array(pages.length + 1);
  for (let k = 0; k < rows.length; k++) starts[(pageOfRow[k] = context.pageOf(rows.id(k))) + 1]++;
  for (let p = 0; p < pages.length; p++) starts[p + 1] += starts[p];
  const byPage = new Int32Array(rows.length);
  const filled = starts.slice(0, pages.length);
  for (let k = 0; k < rows.length; k++) byPage[filled[pageOfRow[k]]++] = k;

  // Each subject's alternatives by term number, and per match the terms it holds (marks stamped with its rank + 1).
  const ids = (alternatives: string[][]) => alternatives.map((a) => Int32Array.from(a, (term) => rows.termId(term)));
  const alternatives = groups.map((g) => ids(g.alternatives));
  const releases = groups.map((g) => ids(g.releases));
  const held = new Int32Array(rows.termCount);
  const near = new Int32Array(rows.termCount);
  let stamp = 0;
  const markHeld = (id: number) => void (held[id] = stamp);
  const markNear = (id: number) => void (near[id] = stamp);

  const w = RANKING_FEATURES.map((name) => weights.features[name]);
  const {bm25: bm25Weight, coverage: coverageWeight} = weights.features;
  const untitled = pageFacts(subjects, query, {titleTerms: new Set(), kind: 'guide', firstSection: -1}, undefined);
  const titled = titledPages(context, subjects.asked);
  const identifierBound = (query.identifiers?.length ?? 0) > 0 && weights.features.identifier > 0 ? 1 : 0;
  const count = groups.length;
  const credits = new Float64Array(count);
  const pageHeld = new Float64Array(count);
  const touched = new Float64Array(count);
  const ownShares = new Float64Array(rows.length);
  const values = new Float64Array(FEATURE_COUNT);
  const top = new Float64Array(4);

  /** The bound of a page's best final score: its sections' bounds, each with the page bonus of the best others. */
  const pageBound = (p: number): number => {
    const page: RankPage = pages[p];
    const facts: PageFacts = titled.has(p) ? pageFacts(subjects, query, page, undefined) : untitled;
    pageHeld.fill(0);
    touched.fill(0);
    for (let i = starts[p]; i < starts[p + 1]; i++) {
      const k = byPage[i];
      stamp = k + 1;
      rows.visitTerms(k, markHeld);
      rows.visitQueryTerms(k, markNear);
      let own = 0;
      for (let g = 0; g < count; g++) {
        // rank.ts's credit, with a release line held wherever it matched (its releases are matched as prefixes).
        const credit = facts.inTitle[g] || holdsMarked(alternatives[g], held, stamp) || holdsMarked(releases[g], near, stamp) ? 1 : holdsMarked(alternatives[g], near, stamp) ? NEAR_MATCH_CREDIT : 0;
        credits[g] = credit;
        if (credit > pageHeld[g]) pageHeld[g] = credit;
        if (credit > 0) touched[g] = 1;
        own += credit * groups[g].weight;
      }
      ownShares[k] = own / subjects.totalWeight;
    }
    const heldShare = subjectShare(subjects, pageHeld);
    // The summary holds at most the subjects some section of the page touches (besides the title's).
    for (let g = 0; g < count; g++) if (facts.inTitle[g]) touched[g] = 1;
    const aboutCoverage = weights.features.about >= 0 ? subjectShare(subjects, touched) : facts.titleCoverage;
    const bounded = {...facts, aboutCoverage};
    // What a section's bound reads besides its BM25 score and coverage (written as 1: their features are then 0), by
    // whether it opens the page and answers a problem: the same for every section of the page.
    const kind = kindWeight(query, page.kind);
    const shared = (opening: 0 | 1, problemSection: boolean) => {
      writeFeatures(values, 0, {score: 1, coverage: 1, heldShare, facts: bounded, subjects: count, kindWeight: kind, opening, problemSection, heldIdentifiers: identifierBound});
      let sum = 0;
      for (let f = 0; f < FEATURE_COUNT; f++) sum += w[f] * values[f];
      return sum;
    };
    const base = [shared(0, false), shared(0, true), shared(1, false), shared(1, true)];
    top.fill(0);
    for (let i = starts[p]; i < starts[p + 1]; i++) {
      const k = byPage[i];
      const id = rows.id(k);
      const variant = (id === page.firstSection ? 2 : 0) + (query.describesProblem && context.answersProblems(id) ? 1 : 0);
      let score = Math.exp(base[variant] + bm25Weight * bm25Feature(rows.score(k)) + coverageWeight * coverageFeature(blendCoverage(ownShares[k], heldShare)));
      // The page's four best bounds, best first.
      for (let t = 0; t < 4; t++) if (score > top[t]) [top[t], score] = [score, top[t]];
    }
    // A section's final score is its own plus the page bonus of the page's three best others.
    const total = top[0] + top[1] + top[2] + top[3];
    let best = 0;
    for (let t = 0; t < 4; t++) best = Math.max(best, top[t] + weights.pageBonus * (total - top[t]));
    return best * (1 + ROUNDING_MARGIN);
  };

  const order: number[] = [];
  const bounds = new Float64Array(pages.length);
  for (let p = 0; p < pages.length; p++) {
    if (starts[p + 1] === starts[p]) continue;
    bounds[p] = pageBound(p);
    order.push(p);
  }
  order.sort((a, b) => bounds[b] - bounds[a] || a - b);

  let ranked: RankedSection[] = [];
  // Each reranked section's rank in the engine's order, which breaks ties as the whole ranking breaks them.
  const engineRank = new Map<number, number>();
  let next = 0;
  let batch = FIRST_PAGES;
  const state: BoundedRanking = {
    get ranked() {
      return ranked;
    },
    get bound() {
      return next < order.length ? bounds[order[next]] : -Infinity;
    },
    more() {
      if (next >= order.length) return false;
      const chosen: number[] = [];
      for (const p of order.slice(next, next + batch)) for (let i = starts[p]; i < starts[p + 1]; i++) chosen.push(byPage[i]);
      next += batch;
      batch *= 2;
      chosen.sort((a, b) => a - b);
      const matches: EngineMatch[] = chosen.map((k) => rows.match(k));
      // As matchQuery: what the page itself says, which the chat's threshold reads.
      const content = rows.contentScoresOf(matches.map((m) => m.id));
      for (const [i, match] of matches.entries()) {
        engineRank.set(match.id, chosen[i]);
        match.contentScore = content.get(match.id) ?? 0;
      }
      const reranked = rerank(matches, query, context.pageOf, pages, matcher.weightOf, context.answersProblems, weights);
      ranked = [...ranked, ...reranked].sort((a, b) => b.score - a.score || engineRank.get(a.id)! - engineRank.get(b.id)!);
      return true;
    },
  };
  return state;
}
