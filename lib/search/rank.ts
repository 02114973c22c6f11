import {indexTermsOf, isVersionTerm, processTerm} from './terms';
import {ACTION_TERMS, isFiller, type AnalyzedQuery, type QueryIntent} from './query';
import {phraseWords} from './synonyms';
import {rankingWeights} from '../../data/ranking-weights';

/**
 * The second stage of ranking, shared by every search path: BM25 finds sections by their words; this stage weighs
 * what a section is about (its page title, and the page kind a question asks for) over what it merely mentions.
 */

/** What a page is, from the route data (data/routes.tsv origin and sidebar group). */
export type PageKind = 'guide' | 'managed-guide' | 'integration' | 'model-reference' | 'api-reference' | 'release-note' | 'managed-release-note';

/**
 * How much a page kind counts for each intent: a task prefers guides, a lookup prefers the generated reference. A
 * guide or release note of the managed edition counts less unless the query names that edition: most readers run the
 * open-source one, and a managed page that shares their words (Slack, SSO, ingestion, release) would otherwise answer
 * for the open-source page.
 */
export const KIND_WEIGHT: Record<QueryIntent, Record<PageKind, number>> = {
  task: {guide: 1, 'managed-guide': 0.8, integration: 1, 'model-reference': 0.55, 'api-reference': 0.8, 'release-note': 0.55, 'managed-release-note': 0.45},
  lookup: {guide: 0.85, 'managed-guide': 0.7, integration: 0.9, 'model-reference': 1.25, 'api-reference': 1.25, 'release-note': 0.7, 'managed-release-note': 0.55},
  neutral: {guide: 1, 'managed-guide': 0.8, integration: 1, 'model-reference': 0.8, 'api-reference': 0.9, 'release-note': 0.8, 'managed-release-note': 0.65},
};

/** What a managed-edition page counts as when the query names that edition. */
const ASKED_MANAGED: Partial<Record<PageKind, PageKind>> = {'managed-guide': 'guide', 'managed-release-note': 'release-note'};

/** The weight of a page kind for a query: a managed-edition page counts as its open-source kind when the query asks about that edition. */
export const kindWeight = (query: Pick<AnalyzedQuery, 'intent' | 'asksManaged'>, kind: PageKind) =>
  KIND_WEIGHT[query.intent][(query.asksManaged && ASKED_MANAGED[kind]) || kind];

/** Title words that do not make a title more specific than the query. */
const GENERIC_TITLE_TERMS = new Set(['guide', 'feature', 'overview', 'introduction', 'datahub', 'about', 'using', 'concept'].map((w) => processTerm(w) ?? w));

/** A page's facts that ranking reads. */
export interface RankPage {
  kind: PageKind;
  /** Index terms of the page title. */
  titleTerms: ReadonlySet<string>;
  /** Id of the page's first section (its opening, before the first heading). */
  firstSection: number;
  /** Whether the page explains what something is: its title asks it ("What Is a URN?"). */
  definesConcept?: boolean;
}

/** Index terms of a page title. */
export function titleTermsOf(title: string): Set<string> {
  return new Set(indexTermsOf(phraseWords(title)));
}

/** A section the engine matched (MiniSearch's result, with the query terms that matched it). */
export interface EngineMatch {
  id: number;
  score: number;
  terms: string[];
  queryTerms: string[];
  /** The matched terms found in the section's summary (a page intro's description), when there are any. */
  summaryTerms?: string[];
  /** The matched terms found only in the questions the section answers (data/questions), when there are any. */
  questionOnlyTerms?: string[];
  /** The BM25 score without the questions field (0: only the questions match), when asked for (the chat's OR look-up). */
  contentScore?: number;
}

/** A ranked section: the engine's match with the page it belongs to and what ranking made of it. */
export interface RankedSection extends EngineMatch {
  page: number;
  /** Share of the query's subject groups the section or its page title holds, in [0, 1]. */
  coverage: number;
  /**
   * The same share with subjects held only by the section's written questions counted at QUESTION_MATCH_CREDIT:
   * what the chat's threshold reads, so a question whose words only the team's questions share is still declined.
   */
  answerCoverage: number;
  /** The score with the coverage features read from answerCoverage: what the chat's threshold reads. */
  answerScore: number;
  /** Share of the subject groups the page title holds. */
  titleCoverage: number;
}

