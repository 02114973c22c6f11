import {queryExpression, type AnalyzedQuery} from './query';
import {
  blendCoverage,
  bm25Feature,
  coverageFeature,
  FEATURE_COUNT,
  kindWeight,
  NEAR_MATCH_CREDIT,
  PAGE_BONUS_SECTIONS,
  pageFacts,
  querySubjects,
  RANKING_FEATURES,
  rerank,
  subjectShare,
  writeFeatures,
  type EngineMatch,
  type PageFacts,
  type QuerySubjects,
  type RankedSection,
  type RankingWeights,
  type RankPage,
  type RowInputs,
  type SubjectGroup,
  type TermWeight,
} from './rank';
import type {Query} from 'minisearch';

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

/**
 * An engine's matches of an expression, read one at a time and unsorted: the engine lists them by score, best first,
 * ties in the order here (k). A match's section and score, and the numbers of the query terms it matched, cost nothing
 * to read; the matches themselves (with the index terms each matched) are built when asked for, for the few sections
 * reranked. Valid until the engine's next search.
 */
export interface MatchRows {
  readonly length: number;
  /** Each match's section and score, by k (entries from `length` on mean nothing). */
  readonly ids: Int32Array;
  readonly scores: Float64Array;
  /** Each match's query terms as a set of bits, bit i standing for term number queryTermOfBit[i], where the engine keeps them so. */
  readonly querySets?: Int32Array;
  readonly queryTermOfBit?: readonly number[];
  /** The number of a term the search reached, -1 for one it did not; every number is below termCount. */
  termId(term: string): number;
  readonly termCount: number;
  /** Calls `visit` with the number of each query term that matched match k (its `queryTerms`). */
  visitQueryTerms(k: number, visit: (termId: number) => void): void;
  /** The numbers of the index terms a query term reached: each index term a match holds came from one of its query terms. */
  termsReachedFrom(queryTermId: number): readonly number[];
  /** Matches ks as the engine lists them. */
  matches(ks: readonly number[]): EngineMatch[];
  /** The content scores (the BM25 score in the page's own text, without the written questions) of some sections only. */
  contentScoresOf(ids: readonly number[]): {get(id: number): number | undefined};
}

/** What a bounded ranking reads of the engine (engine.ts Matcher). */
export interface RowMatcher {
  weightOf: TermWeight;
  matchRows?(expression: Query): MatchRows;
}

/** What a bounded ranking reads of the pages (engine.ts RankingContext). */
export interface RankingPages {
  pages: readonly RankPage[];
  pageOf(section: number): number;
  answersProblems(section: number): boolean;
}

/** Sections ranked so far, best first, and a bound on every other section's score. */
export interface BoundedRanking {
  /** The sections of the pages reranked so far, best first, ties in the engine's order: as the whole ranking orders them. */
  readonly ranked: readonly RankedSection[];
  /** No section of a page not yet reranked scores this much or more; -Infinity once every page is. */
  readonly bound: number;
  /** How many sections the query matched, ranked or not. */
  readonly matched: number;
  /** Reranks the pages with the next best bounds; false when every page is reranked. */
  more(): boolean;
}

// Imported bindings read in loops over every match, read once: the server runs through tsx, whose CommonJS output
// reads an imported binding through a getter call each time (a third of the bound's CPU before).
const featureCount = FEATURE_COUNT;
const nearMatchCredit = NEAR_MATCH_CREDIT;
const scoreFeatureOf = bm25Feature;
const coverageFeatureOf = coverageFeature;
/** A page's best scores a bound reads: its best section's, and those of the others that lend it their page bonus. */
const TOP_SCORES = PAGE_BONUS_SECTIONS + 1;

/** The ways a section can stand in its page, as a bound reads them: opening it or not, answering a problem or not. */
const VARIANTS = 4;

/** Puts `score` among the best scores kept in `top` (best first), if it is one. */
function keepTop(top: Float64Array, score: number): void {
  for (let t = 0; t < TOP_SCORES; t++) if (score > top[t]) [top[t], score] = [score, top[t]];
}
const blend = blendCoverage;

/** Pages reranked by the first call of `more`; each call after reranks twice as many as the one before. */
const FIRST_PAGES = 8;

