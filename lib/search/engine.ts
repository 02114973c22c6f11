import MiniSearch, {type Options, type Query} from 'minisearch';
import {indexTermsOf, processTerm, QUERY_OPTIONS, tokenize} from './terms';
import {analyzeQuery, queryExpression, type AnalyzedQuery} from './query';
import {rerank, titleTermsOf, type EngineMatch, type PageKind, type RankedSection, type RankingWeights, type TermWeight} from './rank';
import type {SynonymTable} from './synonyms';
import {clipAtWord} from './clip';
import {leanSearcher, leanShared, type CompactPostings, type LeanResults, type LeanShared} from './lean-search';
import {boundedRanking, type BoundedRanking, type MatchRows} from './bounded-ranking';
import {buildCompactEngine} from './compact-build';
import {rankingWeights} from '../../data/ranking-weights';
import {TITLE_SEPARATOR, type Section} from './types';

export type {RankedSection} from './rank';
export {FIELD_BOOST, processTerm, QUERY_OPTIONS} from './terms';

/**
 * The site's search engine: MiniSearch (BM25 ranking, prefix and fuzzy
 * matching, field boosts) over the build's sections. The same module runs in
 * the browser, in the CLI and in the chat server, so ranking is identical.
 */

interface IndexedSection {
  n: number;
  title: string;
  headings: string;
  summary: string;
  text: string;
  questions: string;
}

/** The fields that hold the page's own words; `questions` holds the questions the team wrote for the section. */
export const CONTENT_FIELDS = ['title', 'headings', 'text', 'summary'] as const;

const options: Options<IndexedSection> = {
  idField: 'n',
  fields: [...CONTENT_FIELDS, 'questions'],
  storeFields: [],
  tokenize,
  processTerm,
};

/** Serialised index shipped to the browser (compact: see encodePostings). */
export interface SearchIndexFile {
  version: 1;
  language: string;
  docsTag: string;
  /** [url, group (lvl0), title (lvl1), kind] per page. */
  pages: Array<[string, string, string, PageKind]>;
  /** Id of each page's first section: a page's sections are consecutive. */
  pageStarts: number[];
  /** Ids of the sections that answer problems (under a troubleshooting heading, or on a troubleshooting page), ascending. */
  troubleshooting: number[];
  /** Synonyms and abbreviations every query is expanded with (data/search-synonyms.yaml). */
  synonyms: SynonymTable;
  /** [page index, anchor, heading path joined by " › ", snippet text] per section. */
  sections: Array<[number, string, string, string]>;
  engine: {
    documentCount: number;
    fieldLength: number[][];
    averageFieldLength: number[];
    /** One line per term: `term fieldId=deltaIds[:freq],... ...` with ids in base 36. */
    postings: string;
  };
}

/** Characters of section text kept for snippets in the browser index. */
export const SNIPPET_CHARS = 140;

/** Headings under which a section answers a problem: the troubleshooting part of a page. */
const TROUBLESHOOTING_HEADING = /^(troubleshooting\b|common (problems|issues|errors)\b|known issues\b|faq\b)/i;

/** Whether a section answers problems: it sits under a troubleshooting heading or on a troubleshooting page. */
export function isTroubleshooting(section: Pick<Section, 'url' | 'hierarchy'>): boolean {
  return section.url.startsWith('/docs/troubleshooting/') || section.hierarchy.slice(2).some((h) => h !== null && TROUBLESHOOTING_HEADING.test(h));
}

/** A section's headings below its page title, outermost first. */
export function headingsOf(section: Pick<Section, 'hierarchy'>): string[] {
  return section.hierarchy.slice(2).filter((h): h is string => Boolean(h));
}

/** The engine over sections, with the page facts ranking reads, before anything is written out. */
interface IndexedCorpus {
  mini: MiniSearch<IndexedSection>;
  pages: SearchIndexFile['pages'];
  pageStarts: number[];
  troubleshooting: number[];
  /** The rows hits are displayed from (SearchIndexFile.sections). */
  rows: SearchIndexFile['sections'];
}

/**
 * Indexes sections in the engine; a page's sections must be consecutive. A compact engine (buildCompactEngine) is for
 * this process's lean search only: it cannot be written out.
 */
