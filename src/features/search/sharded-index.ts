import {retryingCache} from './retrying-cache';
import type {Fetch, SearchPage, ShardedSearchIndex} from './search-types';
import {FIRST_HITS} from './first-results';
import {decodePostingLine, excludedBy, lastAtOrBefore, postingsMatcher, QUERY_OPTIONS, rankFromTop, rankingContext, sectionTables, toHit, type EngineStats, type Matcher, type RankedSection, type SearchFilters, type SearchHit, type SearchIndexFile, type TermPostings} from '../../../lib/search/engine';
import {queryLeaves, type QueryLeaf} from '../../../lib/search/query';

/**
 * The search index split so that one query downloads only what it needs: a small lexicon (every term, page and the
 * BM25 statistics), the posting shards holding the terms the query can reach, and the section shards of the hits
 * it shows. Ranking is the full index's: MiniSearch scores a term from its own postings and the corpus statistics.
 */

type SectionEntry = SearchIndexFile['sections'][number];

/** The part of the sharded index every query needs. */
export interface SearchLexicon {
  version: 1;
  language: string;
  docsTag: string;
  pages: SearchIndexFile['pages'];
  pageStarts: SearchIndexFile['pageStarts'];
  troubleshooting: SearchIndexFile['troubleshooting'];
  synonyms: SearchIndexFile['synonyms'];
  engine: EngineStats;
  /** Every index term, sorted by code unit, one per line. */
  terms: string;
  /** Posting shards in term order: shard i holds the terms from `first` up to the next shard's `first`. */
  postingShards: Array<{first: number; file: string}>;
  /** Section shards: shard i holds sections i * sectionShardSize onwards, as SectionEntry tuples in JSON. */
  sectionShardSize: number;
  sectionShards: string[];
}

/** Shard sizes: small enough that a query fetches little, large enough that it fetches few files. */
export interface ShardSizes {
  /** Posting characters per shard before compression. */
  postingChars: number;
  sectionsPerShard: number;
}

export const DEFAULT_SHARD_SIZES: ShardSizes = {postingChars: 8_000, sectionsPerShard: 16};

/** Files of a sharded index; `name` gives each shard's file name from its content (the caller hashes it). */
export function shardSearchIndex(file: SearchIndexFile, name: (content: string, kind: 'postings' | 'sections') => string, sizes: ShardSizes = DEFAULT_SHARD_SIZES): {lexicon: SearchLexicon; shards: Array<{file: string; content: string}>} {
  const lines = file.engine.postings.split('\n').filter(Boolean).sort((a, b) => compare(termOf(a), termOf(b)));
  const shards: Array<{file: string; content: string}> = [];
  const postingShards: SearchLexicon['postingShards'] = [];
  for (let start = 0; start < lines.length;) {
    let end = start;
    let chars = 0;
    while (end < lines.length && (end === start || chars + lines[end].length <= sizes.postingChars)) chars += lines[end++].length + 1;
    const content = lines.slice(start, end).join('\n');
    const shard = {file: name(content, 'postings'), content};
    postingShards.push({first: start, file: shard.file});
    shards.push(shard);
    start = end;
  }
  const sectionShards: string[] = [];
  for (let start = 0; start < file.sections.length; start += sizes.sectionsPerShard) {
    const content = JSON.stringify(file.sections.slice(start, start + sizes.sectionsPerShard));
    const shard = {file: name(content, 'sections'), content};
    sectionShards.push(shard.file);
    shards.push(shard);
  }
  const {postings: _postings, ...stats} = file.engine;
  return {
    lexicon: {
      version: 1,
      language: file.language,
      docsTag: file.docsTag,
      pages: file.pages,
      pageStarts: file.pageStarts,
      troubleshooting: file.troubleshooting,
      synonyms: file.synonyms,
      engine: stats,
      terms: lines.map(termOf).join('\n'),
      postingShards,
      sectionShardSize: sizes.sectionsPerShard,
      sectionShards,
    },
    shards,
  };
}

const termOf = (line: string) => line.slice(0, line.indexOf(' '));
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** First index in the sorted `terms` whose term is not below `term`. */
function lowerBound(terms: readonly string[], term: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (terms[mid] < term) low = mid + 1;
    else high = mid;
  }
  return low;
}

// Rows of the distance matrix, grown as needed and reused: the fuzzy scan compares a query word with every term.
let previousRow = new Uint16Array(64);
let currentRow = new Uint16Array(64);

