import MiniSearch, {type Options, type SearchResult} from 'minisearch';
import {stemmer} from 'stemmer';
import type {Section} from './types';

/**
 * The site's search engine: MiniSearch (BM25 ranking, prefix and fuzzy
 * matching, field boosts) over the build's sections. The same module runs in
 * the browser, in the CLI and in the chat server, so ranking is identical.
 */

const STOP_WORDS = new Set(
  'a an and are as at be by can for from has have if in into is it its not of on or than that the then this to was were when which will with you your'.split(' '),
);

/** Lower-cases and stems a token (Porter), dropping stop words, bare numbers and single characters. */
export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  return t.length < 2 || STOP_WORDS.has(t) || /^\d+$/.test(t) ? null : stemmer(t);
}

interface IndexedSection {
  n: number;
  title: string;
  headings: string;
  text: string;
}

/** Field boosts: a page-title match outranks a heading match, which outranks a body match. */
export const FIELD_BOOST = {title: 5, headings: 2.5, text: 1} as const;

const options: Options<IndexedSection> = {
  idField: 'n',
  fields: ['title', 'headings', 'text'],
  storeFields: [],
  processTerm,
};

/** Serialised index shipped to the browser (compact: see encodePostings). */
export interface SearchIndexFile {
  version: 1;
  language: string;
  docsTag: string;
  /** [url, group (lvl0), title (lvl1)] per page. */
  pages: Array<[string, string, string]>;
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

const HEADING_SEPARATOR = ' › ';

function headingsOf(section: Section): string[] {
  return section.hierarchy.slice(2).filter((h): h is string => Boolean(h));
}

/** Builds the browser index from sections (build time). */
export function buildSearchIndex(sections: Section[]): SearchIndexFile {
  const pageIndex = new Map<string, number>();
  const pages: SearchIndexFile['pages'] = [];
  for (const s of sections) {
    const url = s.url.split('#')[0];
    if (!pageIndex.has(url)) {
      pageIndex.set(url, pages.length);
      pages.push([url, s.hierarchy[0] ?? '', s.hierarchy[1] ?? '']);
    }
  }
  const mini = new MiniSearch<IndexedSection>(options);
  mini.addAll(sections.map((s, n) => ({
    n,
    // The page title is indexed once, on the page's intro section, so a title match points at the page itself.
    title: s.url.includes('#') ? '' : s.hierarchy[1] ?? '',
    headings: headingsOf(s).join(' '),
    text: s.text,
  })));
  const raw = JSON.parse(JSON.stringify(mini)) as MiniSearchJson;
  if (raw.serializationVersion !== 2) throw new Error(`Unsupported MiniSearch serialization version ${raw.serializationVersion}`);
  return {
    version: 1,
    language: sections[0]?.language ?? 'en',
    docsTag: sections[0]?.docsTag ?? '',
    pages,
    sections: sections.map((s) => [
      pageIndex.get(s.url.split('#')[0])!,
      s.url.split('#')[1] ?? '',
      headingsOf(s).join(HEADING_SEPARATOR),
      s.text.slice(0, SNIPPET_CHARS),
    ]),
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

export function decodePostings(postings: string): MiniSearchJson['index'] {
  return postings.split('\n').filter(Boolean).map((line) => {
    const [term, ...parts] = line.split(' ');
    const fields: Record<string, Record<string, number>> = {};
    for (const part of parts) {
      const [field, list] = part.split('=');
      const docs: Record<string, number> = {};
      let id = 0;
      for (const entry of list.split(',')) {
        const [delta, freq] = entry.split(':');
        id += parseInt(delta, 36);
        docs[id] = freq ? Number(freq) : 1;
      }
      fields[field] = docs;
    }
    return [term, fields];
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

/** How a query is matched: the word being typed as a prefix, typos tolerated in words long enough to have them. */
export const QUERY_OPTIONS = {
  boost: FIELD_BOOST,
  prefix: (_term: string, i: number, terms: string[]) => i === terms.length - 1,
  fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
  // MiniSearch's own default, stated so that term expansion (reachableTerms) reads the same limit.
  maxFuzzy: 6,
  // While typing, a completed prefix is a stronger signal than a near-miss spelling.
  weights: {prefix: 0.7, fuzzy: 0.15},
} as const;

/** Corpus statistics BM25 needs besides the postings: every section's field lengths and their averages. */
export type EngineStats = Omit<SearchIndexFile['engine'], 'postings'>;

/** A section the ranker matched, before it is turned into a SearchHit. */
export interface RankedSection {
  id: number;
  score: number;
  terms: string[];
  queryTerms: string[];
}

/**
 * Loads posting lines into MiniSearch and ranks sections. The postings may be a subset of the index, as long as they
 * hold every term the query can reach (reachableTerms): scores depend only on those terms and on the stats.
 */
export function loadRanker(stats: EngineStats, postings: string): (query: string, combineWith?: 'AND' | 'OR') => RankedSection[] {
  const index = decodePostings(postings);
  // Only the sections these postings name: MiniSearch reads the lengths of matched sections, and the counts from stats.
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (const [, fields] of index) {
    for (const docs of Object.values(fields)) {
      for (const id of Object.keys(docs)) {
        documentIds[id] = Number(id);
        fieldLength[id] = stats.fieldLength[Number(id)];
      }
    }
  }
  const json: MiniSearchJson = {
    documentCount: stats.documentCount,
    nextId: stats.documentCount,
    documentIds,
    fieldIds: {title: 0, headings: 1, text: 2},
    fieldLength,
    averageFieldLength: stats.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
  const mini = MiniSearch.loadJS<IndexedSection>(json as never, options);
  const run = (query: string, combineWith: 'AND' | 'OR') =>
    mini.search(query, {...QUERY_OPTIONS, combineWith}).map((r: SearchResult) => ({id: r.id as number, score: r.score, terms: r.terms, queryTerms: r.queryTerms}));
  return (query, combineWith) => {
    if (!query.trim()) return [];
    const strict = combineWith === 'OR' ? [] : run(query, 'AND');
    return strict.length > 0 ? strict : run(query, 'OR');
  };
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

/** Rebuilds the engine from a SearchIndexFile (browser, CLI and server). */
export function loadSearchIndex(file: SearchIndexFile): LocalSearchIndex {
  const rank = loadRanker(file.engine, file.engine.postings);
  return {
    sectionCount: file.sections.length,
    search(query, limit = 50, filters = {}) {
      if (excludedBy(filters, file.language, file.docsTag)) return [];
      return rank(query, filters.combineWith).slice(0, limit).map((r) => toHit(r, file.sections[r.id], file.pages));
    },
  };
}

/** The distinct processed terms of a text, as the engine indexes and queries them. */
export function queryTermsOf(text: string): string[] {
  const tokenize = MiniSearch.getDefault('tokenize') as (t: string) => string[];
  return [...new Set(tokenize(text).map(processTerm).filter((t): t is string => Boolean(t)))];
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