/**
 * Relative margin added to bounds: a bound and the score it bounds are sums of the same terms taken in another order,
 * which may differ in the last bits.
 */
const ROUNDING_MARGIN = 1e-9;

/** Pages by the index terms of their titles (a query's subjects are in few titles): built once per context. */
const pagesByTitleTerm = new WeakMap<RankingPages, Map<string, number[]>>();
function titledPages(context: RankingPages, asked: ReadonlySet<string>): Set<number> {
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

/** The page of each section by number, read off a table (context.pageOf searches the pages' starts). */
const pageTables = new WeakMap<RankingPages, Int32Array>();
function pageTable(context: RankingPages, sections: number): Int32Array {
  let table = pageTables.get(context);
  if (!table || table.length < sections) {
    table = Int32Array.from({length: sections}, (_, id) => context.pageOf(id));
    pageTables.set(context, table);
  }
  return table;
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

/** Most subjects a bound reads (one bit each); salientQuery keeps 20. */
const MAX_BOUNDED_SUBJECTS = 31;

/**
 * A bound of rank.ts's credit of each subject in each match, read off term numbers (a release line counted held
 * wherever it matched, its releases being matched as prefixes): only the subjects whose terms the match reached are
 * looked at. The index terms a match holds are taken to be every subject term its query terms reached (a superset:
 * each term it holds came from one of them), so that the search keeps no list of matched terms per section. A match's
 * credits then depend only on which query terms it matched, which most matches share with many others: they are
 * worked out once per set of query terms (when a question has at most MAX_QUERY_TERM_BITS of them).
 */
class SubjectCredits {
  private readonly alternatives: Int32Array[][];
  private readonly releases: Int32Array[][];
  /** Per term number, a bit per subject whose alternatives name it. */
  private readonly subjectsOf: Int32Array;
  private readonly held: Int32Array;
  private readonly near: Int32Array;
  /** Per query term's number, the subject terms it reached (see MatchRows.termsReachedFrom), made when first read. */
  private readonly subjectTermsFrom: Array<Int32Array | undefined> = [];
  private stamp = 0;
  private reached = 0;
  /** Per term number, its bit + 1 among the query terms met so far (0: none yet), and the term of each bit. */
  private readonly queryBit: Int32Array;
  private readonly bitTerms: number[] = [];
  /** The query terms of the match being read, as bits; -1 once they do not fit. */
  private querySet = 0;
  /** Credits by set of query terms: the subjects reached (bits) and each one's credit. */
  private readonly bySet = new Map<number, {reached: number; credits: Float64Array}>();
  private readonly addQueryBit = (id: number) => {
    if (this.querySet < 0) return;
    let bit = this.queryBit[id] - 1;
    if (bit < 0) {
      if (this.bitTerms.length === MAX_QUERY_TERM_BITS) {
        this.querySet = -1;
        return;
      }
      bit = this.bitTerms.push(id) - 1;
      this.queryBit[id] = bit + 1;
    }
    this.querySet |= 1 << bit;
  };
  private readonly markQueryTerm = (id: number) => {
    this.near[id] = this.stamp;
    this.reached |= this.subjectsOf[id];
    const reachedTerms = (this.subjectTermsFrom[id] ??= Int32Array.from(this.rows.termsReachedFrom(id).filter((term) => this.subjectsOf[term] !== 0)));
    for (let i = 0; i < reachedTerms.length; i++) {
      const term = reachedTerms[i];
      this.held[term] = this.stamp;
      this.reached |= this.subjectsOf[term];
    }
  };

  constructor(private readonly rows: MatchRows, groups: readonly SubjectGroup[]) {
    const ids = (alternatives: string[][]) => alternatives.map((a) => Int32Array.from(a, (term) => rows.termId(term)));
    this.alternatives = groups.map((g) => ids(g.alternatives));
    this.releases = groups.map((g) => ids(g.releases));
    this.subjectsOf = new Int32Array(rows.termCount);
    this.alternatives.forEach((alternatives, g) => alternatives.forEach((a) => a.forEach((id) => id >= 0 && (this.subjectsOf[id] |= 1 << g))));
    this.held = new Int32Array(rows.termCount);
    this.near = new Int32Array(rows.termCount);
    this.queryBit = new Int32Array(rows.termCount);
  }

  /** Match k's credits of the subjects it reached, written to `credits`; returns their bits (the others' credit is 0). */
  read(k: number, credits: Float64Array): number {
    const {querySets, queryTermOfBit} = this.rows;
    if (querySets && queryTermOfBit) {
      // The engine's own sets: the same terms by the same bits in every match.
      let known = this.bySet.get(querySets[k]);
      if (!known) known = this.known(querySets[k], queryTermOfBit);
      return this.copy(known, credits);
    }
    this.querySet = 0;
    this.rows.visitQueryTerms(k, this.addQueryBit);
    if (this.querySet < 0) {
      this.startMarks();
      this.rows.visitQueryTerms(k, this.markQueryTerm);
      return this.credit(credits);
    }
    return this.copy(this.bySet.get(this.querySet) ?? this.known(this.querySet, this.bitTerms), credits);
  }

  /** Works out the credits of a set of query terms (bit i: term number termOfBit[i]) and keeps them. */
  private known(set: number, termOfBit: readonly number[]): {reached: number; credits: Float64Array} {
    this.startMarks();
    for (let bits = set; bits !== 0; bits &= bits - 1) this.markQueryTerm(termOfBit[31 - Math.clz32(bits & -bits)]);
    const known = {reached: 0, credits: new Float64Array(this.alternatives.length)};
    known.reached = this.credit(known.credits);
    this.bySet.set(set, known);
    return known;
  }

  private copy(known: {reached: number; credits: Float64Array}, credits: Float64Array): number {
    for (let bits = known.reached; bits !== 0; bits &= bits - 1) {
      const g = 31 - Math.clz32(bits & -bits);
      credits[g] = known.credits[g];
    }
    return known.reached;
  }

  private startMarks() {
    this.stamp++;
    this.reached = 0;
  }

  /** The credits of the subjects the marked terms reached, written to `credits`; returns their bits. */
  private credit(credits: Float64Array): number {
    for (let bits = this.reached; bits !== 0; bits &= bits - 1) {
      const g = 31 - Math.clz32(bits & -bits);
      credits[g] = holdsMarked(this.alternatives[g], this.held, this.stamp) || holdsMarked(this.releases[g], this.near, this.stamp) ? 1 : holdsMarked(this.alternatives[g], this.near, this.stamp) ? nearMatchCredit : 0;
    }
    return this.reached;
  }
}

/** Most query terms whose sets SubjectCredits keeps credits for (one bit each). */
const MAX_QUERY_TERM_BITS = 30;

/**
 * The ranking of a (salient) query, a few pages at a time; null when the matcher or the weights allow no bound. As
 * engine.ts matchQuery matches: 'OR' (the chat's) matches any subject and reads the content scores the chat's threshold
 * needs; otherwise (the search box's) all subjects, or any when no section has them all.
 */
export function boundedRanking(context: RankingPages, matcher: RowMatcher, query: AnalyzedQuery, weights: RankingWeights, combineWith?: 'AND' | 'OR'): BoundedRanking | null {
  if (!matcher.matchRows || !boundable(weights) || query.groups.length > MAX_BOUNDED_SUBJECTS) return null;
  if (query.groups.length === 0) return {ranked: [], bound: -Infinity, matched: 0, more: () => false};
  // Weighs every subject before the search.
  const subjects = querySubjects(query, matcher.weightOf, weights);
  // Read from here to the last page reranked: no other search of the engine runs in between.
  const strict = combineWith === 'OR' ? null : matcher.matchRows(queryExpression(query, 'AND'));
  const rows = strict && strict.length > 0 ? strict : matcher.matchRows(queryExpression(query, 'OR'));
  const withContentScores = combineWith === 'OR';
  const pages = context.pages;

  // The matches of each page.
  const pageOfRow = new Int32Array(rows.length);
  const starts = new Int32Array(pages.length + 1);
  let sections = 0;
  for (let k = 0; k < rows.length; k++) sections = Math.max(sections, rows.ids[k] + 1);
  const pageOf = pageTable(context, sections);
  for (let k = 0; k < rows.length; k++) starts[(pageOfRow[k] = pageOf[rows.ids[k]]) + 1]++;
  for (let p = 0; p < pages.length; p++) starts[p + 1] += starts[p];
  const byPage = new Int32Array(rows.length);
  const filled = starts.slice(0, pages.length);
  for (let k = 0; k < rows.length; k++) byPage[filled[pageOfRow[k]]++] = k;

  // Every page's rough bound (cheap: each section's coverage taken as 1); a page's bound proper (which reads what each
  // section holds of each subject) is computed once its rough bound could still reach the best bound proper.
  const bounds = new PageBounds(context, subjects, query, weights, rows);
  const roughOrder: number[] = [];
  const roughBounds = new Float64Array(pages.length);
  for (let p = 0; p < pages.length; p++) {
    if (starts[p + 1] === starts[p]) continue;
    roughBounds[p] = bounds.rough(p, byPage, starts[p], starts[p + 1]);
    roughOrder.push(p);
  }
  roughOrder.sort((a, b) => roughBounds[b] - roughBounds[a] || a - b);
  const waiting = new WaitingPages(bounds, roughOrder, roughBounds, byPage, starts);
  waiting.refine();

  let ranked: RankedSection[] = [];
  // The matches' order where the ranking ties: the engine's (its score, best first, then k).
  const engineOrder = (k: number, j: number) => rows.scores[j] - rows.scores[k] || k - j;
  const rowOf = new Map<number, number>();
  let batch = FIRST_PAGES;
  const state: BoundedRanking = {
    get ranked() {
      return ranked;
    },
    get bound() {
      return waiting.size === 0 ? -Infinity : waiting.topKey;
    },
    matched: rows.length,
    more() {
      if (waiting.size === 0) return false;
      const chosen: number[] = [];
      for (let taken = 0; taken < batch && waiting.size > 0; taken++) {
        const p = waiting.pop();
        for (let i = starts[p]; i < starts[p + 1]; i++) chosen.push(byPage[i]);
        waiting.refine();
      }
      batch *= 2;
      chosen.sort(engineOrder);
      const matches: EngineMatch[] = rows.matches(chosen);
      // As matchQuery: what the page itself says, which the chat's threshold reads.
      const content = withContentScores ? rows.contentScoresOf(matches.map((m) => m.id)) : null;
      for (const [i, match] of matches.entries()) {
        rowOf.set(match.id, chosen[i]);
        if (content) match.contentScore = content.get(match.id) ?? 0;
      }
      const reranked = rerank(matches, query, context.pageOf, pages, matcher.weightOf, context.answersProblems, weights);
      ranked = [...ranked, ...reranked].sort((a, b) => b.score - a.score || engineOrder(rowOf.get(a.id)!, rowOf.get(b.id)!));
      return true;
    },
  };
  return state;
}

/** Bounds of pages' best final scores for one query's matches. */
class PageBounds {
  private readonly credits: SubjectCredits;
  private readonly weightOfFeature: number[];
  private readonly untitled: PageFacts;
  private readonly titled: Set<number>;
  private readonly identifierBound: number;
  private readonly credit: Float64Array;
  private readonly pageHeld: Float64Array;
  private readonly touched: Float64Array;
  private ownShares = new Float64Array(0);
  private readonly values = new Float64Array(FEATURE_COUNT);
  private readonly top = new Float64Array(TOP_SCORES);
  private readonly roughSharedOfKind = new Map<string, number>();
  /** Per page, the shared part of its sections' bounds by variant: see `of`. */
  private readonly shared = new Float64Array(VARIANTS);
  private readonly roughSums = new Float64Array(VARIANTS);

  constructor(
    private readonly context: RankingPages,
    private readonly subjects: QuerySubjects,
    private readonly query: AnalyzedQuery,
    private readonly weights: RankingWeights,
    private readonly rows: MatchRows,
  ) {
    const count = subjects.groups.length;
    this.credits = new SubjectCredits(rows, subjects.groups);
    this.weightOfFeature = RANKING_FEATURES.map((name) => weights.features[name]);
    this.untitled = pageFacts(subjects, query, {titleTerms: new Set(), kind: 'guide', firstSection: -1}, undefined);
    this.titled = titledPages(context, subjects.asked);
    this.identifierBound = (query.identifiers?.length ?? 0) > 0 && weights.features.identifier > 0 ? 1 : 0;
    this.credit = new Float64Array(count);
    this.pageHeld = new Float64Array(count);
    this.touched = new Float64Array(count);
  }

  /** The bound of page p's best final score, its matches being ks[from] to ks[to - 1]: each section's bound plus the page bonus of the best others. */
  of(p: number, ks: Int32Array, from: number, to: number): number {
    const {subjects, rows, credit, pageHeld, touched} = this;
    const {groups, totalWeight} = subjects;
    const page = this.context.pages[p];
    const facts = this.titled.has(p) ? pageFacts(subjects, this.query, page, undefined) : this.untitled;
    // Subjects in the title count 1 in every section of the page.
    let titleOwn = 0;
    for (let g = 0; g < groups.length; g++) {
      const inTitle = facts.inTitle[g] ? 1 : 0;
      pageHeld[g] = touched[g] = inTitle;
      titleOwn += inTitle * groups[g].weight;
    }
    if (this.ownShares.length < to - from) this.ownShares = new Float64Array((to - from) * 2);
    for (let i = 0; i < to - from; i++) {
      let own = titleOwn;
      for (let bits = this.credits.read(ks[from + i], credit); bits !== 0; bits &= bits - 1) {
        const g = 31 - Math.clz32(bits & -bits);
        if (facts.inTitle[g] || credit[g] === 0) continue;
        own += credit[g] * groups[g].weight;
        touched[g] = 1;
        if (credit[g] > pageHeld[g]) pageHeld[g] = credit[g];
      }
      this.ownShares[i] = own / totalWeight;
    }
    const heldShare = subjectShare(subjects, pageHeld);
    // The summary holds at most the subjects some section of the page touches.
    const about = {...facts, aboutCoverage: this.weights.features.about >= 0 ? subjectShare(subjects, touched) : facts.titleCoverage};
    // What a section's bound reads besides its BM25 score and coverage (written as 1, whose features are 0), by whether
    // it opens the page and answers a problem: the same for every section of the page.
    const kind = kindWeight(this.query, page.kind);
    const shared = this.variantSums({score: 1, coverage: 1, heldShare, facts: about, subjects: groups.length, kindWeight: kind, opening: 0, problemSection: false, heldIdentifiers: this.identifierBound}, this.shared);
    const {bm25, coverage} = this.weights.features;
    const top = this.top.fill(0);
    for (let i = 0; i < to - from; i++) {
      const id = rows.ids[ks[from + i]];
      const variant = (id === page.firstSection ? 2 : 0) + (this.query.describesProblem && this.context.answersProblems(id) ? 1 : 0);
      const score = Math.exp(shared[variant] + bm25 * scoreFeatureOf(rows.scores[ks[from + i]]) + coverage * coverageFeatureOf(blend(this.ownShares[i], heldShare)));
      keepTop(top, score);
    }
    return this.withPageBonus(top);
  }

  /**
   * A rougher bound of page p's best final score, reading only its sections' BM25 scores: every subject counted held
   * by every section (coverage 1, and the summary's), as by the page's sections together. The bound of a section
   * grows with its BM25 score (the weight on BM25 is not negative), so only the page's TOP_SCORES best scores are bounded.
   */
  rough(p: number, ks: Int32Array, from: number, to: number): number {
    const {rows, weights} = this;
    const best = this.top.fill(-Infinity);
    for (let i = from; i < to; i++) keepTop(best, rows.scores[ks[i]]);
    const shared = this.roughShared(p);
    for (let t = 0; t < TOP_SCORES; t++) best[t] = best[t] === -Infinity ? 0 : Math.exp(shared + weights.features.bm25 * scoreFeatureOf(best[t]));
    return this.withPageBonus(best);
  }

  /** What a rough bound reads besides a section's BM25 score: the same for every page of a kind without a subject in its title. */
  private roughShared(p: number): number {
    const page = this.context.pages[p];
    const titled = this.titled.has(p);
    const known = titled ? undefined : this.roughSharedOfKind.get(page.kind);
    if (known !== undefined) return known;
    const {weights, query} = this;
    const facts = titled ? pageFacts(this.subjects, query, page, undefined) : this.untitled;
    const about = {...facts, aboutCoverage: weights.features.about >= 0 ? 1 : facts.titleCoverage};
    const kind = kindWeight(query, page.kind);
    let shared = -Infinity;
    for (const sum of this.variantSums({score: 1, coverage: 1, heldShare: 1, facts: about, subjects: this.subjects.groups.length, kindWeight: kind, opening: 0, problemSection: false, heldIdentifiers: this.identifierBound}, this.roughSums)) {
      if (sum > shared) shared = sum;
    }
    if (!titled) this.roughSharedOfKind.set(page.kind, shared);
    return shared;
  }

  /** The best final score of a page whose best scores (best first) are `top`: its own plus the page bonus of the others. */
  private withPageBonus(top: Float64Array): number {
    let total = 0;
    for (let t = 0; t < TOP_SCORES; t++) total += top[t];
    let best = 0;
    for (let t = 0; t < TOP_SCORES; t++) best = Math.max(best, top[t] + this.weights.pageBonus * (total - top[t]));
    return best * (1 + ROUNDING_MARGIN);
  }

  /**
   * The feature sums of a section's bound for each way it can stand in its page, written to `sums` by variant: 2 when
   * it opens the page, plus 1 when it answers a problem the query describes. `input`'s own opening and problemSection
   * are overwritten (a copy per variant would give writeFeatures rows of another shape than rank.ts's, and slow it).
   */
  private variantSums(input: RowInputs, sums: Float64Array): Float64Array {
    for (let variant = 0; variant < VARIANTS; variant++) {
      input.opening = variant >= 2 ? 1 : 0;
      input.problemSection = variant % 2 === 1;
      sums[variant] = this.featureSum(input);
    }
    return sums;
  }

  /** The weighted sum of a row's features (the log of its score before the page bonus). */
  private featureSum(input: RowInputs): number {
    writeFeatures(this.values, 0, input);
    let sum = 0;
    for (let f = 0; f < featureCount; f++) sum += this.weightOfFeature[f] * this.values[f];
    return sum;
  }
}

/** Pages by bound, the best on top (ties: the lower page first). */
class MaxHeap {
  private readonly pages: number[] = [];
  private readonly keys: number[] = [];

  get size(): number {
    return this.pages.length;
  }

  get topKey(): number {
    return this.keys[0];
  }

  private above(i: number, j: number): boolean {
    return this.keys[i] > this.keys[j] || (this.keys[i] === this.keys[j] && this.pages[i] < this.pages[j]);
  }

  private swap(i: number, j: number) {
    [this.pages[i], this.pages[j]] = [this.pages[j], this.pages[i]];
    [this.keys[i], this.keys[j]] = [this.keys[j], this.keys[i]];
  }

  push(page: number, key: number) {
    this.pages.push(page);
    this.keys.push(key);
    for (let i = this.pages.length - 1; i > 0 && this.above(i, (i - 1) >> 1); i = (i - 1) >> 1) this.swap(i, (i - 1) >> 1);
  }

  pop(): number {
    const page = this.pages[0];
    const last = this.pages.length - 1;
    this.swap(0, last);
    this.pages.pop();
    this.keys.pop();
    for (let i = 0; ; ) {
      const [left, right] = [2 * i + 1, 2 * i + 2];
      let best = i;
      if (left < last && this.above(left, best)) best = left;
      if (right < last && this.above(right, best)) best = right;
      if (best === i) break;
      this.swap(i, best);
      i = best;
    }
    return page;
  }
}

/**
 * Pages waiting to be reranked, by their bounds proper, and the pages with a rough bound only, best first. (A class:
 * a closure made for each question, called from the ranking's compiled code, made that code start over each time.)
 */
class WaitingPages extends MaxHeap {
  private nextRough = 0;

  constructor(
    private readonly bounds: PageBounds,
    private readonly roughOrder: readonly number[],
    private readonly roughBounds: Float64Array,
    private readonly byPage: Int32Array,
    private readonly starts: Int32Array,
  ) {
    super();
  }

  /** Bounds pages proper until no page left with a rough bound only could beat the best page waiting. */
  refine() {
    const {roughOrder, roughBounds, starts} = this;
    while (this.nextRough < roughOrder.length && (this.size === 0 || roughBounds[roughOrder[this.nextRough]] > this.topKey)) {
      const p = roughOrder[this.nextRough++];
      this.push(p, this.bounds.of(p, this.byPage, starts[p], starts[p + 1]));
    }
  }
}