/** Whether the Levenshtein distance of two strings, over UTF-16 code units as MiniSearch counts it, is at most `max`. */
function withinEditDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (previousRow.length <= b.length) {
    previousRow = new Uint16Array(b.length + 1);
    currentRow = new Uint16Array(b.length + 1);
  }
  let previous = previousRow;
  let row = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    const ch = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j - 1] + (ch === b.charCodeAt(j - 1) ? 0 : 1), previous[j] + 1, row[j - 1] + 1);
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // Distances never shrink down the matrix: once a whole row is past `max`, so is the result.
    if (rowMin > max) return false;
    [previous, row] = [row, previous];
  }
  return previous[b.length] <= max;
}

/** Most fuzzy look-ups remembered: a query's earlier words are looked up again at each keystroke of its last. */
const REMEMBERED_FUZZY_WORDS = 64;

/** Positions of the terms within an edit distance of a word: only terms of a length that can be are compared. */
export type NearTerms = (word: string, maxDistance: number) => readonly number[];

export function nearTerms(terms: readonly string[]): NearTerms {
  // Made at the first word long enough to be looked up: the first keystrokes do not wait for it.
  let byLength: number[][] | undefined;
  const remembered = new Map<string, number[]>();
  return (word, maxDistance) => {
    const key = `${maxDistance} ${word}`;
    let found = remembered.get(key);
    if (found) {
      remembered.delete(key);
    } else {
      if (!byLength) {
        byLength = [];
        for (let t = 0; t < terms.length; t++) (byLength[terms[t].length] ??= []).push(t);
      }
      found = [];
      for (let length = Math.max(0, word.length - maxDistance); length <= word.length + maxDistance; length++) {
        for (const t of byLength[length] ?? []) if (withinEditDistance(word, terms[t], maxDistance)) found.push(t);
      }
      if (remembered.size >= REMEMBERED_FUZZY_WORDS) remembered.delete(remembered.keys().next().value as string);
    }
    remembered.set(key, found);
    return found;
  };
}

/**
 * Positions in the sorted term list of every term a query reaches, expanded as MiniSearch's search expands it under
 * QUERY_OPTIONS: the exact term, completions of a prefix term, and terms within the fuzzy edit distance. A sorted
 * array answers this without building MiniSearch's radix tree, which costs tens of milliseconds on a phone.
 */
export function reachableTerms(terms: readonly string[], leaves: readonly QueryLeaf[], near: NearTerms = nearTerms(terms)): Set<number> {
  const reached = new Set<number>();
  leaves.forEach(({term, prefix}) => {
    const at = lowerBound(terms, term);
    if (terms[at] === term) reached.add(at);
    if (prefix) {
      for (let t = at; t < terms.length && terms[t].startsWith(term); t++) reached.add(t);
    }
    const fuzzy = QUERY_OPTIONS.fuzzy(term);
    const maxDistance = fuzzy === false ? 0 : fuzzy < 1 ? Math.min(QUERY_OPTIONS.maxFuzzy, Math.round(term.length * fuzzy)) : fuzzy;
    if (maxDistance) for (const t of near(term, maxDistance)) reached.add(t);
  });
  return reached;
}

/**
 * Most postings kept decoded across queries (a few megabytes): past it the terms reached longest ago are decoded
 * again when a query reaches them.
 */
export const MAX_DECODED_POSTINGS = 400_000;

/** Most posting shards kept split into lines (a shard holds about DEFAULT_SHARD_SIZES.postingChars characters). */
const MAX_KEPT_POSTING_SHARDS = 256;