/** Whether some alternative has all its terms in `terms` (plain loops: this runs for every group of every match). */
export function holdsAny(alternatives: readonly string[][], terms: ReadonlySet<string> | readonly string[]): boolean {
  const list = Array.isArray(terms) ? (terms as readonly string[]) : null;
  const set = list ? null : (terms as ReadonlySet<string>);
  for (const alternative of alternatives) {
    let all = true;
    for (const term of alternative) {
      if (list ? !list.includes(term) : !set!.has(term)) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/** Whether a section holds a release an alternative names by version prefix ("0.10" held by "0.10.5"). */
function holdsRelease(alternatives: readonly string[][], terms: readonly string[]): boolean {
  return alternatives.some((alternative) => alternative.every((t) => terms.some((m) => m === t || (isVersionTerm(t) && m.startsWith(`${t}.`)))));
}

// Hand-set constants. Each comment's "measured" line is `npm run eval` with the fitted weights of
// data/ranking-weights.ts and only that constant changed (2026-11-26). As set, real questions score hit@1 0.615 and
// hit@3 0.785, curated 0.929, team 0.742 and keywords 0.935, with every off-topic question declined (10/10, 6/6, 9/9).

/**
 * Credit of a subject the section matched only through a typo-tolerant or prefix match of a word. Measured: 0 gives
 * real 0.646 / 0.769 and team 0.733; 0.5 answers an off-topic real and an off-topic curated question.
 */
export const NEAR_MATCH_CREDIT = 0.25;
/**
 * Part of a section's coverage that is its page's (what all of the page's matched sections hold together). Measured:
 * 0.2 gives real 0.538 / 0.738 with 2 answerable questions unanswered; 0.6 gives real 0.585, curated 0.900 and
 * answers an off-topic real question.
 */
const PAGE_COVERAGE_SHARE = 0.4;
/**
 * Most a subject can weigh: rarer words than this (and words no page has) all count alike. Measured: 4 gives real
 * 0.585 and answers an off-topic question; 8 gives real 0.600 / 0.754.
 */
const MAX_SUBJECT_WEIGHT = 6;
/**
 * How many of a page's next best sections lend it a share of their scores (RankingWeights.pageBonus). Measured: 1
 * gives real 0.538, team 0.714; 5 gives real 0.585, curated 0.914.
 */
export const PAGE_BONUS_SECTIONS = 3;
/**
 * Share of its weight a task verb keeps ("add", "update", "set"): the docs say the same thing with other verbs.
 * Measured: only team moves (0.5: 0.728; 1: 0.747 with hit@3 0.899 against 0.903).
 */
const VERB_WEIGHT = 0.75;
/**
 * Smallest coverage the log of a score reads, so a section holding none of the subjects is not scored minus infinity.
 * Measured: 0.001 and 0.05 change no figure.
 */
const MIN_COVERAGE = 0.01;

/** How rare a term is among the sections (BM25's inverse document frequency); Infinity for a word no section has. */
export type TermWeight = (term: string) => number;

/**
 * How much a subject counts: its rarest typed word's inverse document frequency, at most MAX_SUBJECT_WEIGHT; a subject
 * no section has counts `unknown` (a misspelling, a word the docs do not use, or another product's name).
 */
function subjectWeight(idfs: number[], unknown: number): number {
  const known = idfs.filter(Number.isFinite);
  return known.length > 0 ? Math.min(MAX_SUBJECT_WEIGHT, Math.max(0, ...known)) : idfs.length > 0 ? unknown : 0;
}

/**
 * What ranking reads of a matched section, each a number whose fitted weight (RankingWeights) says how much it counts.
 * A section's score is exp(sum of weight x feature), then a share of its page's best other sections' scores is added.
 */
export const RANKING_FEATURES = [
  /** ln of the engine's BM25 score (field boosts included). */
  'bm25',
  /** ln of the weighted share of the query's subjects the section (blended with its page) holds. */
  'coverage',
  /** ln(1 + 1.5 x share of the subjects the page title holds). */
  'title',
  /** ln(1 + 0.5 x share of the subjects the page title or description holds). */
  'about',
  /** The page title is the query, give or take a generic word ("Lineage" for "lineage"). */
  'exactTitle',
  /** ... and this is that page's opening section. */
  'exactTitleOpening',
  /** The page title holds every subject, with words of its own besides. */
  'fullTitle',
  /** A "what is" question naming a concept page's subject ("What Is a URN?"). */
  'definition',
  /** ... and this is that page's opening section. */
  'definitionOpening',
  /** ln of the page kind's weight for the query's intent (KIND_WEIGHT). */
  'kind',
  /** The query describes a problem and the section is troubleshooting. */
  'problemSection',
  /** Share of the identifiers the query quotes (snake_case, dotted, an error code) whose words the section holds together. */
  'identifier',
  /** The section opens its page (before the first heading). */
  'opening',
  /** ln of the weighted share of the subjects the page's matched sections hold together. */
  'pageCoverage',
  /** Share of the page title's own words (generic ones aside) the query asks about: how much of the page is the question. */
  'titleAsked',
] as const;

export type RankingFeature = (typeof RANKING_FEATURES)[number];
export const FEATURE_COUNT = RANKING_FEATURES.length;

/** The fitted weights of ranking (data/ranking-weights.ts, written by `npm run eval -- --fit`). */
export interface RankingWeights {
  features: Record<RankingFeature, number>;
  /** Share of each of its page's PAGE_BONUS_SECTIONS best other sections' scores a section gains. */
  pageBonus: number;
  /** Score at which a match counts as "half strong" in the similarity the chat's threshold reads (retrieval.ts). */
  saturation: number;
  /** What a subject no section has counts in coverage, beside known subjects' inverse document frequencies (at most 6). */
  unknownSubject: number;
}

/** The features of every match, row by row, and what the reference list and the threshold read besides. */
export interface SectionFeatures {
  /** FEATURE_COUNT numbers per match, in match order. */
  values: Float64Array;
  pages: Int32Array;
  /** Blended coverage per match, in [0, 1]. */
  coverage: Float64Array;
  /** Blended coverage with question-only subjects at QUESTION_MATCH_CREDIT (what `similarity` reads). */
  answerCoverage: Float64Array;
  /**
   * Per match, ANSWER_SHIFTS numbers: how the BM25, coverage and page coverage features change when read from what the
   * section holds without its written questions (log differences); scoreSections weighs them when asked for the score without questions.
   */
  answerShifts: Float64Array;
  titleCoverage: Float64Array;
}

/**
 * Credit, towards the chat's threshold, of a subject a section holds only through the questions written for it. Chosen
 * with `npm run eval -- --cv 5`: at 1, two off-topic real questions got answers through questions that share generic
 * words with them; see maintaining/retrieval.md (Retrieval evaluation) for the figures.
 */
export const QUESTION_MATCH_CREDIT = 0;

/** Numbers per match in SectionFeatures.answerShifts: coverage, page coverage, BM25. */
const ANSWER_SHIFTS = 3;

/** Index terms of an identifier's words, and whether a section's matched terms hold them all. */
const holdsAll = (terms: readonly string[], held: readonly string[]) => terms.length > 0 && terms.every((t) => held.includes(t));

/** A subject of a query as ranking weighs it: its alternatives' index terms and how much it counts. */
export interface SubjectGroup {
  alternatives: string[][];
  /** Alternatives naming a release line ("0.10"), which a section holds through any of its releases. */
  releases: string[][];
  weight: number;
  /** A query made only of filler words ("what is datahub") keeps them as its groups; they name no concept. */
  filler: boolean;
}

/** What ranking reads of a query once, whatever it matched: its weighed subjects and the terms they stand for. */
export interface QuerySubjects {
  groups: SubjectGroup[];
  /** The groups' weights summed (1 when they sum to 0). */
  totalWeight: number;
  /** Index terms of the typed words (the query's subjectTerms). */
  subject: ReadonlySet<string>;
  /** Every term the subjects stand for, synonyms included. */
  asked: ReadonlySet<string>;
}

/** The subjects of a query, each weighed by how rare its rarest typed word is in the docs (subjectWeight). */
export function querySubjects(query: AnalyzedQuery, weightOf: TermWeight, weights: Pick<RankingWeights, 'unknownSubject'> = rankingWeights): QuerySubjects {
  const groups = query.groups.map((g) => {
    const typed = indexTermsOf(g.alternatives[0]);
    const verb = typed.length === 1 && ACTION_TERMS.has(typed[0]) ? VERB_WEIGHT : 1;
    const alternatives = g.alternatives.map(indexTermsOf).filter((a) => a.length > 0);
    return {
      alternatives,
      releases: alternatives.filter((a) => a.some(isVersionTerm)),
      weight: subjectWeight(typed.map(weightOf), weights.unknownSubject) * (g.weight ?? 1) * verb,
      filler: typed.every(isFiller),
    };
  });
  return {
    groups,
    totalWeight: groups.reduce((sum, g) => sum + g.weight, 0) || 1,
    subject: new Set(query.subjectTerms),
    asked: new Set(groups.flatMap((g) => g.alternatives.flat())),
  };
}

/** The weighted share of the subjects something holds, `held[i]` in [0, 1] being how much it holds of subject i. */
export function subjectShare({groups, totalWeight}: QuerySubjects, held: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < groups.length; i++) sum += held[i] * groups[i].weight;
  return sum / totalWeight;
}

/** What a page's title (and summary) hold of a query: read by every one of its matched sections. */
export interface PageFacts {
  inTitle: boolean[];
  titleCount: number;
  titleCoverage: number;
  aboutCoverage: number;
  /** The page title is the query, give or take a generic word. */
  exact: boolean;
  defines: boolean;
  titleAsked: number;
}

/** The facts of a page for a query; `summaryTerms` are the query terms its summary matched, if it matched any. */
export function pageFacts(subjects: QuerySubjects, query: Pick<AnalyzedQuery, 'asksDefinition'>, page: RankPage, summaryTerms: readonly string[] | undefined): PageFacts {
  const {groups, subject, asked} = subjects;
  const {titleTerms} = page;
  const inTitle = groups.map((g) => holdsAny(g.alternatives, titleTerms));
  const inAbout = groups.map((g, i) => inTitle[i] || (summaryTerms !== undefined && holdsAny(g.alternatives, summaryTerms)));
  const titleCount = inTitle.filter(Boolean).length;
  const specific = [...titleTerms].some((t) => !GENERIC_TITLE_TERMS.has(t) && !isFiller(t) && !subject.has(t));
  const exact = groups.length > 0 && titleCount === groups.length && !specific;
  const defines = Boolean(query.asksDefinition && page.definesConcept && groups.some((g, i) => inTitle[i] && !g.filler));
  const ownTitleTerms = [...titleTerms].filter((t) => !GENERIC_TITLE_TERMS.has(t));
  const titleAsked = ownTitleTerms.length ? ownTitleTerms.filter((t) => asked.has(t)).length / ownTitleTerms.length : 0;
  return {inTitle, titleCount, titleCoverage: subjectShare(subjects, inTitle.map(Number)), aboutCoverage: subjectShare(subjects, inAbout.map(Number)), exact, defines, titleAsked};
}

/** What a match's feature row reads besides its page's facts. */
export interface RowInputs {
  /** The engine's BM25 score. */
  score: number;
  /** Blended coverage, in [0, 1]. */
  coverage: number;
  /** The share of the subjects the page's matched sections hold together. */
  heldShare: number;
  /** The page's facts, and its subject count (the query's groups). */
  facts: PageFacts;
  subjects: number;
  /** The page kind's weight for the query (kindWeight). */
  kindWeight: number;
  opening: 0 | 1;
  problemSection: boolean;
  /** Share of the query's identifiers the section holds. */
  heldIdentifiers: number;
}

/** The first two features: ln of the BM25 score, ln of the coverage (each kept off minus infinity). */
export const bm25Feature = (score: number) => Math.log(Math.max(score, 1e-9));
export const coverageFeature = (coverage: number) => Math.log(Math.max(coverage, MIN_COVERAGE));

/** Writes one match's FEATURE_COUNT features, in RANKING_FEATURES order, at `row` of `values`. */
export function writeFeatures(values: Float64Array, row: number, input: RowInputs): void {
  const {titleCount, titleCoverage, aboutCoverage, exact, defines, titleAsked} = input.facts;
  const {opening} = input;
  values[row] = bm25Feature(input.score);
  values[row + 1] = coverageFeature(input.coverage);
  values[row + 2] = Math.log1p(1.5 * titleCoverage);
  values[row + 3] = Math.log1p(0.5 * aboutCoverage);
  values[row + 4] = exact ? 1 : 0;
  values[row + 5] = exact ? opening : 0;
  values[row + 6] = !exact && titleCount === input.subjects ? 1 : 0;
  values[row + 7] = defines ? 1 : 0;
  values[row + 8] = defines ? opening : 0;
  values[row + 9] = Math.log(input.kindWeight);
  values[row + 10] = input.problemSection ? 1 : 0;
  values[row + 11] = input.heldIdentifiers;
  values[row + 12] = opening;
  values[row + 13] = coverageFeature(input.heldShare);
  values[row + 14] = titleAsked;
}

/** What sectionFeatures keeps per page met: its facts, its kind's weight, and what its matched sections hold of each subject. */
interface PageState {
  facts: PageFacts;
  kindWeight: number;
  held: Float64Array;
  /** subjectShare of `held`, -1 until the first match's row is written (once every match has added to it). */
  heldShare: number;
  answerHeld: Float64Array;
  answerHeldShare: number;
}

/** A section's coverage: its own share of the subjects blended with what its page's matched sections hold together. */
export const blendCoverage = (ownShare: number, heldShare: number) => (1 - PAGE_COVERAGE_SHARE) * ownShare + PAGE_COVERAGE_SHARE * heldShare;

/**
 * Computes the ranking features of engine matches: what each holds of the query (weighted by how rare each subject is
 * in the docs, so a question whose rare words no page has covers little), its page title and kind, and the intent.
 * A match's features read only the query, the match and the other matches of its page.
 */
export function sectionFeatures(
  matches: EngineMatch[],
  query: AnalyzedQuery,
  pageOf: (section: number) => number,
  pages: readonly RankPage[],
  weightOf: TermWeight,
  answersProblems: (section: number) => boolean = () => false,
  weights: Pick<RankingWeights, 'unknownSubject'> = rankingWeights,
): SectionFeatures {
  const subjects = querySubjects(query, weightOf, weights);
  const {groups} = subjects;
  const identifiers = query.identifiers ?? [];
  // What each page's summary holds of the query, read off its intro section's match (a page's only summary).
  const pageIds = new Int32Array(matches.length);
  const summaries = new Map<number, string[]>();
  for (let m = 0; m < matches.length; m++) {
    pageIds[m] = pageOf(matches[m].id);
    if (matches[m].summaryTerms) summaries.set(pageIds[m], matches[m].summaryTerms!);
  }
  // Per page met (by page number: a Map's look-ups cost more than the rest of a match's row): its title's facts, its
  // kind's weight, and what its sections hold together.
  const pageStates: Array<PageState | undefined> = new Array(pages.length);
  const stateOf = (page: number): PageState => {
    let known = pageStates[page];
    if (!known) {
      known = {
        facts: pageFacts(subjects, query, pages[page], summaries.get(page)),
        kindWeight: kindWeight(query, pages[page].kind),
        held: new Float64Array(groups.length),
        heldShare: -1,
        answerHeld: new Float64Array(groups.length),
        answerHeldShare: -1,
      };
      pageStates[page] = known;
    }
    return known;
  };
  // What each section holds of each subject (1 for its words or its page title, less for a near match), in one flat
  // array: this part runs for every match of every query, so it allocates nothing per match.
  const count = groups.length;
  const credits = new Float64Array(matches.length * count);
  const answerCredits = new Float64Array(matches.length * count);
  for (let m = 0; m < matches.length; m++) {
    const match = matches[m];
    const page = pageIds[m];
    const {facts: {inTitle}, held, answerHeld} = stateOf(page);
    const questionOnly = match.questionOnlyTerms;
    const contentTerms = questionOnly ? match.terms.filter((t) => !questionOnly.includes(t)) : match.terms;
    for (let g = 0; g < count; g++) {
      const {alternatives, releases} = groups[g];
      const credit = inTitle[g] || holdsAny(alternatives, match.terms) || (releases.length > 0 && holdsRelease(releases, match.terms)) ? 1 : holdsAny(alternatives, match.queryTerms) ? NEAR_MATCH_CREDIT : 0;
      credits[m * count + g] = credit;
      if (credit > held[g]) held[g] = credit;
      const answerCredit = !questionOnly || credit < 1 || inTitle[g] || holdsAny(alternatives, contentTerms) || (releases.length > 0 && holdsRelease(releases, contentTerms))
        ? credit
        : Math.max(QUESTION_MATCH_CREDIT, holdsAny(alternatives, match.queryTerms) ? NEAR_MATCH_CREDIT : 0);
      answerCredits[m * count + g] = answerCredit;
      if (answerCredit > answerHeld[g]) answerHeld[g] = answerCredit;
    }
  }
  const values = new Float64Array(matches.length * FEATURE_COUNT);
  const coverages = new Float64Array(matches.length);
  const answerCoverages = new Float64Array(matches.length);
  const answerShifts = new Float64Array(matches.length * ANSWER_SHIFTS);
  const titleCoverages = new Float64Array(matches.length);
  // One row's inputs, made for the first match and rewritten for each.
  let row: RowInputs | undefined;
  for (let m = 0; m < matches.length; m++) {
    const match = matches[m];
    const page = pageIds[m];
    const known = stateOf(page);
    if (known.heldShare < 0) {
      known.heldShare = subjectShare(subjects, known.held);
      known.answerHeldShare = subjectShare(subjects, known.answerHeld);
    }
    let own = 0;
    let answerOwn = 0;
    for (let g = 0; g < count; g++) {
      own += credits[m * count + g] * groups[g].weight;
      answerOwn += answerCredits[m * count + g] * groups[g].weight;
    }
    const coverage = blendCoverage(own / subjects.totalWeight, known.heldShare);
    answerCoverages[m] = blendCoverage(answerOwn / subjects.totalWeight, known.answerHeldShare);
    const shifts = m * ANSWER_SHIFTS;
    answerShifts[shifts] = coverageFeature(answerCoverages[m]) - coverageFeature(coverage);
    answerShifts[shifts + 1] = coverageFeature(known.answerHeldShare) - coverageFeature(known.heldShare);
    // Without a content score (the search box's look-up) the BM25 part is read as it is.
    answerShifts[shifts + 2] = match.contentScore === undefined ? 0 : Math.log(Math.max(match.contentScore, 1e-9)) - Math.log(Math.max(match.score, 1e-9));
    row ??= {score: 0, coverage: 0, heldShare: 0, facts: known.facts, subjects: count, kindWeight: 1, opening: 0, problemSection: false, heldIdentifiers: 0};
    row.score = match.score;
    row.coverage = coverage;
    row.heldShare = known.heldShare;
    row.facts = known.facts;
    row.kindWeight = known.kindWeight;
    row.opening = match.id === pages[page].firstSection ? 1 : 0;
    row.problemSection = Boolean(query.describesProblem && answersProblems(match.id));
    row.heldIdentifiers = identifiers.length ? identifiers.filter((terms) => holdsAll(terms, match.terms)).length / identifiers.length : 0;
    writeFeatures(values, m * FEATURE_COUNT, row);
    titleCoverages[m] = known.facts.titleCoverage;
    coverages[m] = coverage;
  }
  return {values, pages: pageIds, coverage: coverages, answerCoverage: answerCoverages, answerShifts, titleCoverage: titleCoverages};
}

/**
 * Scores the rows of `sectionFeatures` with weights: exp(weights . features), plus the page bonus. With `withoutQuestions`,
 * each row is scored on what its section says itself (its written questions' share of BM25, coverage and the questions
 * taken out, page bonus included): the score the chat's threshold reads, so an off-topic question whose words
 * only the team's questions share is still declined.
 */
export function scoreSections(features: Pick<SectionFeatures, 'values' | 'pages'> & Partial<Pick<SectionFeatures, 'answerShifts'>>, weights: RankingWeights, withoutQuestions = false): Float64Array {
  const n = features.pages.length;
  const w = RANKING_FEATURES.map((name) => weights.features[name]);
  const shiftWeights = [weights.features.coverage, weights.features.pageCoverage, weights.features.bm25];
  const shifts = withoutQuestions ? features.answerShifts : undefined;
  if (withoutQuestions && !shifts) throw new Error('scoreSections: the score without questions needs the features\' answerShifts');
  const scores = new Float64Array(n);
  for (let m = 0; m < n; m++) {
    let sum = 0;
    const row = m * FEATURE_COUNT;
    for (let f = 0; f < FEATURE_COUNT; f++) sum += w[f] * features.values[row + f];
    if (shifts) for (let k = 0; k < ANSWER_SHIFTS; k++) sum += shiftWeights[k] * shifts[m * ANSWER_SHIFTS + k];
    scores[m] = Math.exp(sum);
  }
  if (weights.pageBonus === 0) return scores;
  // A page with several matching sections is more likely about the query than a page that mentions it once: each
  // section gains a share of the scores of its page's best other sections (each page's top scores, kept once).
  const topByPage = new Map<number, number[]>();
  for (let m = 0; m < n; m++) {
    let top = topByPage.get(features.pages[m]);
    if (!top) topByPage.set(features.pages[m], (top = []));
    if (top.length <= PAGE_BONUS_SECTIONS || scores[m] > scores[top[top.length - 1]]) {
      top.push(m);
      top.sort((x, y) => scores[y] - scores[x]);
      if (top.length > PAGE_BONUS_SECTIONS + 1) top.pop();
    }
  }
  const final = new Float64Array(scores);
  for (let m = 0; m < n; m++) {
    let sum = 0;
    let taken = 0;
    for (const other of topByPage.get(features.pages[m])!) {
      if (other === m || taken === PAGE_BONUS_SECTIONS) continue;
      sum += scores[other];
      taken++;
    }
    final[m] += sum * weights.pageBonus;
  }
  return final;
}

/**
 * Re-scores engine matches by what they hold of the query, their page title and their page kind (sectionFeatures,
 * weighed by the fitted weights), and sorts them, best first (ties keep engine order).
 */
export function rerank(
  matches: EngineMatch[],
  query: AnalyzedQuery,
  pageOf: (section: number) => number,
  pages: readonly RankPage[],
  weightOf: TermWeight,
  answersProblems: (section: number) => boolean = () => false,
  weights: RankingWeights = rankingWeights,
): RankedSection[] {
  const features = sectionFeatures(matches, query, pageOf, pages, weightOf, answersProblems, weights);
  const scores = scoreSections(features, weights);
  const answerScores = scoreSections(features, weights, true);
  const ranked = matches.map((match, m) => ({
    order: m,
    section: {id: match.id, score: scores[m], terms: match.terms, queryTerms: match.queryTerms, page: features.pages[m], coverage: features.coverage[m], answerCoverage: features.answerCoverage[m], answerScore: answerScores[m], titleCoverage: features.titleCoverage[m]},
  }));
  return ranked.sort((a, b) => b.section.score - a.section.score || a.order - b.order).map((r) => r.section);
}
