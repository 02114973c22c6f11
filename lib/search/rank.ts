import {indexTermsOf, isVersionTerm, processTerm} from './terms';
import {ACTION_TERMS, isFiller, type AnalyzedQuery, type QueryIntent} from './query';
import {phraseWords} from './synonyms';

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

/** Extra weight of a section whose page title holds all of the query's subjects (scaled by the share it holds). */
const TITLE_WEIGHT = 1.5;
/** Extra weight of a page whose title is the query, give or take a generic word ("Lineage" for "lineage"). */
const EXACT_TITLE_WEIGHT = 2;
/** Extra weight of the opening section of a page whose title is the query, or of a concept page a "what is" question names: "what is a URN" is answered at the top. */
const EXACT_TITLE_OPENING_WEIGHT = 1.5;
/** Extra weight of a page whose title holds every subject of the query, with words of its own besides. */
const FULL_TITLE_WEIGHT = 1.5;
/**
 * Extra weight of a section whose page title or summary (its description) holds the query's subjects, scaled by the
 * share they hold: a page that says it is about the question's subjects, in other words than the question's, is more
 * likely the answer than a page that only mentions them.
 */
const ABOUT_WEIGHT = 0.5;
/** Extra weight of a concept page ("What Is an Aspect?") naming a subject of a query that asks what something is. */
const DEFINITION_WEIGHT = 1.5;
/** Extra weight of a troubleshooting section when the query describes a problem. */
const PROBLEM_SECTION_WEIGHT = 1.5;
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
}

/** A ranked section: the engine's match with the page it belongs to and what ranking made of it. */
export interface RankedSection extends EngineMatch {
  page: number;
  /** Share of the query's subject groups the section or its page title holds, in [0, 1]. */
  coverage: number;
  /** Share of the subject groups the page title holds. */
  titleCoverage: number;
}