function indexSections(sections: readonly Section[], compact = false): IndexedCorpus {
  const pageIndex = new Map<string, number>();
  const pages: SearchIndexFile['pages'] = [];
  const pageStarts: number[] = [];
  const troubleshooting: number[] = [];
  sections.forEach((s, n) => {
    const url = s.url.split('#')[0];
    if (pageIndex.has(url) && pageIndex.get(url) !== pages.length - 1) throw new Error(`Sections of ${url} are not consecutive`);
    if (!pageIndex.has(url)) {
      pageIndex.set(url, pages.length);
      pages.push([url, s.hierarchy[0] ?? '', s.hierarchy[1] ?? '', s.pageKind]);
      pageStarts.push(n);
    }
    if (isTroubleshooting(s)) troubleshooting.push(n);
  });
  // Indexing stems every word of the corpus through a cache of its own, for this build only: processTerm's cache is
  // bounded for the server's sake (MAX_CACHED_STEMS), and a vocabulary past that bound (ten times the site's) started
  // it over again and again, so that stemming grew faster than the corpus. Searches use processTerm as before.
  const stemsOfBuild = new Map<string, string | null>();
  const stemOnce = (term: string) => {
    let stem = stemsOfBuild.get(term);
    if (stem === undefined) stemsOfBuild.set(term, (stem = processTerm(term)));
    return stem;
  };
  const documents = sections.map((s, n) => ({
    n,
    // The page title is indexed once, on the page's intro section, so a title match points at the page itself.
    title: s.url.includes('#') ? '' : s.hierarchy[1] ?? '',
    headings: headingsOf(s).join(' '),
    summary: s.summary ?? '',
    text: s.text,
    questions: s.questions?.join(' \n ') ?? '',
  }));
  const building = {...options, processTerm: stemOnce};
  const mini = compact ? buildCompactEngine(building, documents) : new MiniSearch<IndexedSection>(building);
  if (!compact) mini.addAll(documents);
  (mini as unknown as {_options: Options<IndexedSection>})._options.processTerm = processTerm;
  const rows: SearchIndexFile['sections'] = sections.map((s) => [
    pageIndex.get(s.url.split('#')[0])!,
    s.url.split('#')[1] ?? '',
    headingsOf(s).join(TITLE_SEPARATOR),
    clipAtWord(s.text, SNIPPET_CHARS),
  ]);
  return {mini, pages, pageStarts, troubleshooting, rows};
}