/** Answers queries from a lexicon, fetching each shard once; a failed fetch is forgotten so the next query retries. */
export function openShardedIndex(lexicon: SearchLexicon, fetchShard: (file: string) => Promise<string>, {maxDecodedPostings = MAX_DECODED_POSTINGS} = {}): ShardedSearchIndex {
  const termList = lexicon.terms.split('\n');
  const near = nearTerms(termList);
  const sectionShardOf = (id: number) => Math.floor(id / lexicon.sectionShardSize);
  const sectionShard = retryingCache(async (shard) => JSON.parse(await fetchShard(lexicon.sectionShards[Number(shard)])) as SectionEntry[]);
  const hitsOf = (ranked: RankedSection[]) =>
    Promise.all(ranked.map(async (r) => toHit(r, (await sectionShard(String(sectionShardOf(r.id))))[r.id % lexicon.sectionShardSize], lexicon.pages)));
  const firsts = lexicon.postingShards.map((s) => s.first);
  // The shard holding term index t: the last shard whose first term is at or before t.
  const postingShardOf = (t: number) => lastAtOrBefore(firsts, t);
  // Each posting shard is split into its lines once, by term: a keystroke then looks its terms up instead of
  // splitting and scanning every shard it reaches again. The shards fetched longest ago are let go past
  // MAX_KEPT_POSTING_SHARDS (fetched again, from the browser's cache, if a term of theirs is needed again).
  const postingLines = retryingCache(async (id) => {
    const byTerm = new Map<string, string>();
    for (const line of (await fetchShard(lexicon.postingShards[Number(id)].file)).split('\n')) if (line) byTerm.set(termOf(line), line);
    return byTerm;
  }, MAX_KEPT_POSTING_SHARDS);

  // The last query's matcher is kept: the search page prefetches its first query, then searches it. The ranking itself
  // is made by each search, after its last wait: its rows are valid until the index's next search.
  const matchers = retryingCache(async (text) => {
    const query = context.analyze(text);
    return {query, matcher: await matcherFor(reachableTerms(termList, queryLeaves(query), near))};
  }, 1);
  const context = rankingContext(lexicon);

  // Each term's postings are decoded once and kept (oldest reached first, up to MAX_DECODED_POSTINGS): a keystroke
  // decodes only the terms it reaches anew, and its matcher holds its own terms alone. A matcher kept across
  // keystrokes and rebuilt over all of them whenever a new term came cost more the larger the site (issue 50).
  const tables = lazily(() => sectionTables(lexicon.engine));
  const decoded = new Map<number, TermPostings>();
  let decodedPostings = 0;
  async function matcherFor(reached: Set<number>): Promise<Matcher> {
    const order = [...reached].sort((a, b) => a - b);
    const shardIds = [...new Set(order.filter((t) => !decoded.has(t)).map(postingShardOf))];
    const lines = new Map(await Promise.all(shardIds.map(async (id) => [id, await postingLines(String(id))] as const)));
    const terms: TermPostings[] = [];
    for (const t of order) {
      let postings = decoded.get(t);
      if (postings) decoded.delete(t);
      else {
        const line = lines.get(postingShardOf(t))?.get(termList[t]);
        if (line === undefined) continue;
        postings = decodePostingLine(line);
        decodedPostings += postings.postings;
      }
      decoded.set(t, postings);
      terms.push(postings);
    }
    // The query's own terms were just moved to the end, so eviction stops before reaching them.
    for (const [t, postings] of decoded) {
      if (decodedPostings <= maxDecodedPostings || reached.has(t)) break;
      decoded.delete(t);
      decodedPostings -= postings.postings;
    }
    return postingsMatcher(lexicon.engine, tables(), terms);
  }

  return {
    async search(query, limit, filters = {}, onFirstHits) {
      if (!query.trim() || excludedBy(filters, lexicon.language, lexicon.docsTag)) return {hits: [], total: 0};
      const {query: analyzed, matcher} = await matchers(query);
      const ranking = rankFromTop(context, matcher, analyzed, filters.combineWith);
      const shown = ranking.top(limit);
      if (onFirstHits && shown.length > FIRST_HITS) {
        await onFirstHits({hits: await hitsOf(shown.slice(0, FIRST_HITS)), total: ranking.total});
      }
      return {hits: await hitsOf(shown), total: ranking.total};
    },
  };
}

/** A value made on first use. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** Fetches a file of the index; a non-OK answer is an error naming the file. */
async function fetchIndexFile(fetchImpl: Fetch, url: string): Promise<string> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`Search index request for ${url} failed with HTTP ${response.status}`);
  return response.text();
}

/** Downloads the lexicon at `lexiconUrl` and opens the index it describes; its shards are files beside it. */
export async function openShardedIndexAt(lexiconUrl: string, fetchImpl: Fetch = (...args) => fetch(...args)): Promise<ShardedSearchIndex> {
  const dir = lexiconUrl.slice(0, lexiconUrl.lastIndexOf('/') + 1);
  return openShardedIndex(JSON.parse(await fetchIndexFile(fetchImpl, lexiconUrl)) as SearchLexicon, (file) => fetchIndexFile(fetchImpl, `${dir}${file}`));
}