/** Whether some alternative has all its terms in `terms` (plain loops: this runs for every group of every match). */
function holdsAny(alternatives: readonly string[][], terms: ReadonlySet<string> | readonly string[]): boolean {
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

/** Credit of a subject the section matched only through a typo-tolerant or prefix match of a word. */
const NEAR_MATCH_CREDIT = 0.25;
/** How strongly a section's share of the query's subjects scales its score (score x coverage^power). */
const COVERAGE_POWER = 2;
/** Part of a section's coverage that is its page's (what all of the page's matched sections hold together). */
const PAGE_COVERAGE_SHARE = 0.4;
/** Most a subject can weigh: rarer words than this (and words no page has) all count alike. */
const MAX_SUBJECT_WEIGHT = 6;
/** Share of a page's next best sections' scores that each of its sections gains (PAGE_BONUS_SECTIONS of them). */
const PAGE_BONUS = 0.5;
const PAGE_BONUS_SECTIONS = 3;

/** Share of its weight a task verb keeps ("add", "update", "set"): the docs say the same thing with other verbs. */
const VERB_WEIGHT = 0.75;

/** How much each subject of a query counts: its rarest typed word's inverse document frequency. */
export type TermWeight = (term: string) => number;

/**
 * Re-scores engine matches by what they hold of the query, their page title and their page kind, and sorts them,
 * best first (ties keep engine order). Coverage weighs each subject by how rare it is in the docs, so a question whose
 * rare words no page has (an off-topic one) covers little even when its common words match.
 */
export function rerank(
  matches: EngineMatch[],
  query: AnalyzedQuery,
  pageOf: (section: number) => number,
  pages: readonly RankPage[],
  weightOf: TermWeight,
  answersProblems: (section: number) => boolean = () => false,
): RankedSection[] {
  const groups = query.groups.map((g) => {
    const typed = indexTermsOf(g.alternatives[0]);
    const verb = typed.length === 1 && ACTION_TERMS.has(typed[0]) ? VERB_WEIGHT : 1;
    const alternatives = g.alternatives.map(indexTermsOf).filter((a) => a.length > 0);
    return {
      alternatives,
      // Alternatives naming a release line ("0.10"), which a section holds through any of its releases.
      releases: alternatives.filter((a) => a.some(isVersionTerm)),
      weight: Math.min(MAX_SUBJECT_WEIGHT, Math.max(0, ...typed.map(weightOf))) * (g.weight ?? 1) * verb,
      // A query made only of filler words ("what is datahub") keeps them as its groups; they name no concept.
      filler: typed.every(isFiller),
    };
  });
  const totalWeight = groups.reduce((sum, g) => sum + g.weight, 0) || 1;
  const subject = new Set(query.subjectTerms);
  // What each page's summary holds of the query, read off its intro section's match (a page's only summary).
  const summaries = new Map<number, string[]>();
  for (const match of matches) if (match.summaryTerms) summaries.set(pageOf(match.id), match.summaryTerms);
  // Per page met: which subjects its title holds, whether the title is the query, and what its sections hold together.
  const facts = new Map<number, {inTitle: boolean[]; titleCount: number; titleCoverage: number; aboutCoverage: number; exact: boolean; defines: boolean; held: number[]; heldShare: number | null}>();
  const share = (values: readonly number[]) => values.reduce((sum, c, i) => sum + c * groups[i].weight, 0) / totalWeight;
  const factsOf = (page: number) => {
    let known = facts.get(page);
    if (!known) {
      const {titleTerms} = pages[page];
      const summaryTerms = summaries.get(page);
      const inTitle = groups.map((g) => holdsAny(g.alternatives, titleTerms));
      const inAbout = groups.map((g, i) => inTitle[i] || (summaryTerms !== undefined && holdsAny(g.alternatives, summaryTerms)));
      const titleCount = inTitle.filter(Boolean).length;
      const specific = [...titleTerms].some((t) => !GENERIC_TITLE_TERMS.has(t) && !isFiller(t) && !subject.has(t));
      const exact = groups.length > 0 && titleCount === groups.length && !specific;
      const defines = Boolean(query.asksDefinition && pages[page].definesConcept && groups.some((g, i) => inTitle[i] && !g.filler));
      known = {inTitle, titleCount, titleCoverage: share(inTitle.map(Number)), aboutCoverage: share(inAbout.map(Number)), exact, defines, held: groups.map(() => 0), heldShare: null};
      facts.set(page, known);
    }
    return known;
  };
  // What each section holds of each subject (1 for its words or its page title, less for a near match), in one flat
  // array: this part runs for every match of every query, so it allocates nothing per match.
  const count = groups.length;
  const credits = new Float64Array(matches.length * count);
  const pageIds = new Int32Array(matches.length);
  for (let m = 0; m < matches.length; m++) {
    const match = matches[m];
    const page = pageOf(match.id);
    pageIds[m] = page;
    const {inTitle, held} = factsOf(page);
    for (let g = 0; g < count; g++) {
      const {alternatives, releases} = groups[g];
      const credit = inTitle[g] || holdsAny(alternatives, match.terms) || (releases.length > 0 && holdsRelease(releases, match.terms)) ? 1 : holdsAny(alternatives, match.queryTerms) ? NEAR_MATCH_CREDIT : 0;
      credits[m * count + g] = credit;
      if (credit > held[g]) held[g] = credit;
    }
  }
  const ranked: Array<{order: number; section: RankedSection}> = new Array(matches.length);
  for (let m = 0; m < matches.length; m++) {
    const match = matches[m];
    const page = pageIds[m];
    const {kind, firstSection} = pages[page];
    const pageFacts = factsOf(page);
    pageFacts.heldShare ??= share(pageFacts.held);
    let own = 0;
    for (let g = 0; g < count; g++) own += credits[m * count + g] * groups[g].weight;
    const coverage = (1 - PAGE_COVERAGE_SHARE) * (own / totalWeight) + PAGE_COVERAGE_SHARE * pageFacts.heldShare;
    const {titleCount, titleCoverage, aboutCoverage, exact, defines} = pageFacts;
    const opening = match.id === firstSection ? EXACT_TITLE_OPENING_WEIGHT : 1;
    const titleWeight = exact ? EXACT_TITLE_WEIGHT * opening : titleCount === count ? FULL_TITLE_WEIGHT : 1;
    const definitionWeight = defines ? DEFINITION_WEIGHT * opening : 1;
    const score = match.score * coverage ** COVERAGE_POWER * (1 + TITLE_WEIGHT * titleCoverage) * (1 + ABOUT_WEIGHT * aboutCoverage) * titleWeight * definitionWeight * kindWeight(query, kind);
    ranked[m] = {order: m, section: {id: match.id, score, terms: match.terms, queryTerms: match.queryTerms, page, coverage, titleCoverage}};
  }
  // A page with several matching sections is more likely about the query than a page that mentions it once: each
  // section gains a share of the scores of its page's best other sections (each page's top scores, kept once).
  const topByPage = new Map<number, Array<{order: number; score: number}>>();
  for (const {order, section} of ranked) {
    let top = topByPage.get(section.page);
    if (!top) topByPage.set(section.page, (top = []));
    if (top.length <= PAGE_BONUS_SECTIONS || section.score > top[top.length - 1].score) {
      top.push({order, score: section.score});
      top.sort((x, y) => y.score - x.score);
      if (top.length > PAGE_BONUS_SECTIONS + 1) top.pop();
    }
  }
  const bonuses = new Float64Array(ranked.length);
  for (const {order, section} of ranked) {
    let sum = 0;
    let taken = 0;
    for (const other of topByPage.get(section.page)!) {
      if (other.order === order || taken === PAGE_BONUS_SECTIONS) continue;
      sum += other.score;
      taken++;
    }
    bonuses[order] = sum * PAGE_BONUS;
  }
  for (const r of ranked) {
    r.section.score += bonuses[r.order];
    // Among the sections of the pages found, the ones that answer problems come first when the query describes one.
    if (query.describesProblem && answersProblems(r.section.id)) r.section.score *= PROBLEM_SECTION_WEIGHT;
  }
  return ranked.sort((a, b) => b.section.score - a.section.score || a.order - b.order).map((r) => r.section);
}