/** Builds the browser index from sections (build time); a page's sections must be consecutive. */
export function buildSearchIndex(sections: Section[], synonyms: SynonymTable = []): SearchIndexFile {
  const {mini, pages, pageStarts, troubleshooting, rows} = indexSections(sections);
  const raw = mini.toJSON() as unknown as MiniSearchJson;
  if (raw.serializationVersion !== 2) throw new Error(`Unsupported MiniSearch serialization version ${raw.serializationVersion}`);
  return {
    version: 1,
    language: sections[0]?.language ?? 'en',
    docsTag: sections[0]?.docsTag ?? '',
    pages,
    pageStarts,
    troubleshooting,
    synonyms,
    sections: rows,
    engine: {
      documentCount: raw.documentCount,
      fieldLength: Object.keys(raw.fieldLength).map((id) => raw.fieldLength[id]),
      averageFieldLength: raw.averageFieldLength,
      // Sorted, so that a subset of the postings (sharded-index.ts) loads its terms in the same relative order.
      postings: encodePostings([...raw.index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    },
  };
}

/** The subset of MiniSearch's JSON form (serialization version 2) that we compact. */
interface MiniSearchJson {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount: number;
  index: Array<[string, Record<string, Record<string, number>>]>;
  serializationVersion: number;
}

/** Delta-encodes the posting lists: gzip shrinks them to about half of MiniSearch's JSON. */
export function encodePostings(index: MiniSearchJson['index']): string {
  return index.map(([term, fields]) => {
    const parts = Object.entries(fields).map(([field, docs]) => {
      let previous = 0;
      const ids = Object.keys(docs).map(Number).sort((a, b) => a - b).map((id) => {
        const delta = (id - previous).toString(36);
        previous = id;
        return docs[id] === 1 ? delta : `${delta}:${docs[id]}`;
      });
      return `${field}=${ids.join(',')}`;
    });
    return `${term} ${parts.join(' ')}`;
  }).join('\n');
}

/** Posting lines (encodePostings) back as MiniSearch's JSON index; decodePostingLine reads each line. */
export function decodePostings(postings: string): MiniSearchJson['index'] {
  return postings.split('\n').filter(Boolean).map((line) => {
    const {term, fields} = decodePostingLine(line);
    const json: Record<string, Record<string, number>> = {};
    for (const [field, {ids, freqs}] of fields) {
      const docs: Record<string, number> = {};
      ids.forEach((id, i) => (docs[id] = freqs[i]));
      json[field] = docs;
    }
    return [term, json];
  });
}

/** One matching section, ready to display. */
export interface SearchHit {
  url: string;
  pageUrl: string;
  group: string;
  pageTitle: string;
  /** Heading path of the section ("Install › From PyPI"), empty for a page intro. */
  heading: string;
  /** Start of the section text. */
  text: string;
  score: number;
  /** Index terms that matched, for highlighting. */
  terms: string[];
  /** Query terms that matched (after stemming). */
  queryTerms: string[];
}

export interface SearchFilters {
  language?: string;
  docsTag?: string;
  /** AND (default) falls back to OR when nothing has every term; OR ranks any-term matches directly. */
  combineWith?: 'AND' | 'OR';
}

/** A loaded index that answers queries. */
export interface LocalSearchIndex {
  readonly sectionCount: number;
  search(query: string, limit?: number, filters?: SearchFilters): SearchHit[];
}

/** Corpus statistics BM25 needs besides the postings: every section's field lengths and their averages. */
export type EngineStats = Omit<SearchIndexFile['engine'], 'postings'>;

/** One posting line (encodePostings) decoded as the lean search reads a term: field id -> compact postings. */
export interface TermPostings {
  term: string;
  fields: Map<number, CompactPostings>;
  /** How many sections hold the term, in any field. */
  sections: number;
  /** Its postings over every field: what keeping it decoded costs. */
  postings: number;
}

export function decodePostingLine(line: string): TermPostings {
  const [term, ...parts] = line.split(' ');
  const fields = new Map<number, CompactPostings>();
  let postings = 0;
  const holding: Set<number> | null = parts.length > 1 ? new Set() : null;
  for (const part of parts) {
    const [field, list] = part.split('=');
    const entries = list.split(',');
    const ids = new Int32Array(entries.length);
    const freqs = new Int32Array(entries.length);
    let id = 0;
    entries.forEach((entry, i) => {
      const colon = entry.indexOf(':');
      id += parseInt(colon < 0 ? entry : entry.slice(0, colon), 36);
      ids[i] = id;
      freqs[i] = colon < 0 ? 1 : Number(entry.slice(colon + 1));
      holding?.add(id);
    });
    postings += entries.length;
    fields.set(Number(field), {ids, freqs});
  }
  return {term, fields, sections: holding ? holding.size : postings, postings};
}

/** What a matcher reads of every section: its id and its field lengths. Made once per index, shared by its matchers. */
export interface SectionTables {
  documentIds: Map<number, number>;
  lean: LeanShared;
}

export function sectionTables(stats: EngineStats): SectionTables {
  return {
    documentIds: new Map(stats.fieldLength.map((_, id) => [id, id])),
    lean: leanShared(stats.fieldLength.entries(), FIELD_IDS.length, stats.documentCount),
  };
}

const FIELD_IDS = [...CONTENT_FIELDS, 'questions'] as const;

/**
 * A matcher over some terms' decoded postings, given in term order (MiniSearch then expands prefixes and typos in the
 * order the whole index would). They may be a subset of the index, as long as they hold every term the query can
 * reach (reachableTerms): scores depend only on those terms and the stats. Nothing is decoded or copied here, so a
 * matcher made for one query costs little beyond the search itself, which is the lean search (lean-search.ts).
 */
export function postingsMatcher(stats: EngineStats, tables: SectionTables, terms: readonly TermPostings[]): Matcher {
  const json: MiniSearchJson = {
    documentCount: stats.documentCount,
    nextId: stats.documentCount,
    documentIds: {},
    fieldIds: Object.fromEntries(FIELD_IDS.map((field, id) => [field, id])),
    fieldLength: {},
    averageFieldLength: stats.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [],
    serializationVersion: 2,
  };
  const mini = MiniSearch.loadJS<IndexedSection>(json as never, options);
  // The lean search reads section ids and field lengths from the shared tables, and the term entries; a search among
  // chosen sections finds their short ids here (the same numbers).
  const internals = mini as unknown as {_documentIds: Map<number, unknown>; _idToShortId: Map<unknown, number>; _index: {set(term: string, data: TermPostings['fields']): void}};
  internals._documentIds = tables.documentIds;
  internals._idToShortId = tables.documentIds;
  const frequencies = new Map<string, number>();
  for (const {term, fields, sections} of terms) {
    internals._index.set(term, fields);
    frequencies.set(term, sections);
  }
  return matcherOf(leanMatches(leanSearcher(mini, tables.lean), mini), stats.documentCount, (term) => frequencies.get(term) ?? 0);
}

/** Loads posting lines and matches query expressions (see postingsMatcher). */
export function loadMatcher(stats: EngineStats, postings: string): Matcher {
  return postingsMatcher(stats, sectionTables(stats), postings.split('\n').filter(Boolean).map(decodePostingLine));
}

/**
 * The matcher of an engine built in this process (the chat server's): how many sections hold a term is looked up when
 * a query first asks (a query names a few terms), instead of walking every posting list at start.
 */
function liveMatcher(mini: MiniSearch<IndexedSection>): Matcher {
  const counts = new Map<string, number>();
  const lean = leanSearcher(mini);
  return matcherOf(leanMatches(lean, mini), mini.documentCount, (term) => {
    let count = counts.get(term);
    if (count === undefined) {
      count = lean.sectionsHolding(term);
      // Bounded like the stemmer's cache: a stream of made-up words must not grow it without end.
      if (counts.size >= MAX_COUNTED_TERMS) counts.clear();
      counts.set(term, count);
    }
    return count;
  });
}

/** Most term counts liveMatcher keeps. */
const MAX_COUNTED_TERMS = 50_000;

/** An engine's matches of an expression, best first, and the scores of the sections matching it in the page's own text. */
interface Matches {
  match(expression: Query): EngineMatch[];
  contentScores(expression: Query): ContentScores;
  matchRows?(expression: Query): MatchRows;
}

/**
 * Matches through the lean search (lean-search.ts): the same results as MiniSearch's search, without its objects per
 * matched section and posting, whose collection made a chat question's cost grow faster than the corpus.
 */
function leanMatches(lean: ReturnType<typeof leanSearcher>, mini: MiniSearch<IndexedSection>): Matches {
  const contentOptions = {...QUERY_OPTIONS, fields: [...CONTENT_FIELDS]};
  const internals = mini as unknown as {_fieldIds: Record<string, number>; _idToShortId: Map<number, number>};
  const summary = 1 << internals._fieldIds.summary;
  const questions = 1 << internals._fieldIds.questions;
  const inSummary = (mask: number) => (mask & summary) !== 0;
  const onlyInQuestions = (mask: number) => mask === questions;
  const matchOf = (found: LeanResults, k: number): EngineMatch => ({
    id: found.id(k), score: found.score(k), terms: found.terms(k), queryTerms: found.queryTerms(k),
    summaryTerms: found.termsIn(k, inSummary), questionOnlyTerms: found.termsIn(k, onlyInQuestions),
  });
  /** Scores by section id, NaN where none: a Map would box every score. */
  const scoresOf = (found: LeanResults): ContentScores => {
    const scores = new Float64Array(mini.documentCount).fill(NaN);
    for (let k = 0; k < found.length; k++) scores[found.id(k)] = found.score(k);
    return {get: (id) => (Number.isNaN(scores[id]) ? undefined : scores[id])};
  };
  return {
    match: (expression) => {
      const found = lean.search(expression, QUERY_OPTIONS as never);
      return Array.from({length: found.length}, (_, k) => matchOf(found, k));
    },
    matchRows: (expression) => {
      // Without matched terms: the few sections reranked get theirs from a search among them (`matches`).
      const found = lean.search(expression, QUERY_OPTIONS as never, false, false);
      const searchAmong = (ids: readonly number[], options: object) => lean.searchAmong(expression, options as never, ids.map((id) => internals._idToShortId.get(id)!));
      return {
        length: found.length, ids: found.ids, scores: found.scores, termId: found.termId, termCount: found.termCount,
        visitQueryTerms: found.visitQueryTerms, termsReachedFrom: found.termsReachedFrom,
        ...(found.querySets && {querySets: found.querySets, queryTermOfBit: found.queryTermOfBit}),
        matches: (ks) => {
          const ids = ks.map((k) => found.ids[k]);
          const detailed = searchAmong(ids, QUERY_OPTIONS);
          const rankOf = new Map<number, number>();
          for (let k = 0; k < detailed.length; k++) rankOf.set(detailed.id(k), k);
          return ids.map((id) => matchOf(detailed, rankOf.get(id)!));
        },
        contentScoresOf: (ids) => {
          // A few sections: a table over every section would cost more to fill than to search them.
          const found = searchAmong(ids, contentOptions);
          const scores = new Map<number, number>();
          for (let k = 0; k < found.length; k++) scores.set(found.id(k), found.score(k));
          return scores;
        },
      };
    },
    contentScores: (expression) => scoresOf(lean.search(expression, contentOptions as never)),
  };
}

/** The BM25 score of each section matching an expression in the page's own text (CONTENT_FIELDS), by section id. */
export interface ContentScores {
  get(id: number): number | undefined;
}

/** Queries an engine: matches, content-only scores, and how rare a term is among its n sections. */
function matcherOf({match, contentScores, matchRows}: Matches, n: number, frequencyOf: (term: string) => number): Matcher {
  return {
    match,
    contentScores,
    ...(matchRows && {matchRows}),
    frequencyOf,
    // BM25's inverse document frequency; a word no section has is infinitely rare (rank.ts decides what it counts).
    weightOf: (term) => {
      const df = frequencyOf(term);
      return df === 0 ? Infinity : Math.log(1 + (n - df + 0.5) / (df + 0.5));
    },
  };
}

/** Matches query expressions against postings, and weighs a term by how rare it is among the sections. */
export interface Matcher {
  match(expression: Query): EngineMatch[];
  /** The BM25 score of each section matching the expression in the page's own text (CONTENT_FIELDS), by section id. */
  contentScores(expression: Query): ContentScores;
  /** The matches read one at a time (the engine built in process has them; the loaded one does not). */
  matchRows?(expression: Query): MatchRows;
  weightOf: TermWeight;
  /** How many sections hold a term (of the postings loaded). */
  frequencyOf(term: string): number;
}

/** What ranking reads besides the postings: the pages, where each page's sections start, and the synonyms. */
export type RankingData = Pick<SearchIndexFile, 'pages' | 'pageStarts' | 'troubleshooting' | 'synonyms'>;

/** Position of the last value in an ascending list that is at or before `value` (0 when none is). */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (sorted[mid] <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The page of each section id, and the facts of each page ranking weighs. */
export function rankingContext(data: RankingData) {
  const pages = data.pages.map(([, , title, kind], i) => ({kind, titleTerms: titleTermsOf(title), firstSection: data.pageStarts[i], definesConcept: /^what (is|are)\b/i.test(title)}));
  const troubleshooting = new Set(data.troubleshooting);
  return {
    pages,
    pageOf: (id: number) => lastAtOrBefore(data.pageStarts, id),
    answersProblems: (id: number) => troubleshooting.has(id),
    synonyms: data.synonyms,
    // A follow-up of a conversation is read with analyzeFollowUp (the chat's retrieval), which the search box never needs.
    analyze: (query: string) => analyzeQuery(query, data.synonyms),
  };
}

export type RankingContext = ReturnType<typeof rankingContext>;

/**
 * Ranks a query, one way on every path: all subjects must match (AND) unless nothing has them all or OR is asked for,
 * then the matches are re-scored by page title and kind (rank.ts).
 */
export function rankQuery(context: RankingContext, matcher: Matcher, query: AnalyzedQuery, combineWith?: 'AND' | 'OR', weights?: RankingWeights): RankedSection[] {
  const salient = salientQuery(query, matcher.weightOf);
  const matches = matchQuery(matcher, salient, combineWith, {contentScores: combineWith === 'OR'});
  return rerank(matches, salient, context.pageOf, context.pages, matcher.weightOf, context.answersProblems, weights);
}

/** The first sections of a query's ranking, and how many sections it matched in all. */
export interface TopRanking {
  readonly total: number;
  /** The first `limit` sections, as rankQuery ranks them. */
  top(limit: number): RankedSection[];
}

/**
 * rankQuery's ranking read from the top. Where the matcher and the weights allow a bound (bounded-ranking.ts), only the
 * pages that can hold the sections asked for are reranked: a short prefix typed in the search box matches most of the
 * site, and reranking every match made a keystroke's cost grow with the site (issue 50).
 */
export function rankFromTop(context: RankingContext, matcher: Matcher, query: AnalyzedQuery, combineWith?: 'AND' | 'OR', weights: RankingWeights = rankingWeights): TopRanking {
  const bounded = boundedRanking(context, matcher, salientQuery(query, matcher.weightOf), weights, combineWith);
  if (!bounded) {
    const ranked = rankQuery(context, matcher, query, combineWith, weights);
    return {total: ranked.length, top: (limit) => ranked.slice(0, limit)};
  }
  return {
    total: bounded.matched,
    top(limit) {
      if (limit <= 0) return [];
      // Settled once the limit-th section scores at least the bound: every section not reranked scores below it.
      while ((bounded.ranked.length < limit || bounded.ranked[limit - 1].score < bounded.bound) && bounded.more());
      return bounded.ranked.slice(0, limit);
    },
  };
}

/**
 * Most subjects a query is matched with. The longest question of the four evaluation sets has 18; a 2,000-character
 * prompt with three earlier questions of 2,000 characters has hundreds, and each costs a (fuzzy) look-up, so beyond
 * this only the rarest count. Retrieval alone for that worst case (20 sections, threshold 0; worst-case-request.ts)
 * took about 1,550 ms of CPU uncapped and 47-165 ms at 20 subjects (median about 90) on a quiet 2-core machine;
 * `npm run bench` reports it.
 */
export const MAX_QUERY_SUBJECTS = 20;
/**
 * Salience of a word no section has, when a query is cut to its most salient subjects. Measured as in rank.ts: 4 and 12
 * change no figure (it only orders the subjects of a query that has more than MAX_QUERY_SUBJECTS).
 */
const UNKNOWN_TERM_SALIENCE = 8;
/** Most identifiers and quoted phrases a query is matched with, for the same reason. */
const MAX_QUERY_IDENTIFIERS = 8;

/** The query with at most MAX_QUERY_SUBJECTS subjects: the most salient (rarest, weighed by their question's weight), in their order. */
export function salientQuery(query: AnalyzedQuery, weightOf: (term: string) => number): AnalyzedQuery {
  const identifiers = query.identifiers && query.identifiers.length > MAX_QUERY_IDENTIFIERS ? query.identifiers.slice(0, MAX_QUERY_IDENTIFIERS) : query.identifiers;
  if (query.groups.length <= MAX_QUERY_SUBJECTS) return identifiers === query.identifiers ? query : {...query, identifiers};
  // A word no section has (idf Infinity) counts as rare as a word of a single section (ln(1 + 3,600 / 1.5) is about 7.8).
  const salience = query.groups.map((group, i) => {
    const idfs = indexTermsOf(group.alternatives[0]).map((term) => Math.min(weightOf(term), UNKNOWN_TERM_SALIENCE));
    return {i, salience: Math.max(0, ...idfs) * (group.weight ?? 1)};
  });
  const kept = new Set(salience.sort((a, b) => b.salience - a.salience || a.i - b.i).slice(0, MAX_QUERY_SUBJECTS).map((s) => s.i));
  const groups = query.groups.filter((_, i) => kept.has(i));
  const subjectTerms = [...new Set(groups.flatMap((g) => indexTermsOf(g.alternatives[0])))];
  return {...query, groups, subjectTerms, identifiers};
}

/** The engine's matches of a query: all subjects (AND) unless nothing has them all or OR is asked for. */
export function matchQuery(matcher: Matcher, query: AnalyzedQuery, combineWith?: 'AND' | 'OR', {contentScores = false} = {}): EngineMatch[] {
  if (query.groups.length === 0) return [];
  const strictExpression = queryExpression(query, 'AND');
  const strict = combineWith === 'OR' ? [] : matcher.match(strictExpression);
  const expression = strict.length > 0 ? strictExpression : queryExpression(query, 'OR');
  const matches = strict.length > 0 ? strict : matcher.match(expression);
  if (!contentScores) return matches;
  // The chat's threshold reads what the page itself says (rank.ts scoreSections without questions); a second look-up in those fields
  // gives it, at about the cost the look-up had before the questions field existed.
  const content = matcher.contentScores(expression);
  // The matches are this look-up's own objects: set in place rather than copied, one object fewer per matched section.
  for (const m of matches) m.contentScore = content.get(m.id) ?? 0;
  return matches;
}

/** Whether the filters (spec 7.2 contextual search) exclude an index of this language and docs tag. */
export function excludedBy(filters: SearchFilters, language: string, docsTag: string): boolean {
  return Boolean((filters.language && filters.language !== language) || (filters.docsTag && filters.docsTag !== docsTag));
}

/** A ranked section with its page and section data, ready to display. */
export function toHit(ranked: RankedSection, section: SearchIndexFile['sections'][number], pages: SearchIndexFile['pages']): SearchHit {
  const [page, anchor, heading, text] = section;
  const [pageUrl, group, pageTitle] = pages[page];
  return {url: anchor ? `${pageUrl}#${anchor}` : pageUrl, pageUrl, group, pageTitle, heading, text, score: ranked.score, terms: ranked.terms, queryTerms: ranked.queryTerms};
}

/** A loaded index that also hands out its ranked sections (the chat's retrieval reads coverage from them). */
export interface RankingSearchIndex extends LocalSearchIndex {
  readonly context: RankingContext;
  readonly matcher: Matcher;
  /** Ranks with the site's weights, or with others (the evaluation harness fits them). */
  rank(query: AnalyzedQuery, combineWith?: 'AND' | 'OR', weights?: RankingWeights): RankedSection[];
  /**
   * The OR ranking (the chat's) a few pages at a time, best bound first (bounded-ranking.ts); null where the engine or
   * the weights allow no bound: rank with `rank` then.
   */
  rankBounded(query: AnalyzedQuery, weights?: RankingWeights): BoundedRanking | null;
}

/** Rebuilds the engine from a SearchIndexFile (browser and CLI). */
export function loadSearchIndex(file: SearchIndexFile): RankingSearchIndex {
  return rankingIndex(loadMatcher(file.engine, file.engine.postings), file, file);
}

/**
 * The engine over sections, built in this process and used as it is (the chat server and the evaluation): the same
 * matches and ranking as loadSearchIndex(buildSearchIndex(sections)), without writing the index out and reading it
 * back, which cost a 10-times larger corpus most of its start-up time.
 */
export function searchIndexOfSections(sections: readonly Section[], synonyms: SynonymTable = []): RankingSearchIndex {
  const {mini, pages, pageStarts, troubleshooting, rows} = indexSections(sections, true);
  const place = {language: sections[0]?.language ?? 'en', docsTag: sections[0]?.docsTag ?? '', sections: rows};
  return rankingIndex(liveMatcher(mini), {pages, pageStarts, troubleshooting, synonyms}, place);
}

/** A ranking index over a matcher and the pages' facts. */
function rankingIndex(matcher: Matcher, data: RankingData, {language, docsTag, sections}: Pick<SearchIndexFile, 'language' | 'docsTag' | 'sections'>): RankingSearchIndex {
  const context = rankingContext(data);
  const rank = (query: AnalyzedQuery, combineWith?: 'AND' | 'OR', weights?: RankingWeights) => rankQuery(context, matcher, query, combineWith, weights);
  return {
    sectionCount: sections.length,
    context,
    matcher,
    rank,
    rankBounded: (query, weights = rankingWeights) => boundedRanking(context, matcher, salientQuery(query, matcher.weightOf), weights, 'OR'),
    search(query, limit = 50, filters = {}) {
      if (!query.trim() || excludedBy(filters, language, docsTag)) return [];
      return rank(context.analyze(query), filters.combineWith).slice(0, limit).map((r) => toHit(r, sections[r.id], data.pages));
    },
  };
}

/** The distinct processed terms of a text, as the engine indexes and queries them. */
export function queryTermsOf(text: string): string[] {
  return [...new Set(indexTermsOf(tokenize(text)))];
}

/** Hits grouped by page, pages in order of their best hit. */
export function groupByPage(hits: SearchHit[]): Array<{pageUrl: string; pageTitle: string; group: string; hits: SearchHit[]}> {
  const groups = new Map<string, {pageUrl: string; pageTitle: string; group: string; hits: SearchHit[]}>();
  for (const hit of hits) {
    const group = groups.get(hit.pageUrl) ?? {pageUrl: hit.pageUrl, pageTitle: hit.pageTitle, group: hit.group, hits: []};
    group.hits.push(hit);
    groups.set(hit.pageUrl, group);
  }
  return [...groups.values()];
}
