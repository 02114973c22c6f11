import type MiniSearch from 'minisearch';
import type {Query, SearchOptions} from 'minisearch';
import {isCompactEngine} from './compact-build';

/**
 * MiniSearch's search, scored as MiniSearch scores it, without an object per matched section and posting.
 *
 * MiniSearch keeps a query's partial results in Maps of objects (a score, an array of query terms, an object of
 * matched terms each with an array of fields) for every section every word reaches, and combines them by copying
 * into more Maps. A chat question (every subject OR-ed, typos and prefixes tolerated) reaches most sections, so each
 * question allocated several objects per section, which outlived the young generation and were collected by full
 * collections over the whole index: work that grows with the corpus, times collections that grow with it too. At ten
 * times the site's sections, retrieval cost 26 times the site's own (issue 50).
 *
 * Here MiniSearch walks the query tree as it always does (its executeQuery: option merging, tokenizing, prefix and
 * fuzzy expansion), but each word's results and each combination are rows of plain arrays, found by section through
 * one reused Int32Array, and the terms a row matched are short linked lists in a reused node pool. The arithmetic
 * is MiniSearch's, in its order (BM25+, weights, sums left to right, the quality factor), and rows keep the order
 * its Maps would have, so scores and ties come out the same (tests/unit/lean-search.test.ts compares both).
 */

/**
 * A search's matched sections as MiniSearch's search reports them, by rank k (best first), read before the next
 * search of the same searcher. Term lists are shared between sections: do not change them.
 */
export interface LeanResults {
  length: number;
  id(k: number): number;
  score(k: number): number;
  /**
   * Sections' ids and scores by rank, as `id` and `score` give them (entries from `length` on mean nothing): loops over
   * every match read these, where a call of `id` would go to a function made for this search only.
   */
  readonly ids: Int32Array;
  readonly scores: Float64Array;
  /**
   * Each rank's query terms as a set of bits, bit i standing for term number queryTermOfBit[i], where the search kept
   * them so (a search without matched terms, of at most 31 query terms); undefined otherwise.
   */
  readonly querySets?: Int32Array;
  readonly queryTermOfBit?: readonly number[];
  /** Matched index terms (MiniSearch's `terms`: the keys of its `match`, in their order). */
  terms(k: number): string[];
  /** The query terms that matched (MiniSearch's `queryTerms`). */
  queryTerms(k: number): string[];
  /** The matched terms whose fields pass a test (bit i of the mask: the field of id i), or undefined when none does. */
  termsIn(k: number, test: (fieldMask: number) => boolean): string[] | undefined;
  /** The number of a term this search reached (as a query term or a matched one), -1 for a term it did not reach. */
  termId(term: string): number;
  /** How many terms this search reached: their numbers are below it. */
  readonly termCount: number;
  /** Calls `visit` with the number of each query term that matched rank k (what `queryTerms` lists). */
  visitQueryTerms(k: number, visit: (termId: number) => void): void;
  /**
   * The numbers of the index terms a query term reached (itself, and its prefix and typo-tolerant expansions) in this
   * search: every term a section matched came from one of the query terms it matched.
   */
  termsReachedFrom(queryTermId: number): readonly number[];
}

/** One term's postings in one field, compacted: section short ids ascending (MiniSearch's Map order) and their frequencies. */
export interface CompactPostings {
  ids: Int32Array;
  freqs: Int32Array;
}

/** The posting lists of one term: field id -> postings (compactPostings turns MiniSearch's Maps into arrays). */
type FieldTermData = Map<number, CompactPostings>;
type MiniSearchTermData = Map<number, Map<number, number> | CompactPostings>;

/**
 * What every lean search over one index's sections can share: each section's field lengths in one array (read for
 * every posting a query visits), its id by short id, and the scratch space. Searchers made for one query each (the
 * browser's sharded index) then cost nothing that grows with the sections.
 */
export interface LeanShared {
  fieldLengths: Int32Array;
  fieldCount: number;
  idOf: readonly number[];
  mainScratch: Scratch;
  sideScratch: Scratch;
}

/**
 * LeanShared for sections given as [short id, field lengths]; `documents`: one more than the highest short id;
 * `idOf`: a section's id from its short id (the same number when the index was loaded from postings).
 */
export function leanShared(fieldLengths: Iterable<readonly [number, readonly number[]]>, fieldCount: number, documents: number, idOf: (short: number) => number = (short) => short): LeanShared {
  const lengths = new Int32Array(documents * fieldCount);
  for (const [id, fields] of fieldLengths) fields.forEach((length, field) => (lengths[id * fieldCount + field] = length));
  return {fieldLengths: lengths, fieldCount, idOf: Array.from({length: documents}, (_, short) => idOf(short)), mainScratch: new Scratch(), sideScratch: new Scratch()};
}

/** The parts of MiniSearch 7.2 this module reads (checked by the unit test against MiniSearch's own search). */
interface Internals {
  _options: {fields: string[]; searchOptions: Record<string, unknown>};
  _index: Iterable<[string, MiniSearchTermData]> & {
    get(term: string): FieldTermData | undefined;
    atPrefix(prefix: string): Iterable<[string, FieldTermData]>;
    fuzzyGet(term: string, maxDistance: number): Map<string, [FieldTermData, number]>;
  };
  _fieldIds: Record<string, number>;
  _avgFieldLength: number[];
  _fieldLength: Map<number, number[]>;
  _documentCount: number;
  _documentIds: Map<number, unknown>;
  _nextId: number;
  executeQuery(query: Query, options?: SearchOptions): unknown;
}

/**
 * Replaces an engine's posting Maps by arrays, in place: the index is then a few typed arrays per term instead of a
 * Map per term and field holding an entry per posting, which every full collection of the process traced, so that a
 * question's collections grew with the corpus as well as its garbage. The engine is then searched with leanSearcher
 * only (MiniSearch's own search reads the Maps).
 */
export function compactPostings(mini: MiniSearch<any>): void {
  for (const [, data] of (mini as unknown as Internals)._index) {
    for (const [fieldId, docs] of data) {
      if (!(docs instanceof Map)) continue;
      const ids = new Int32Array(docs.size);
      const freqs = new Int32Array(docs.size);
      let i = 0;
      for (const [id, freq] of docs) {
        ids[i] = id;
        freqs[i++] = freq;
      }
      data.set(fieldId, {ids, freqs});
    }
  }
}

interface QuerySpec {
  term: string;
  fuzzy: boolean | number;
  prefix: boolean;
  termBoost: number;
}

interface Bm25Params {
  k: number;
  b: number;
  d: number;
}

/** MiniSearch's defaults for what a search's options leave out. */
const DEFAULT_WEIGHTS = {fuzzy: 0.45, prefix: 0.375};

/** MiniSearch's BM25+ of one term in one field of one section, as it computes it. */
const bm25Score = (termFreq: number, matchingCount: number, totalCount: number, fieldLength: number, avgFieldLength: number, {k, b, d}: Bm25Params) => {
  const invDocFreq = Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5));
  return invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)));
};

/**
 * Partial results: one row per section, in the order MiniSearch's Map would hold them. Columns are typed arrays that
 * grow by doubling, reused from one search to the next (Scratch.takeRows): arrays grown a push at a time were copied
 * over and over and left as garbage, for every query term and combination of a question (a fifth of its CPU at ten
 * times the sections).
 */
class Rows {
  length = 0;
  ids = new Int32Array(256);
  scores = new Float64Array(256);
  /** Head and tail node of each row's matched terms (node term, node mask: its fields); -1 when none is kept. */
  matchHead = new Int32Array(256);
  matchTail = new Int32Array(256);
  /** Head and tail node of each row's query terms, and their count (-1 and 0 where they are kept as a set, see Scratch.querySets). */
  queryHead = new Int32Array(256);
  queryTail = new Int32Array(256);
  queryCount = new Int32Array(256);
  /** Each row's query terms as a set of bits (Scratch.sourceBit), where they are kept that way. */
  querySet = new Int32Array(256);

  /** Appends a row; returns its number. */
  push(id: number, score: number, matchHead: number, matchTail: number, queryHead: number, queryTail: number, queryCount: number, querySet: number): number {
    const row = this.length++;
    if (row === this.ids.length) this.grow();
    this.ids[row] = id;
    this.scores[row] = score;
    this.matchHead[row] = matchHead;
    this.matchTail[row] = matchTail;
    this.queryHead[row] = queryHead;
    this.queryTail[row] = queryTail;
    this.queryCount[row] = queryCount;
    this.querySet[row] = querySet;
    return row;
  }

  private grow() {
    const twice = <T extends Int32Array | Float64Array>(from: T): T => {
      const to = new (from.constructor as new (length: number) => T)(from.length * 2);
      to.set(from);
      return to;
    };
    this.ids = twice(this.ids);
    this.scores = twice(this.scores);
    this.matchHead = twice(this.matchHead);
    this.matchTail = twice(this.matchTail);
    this.queryHead = twice(this.queryHead);
    this.queryTail = twice(this.queryTail);
    this.queryCount = twice(this.queryCount);
    this.querySet = twice(this.querySet);
  }
}

/** Scratch space reused by every search of one engine. */
class Scratch {
  /** Section short id -> its row + 1 in the rows being built or combined (0: none); cleared after each use. */
  rowOf = new Int32Array(0);
  nodeTerm = new Int32Array(4096);
  nodeMask = new Int32Array(4096);
  nodeNext = new Int32Array(4096);
  nodes = 0;
  termIds = new Map<string, number>();
  terms: string[] = [];
  /** Per query term's number, the numbers of the index terms it reached (see LeanResults.termsReachedFrom). */
  reachedFrom: number[][] = [];
  /** Whether rows keep their matched terms (a search without them keeps only its query terms). */
  matchedTerms = true;
  /**
   * Whether rows keep their query terms as sets of bits (a search without matched terms, while it has at most
   * MAX_QUERY_SET query terms): adding a term to a row is then one OR, where a list is searched through.
   */
  querySets = false;
  /** The query terms given bits so far (by bit), and each term's bit + 1 (0: none); `overflow` once there are too many. */
  sourceOfBit: number[] = [];
  private bitOfSource: number[] = [];
  overflow = false;
  /** Rows to reuse, and the rows a search's results are read from (given back at the next search). */
  private freeRows: Rows[] = [];
  private resultRows: Rows | undefined;
  /** Section ranks by row, and row scores, of the last search's results. */
  order = new Int32Array(0);
  finalScores = new Float64Array(0);
  /** Section ids, scores and query sets by rank, of the last search's results. */
  rankIds = new Int32Array(0);
  rankScores = new Float64Array(0);
  rankQuerySets = new Int32Array(0);

  takeRows(): Rows {
    const rows = this.freeRows.pop() ?? new Rows();
    rows.length = 0;
    return rows;
  }

  giveBack(rows: Rows) {
    this.freeRows.push(rows);
  }

  /** Keeps the rows of a search's results until the next search. */
  keepResults(rows: Rows) {
    this.resultRows = rows;
  }

  reset(documents: number) {
    if (this.rowOf.length < documents) this.rowOf = new Int32Array(documents);
    this.nodes = 0;
    this.termIds.clear();
    this.terms.length = 0;
    this.reachedFrom.length = 0;
    this.sourceOfBit.length = 0;
    this.bitOfSource.length = 0;
    this.overflow = false;
    if (this.resultRows) this.giveBack(this.resultRows);
    this.resultRows = undefined;
  }

  /** The bit of a query term in row query sets (0 once there are more than MAX_QUERY_SET: the search is then redone with lists). */
  sourceBit(source: number): number {
    let bit = (this.bitOfSource[source] ?? 0) - 1;
    if (bit < 0) {
      if (this.sourceOfBit.length === MAX_QUERY_SET) {
        this.overflow = true;
        return 0;
      }
      bit = this.sourceOfBit.push(source) - 1;
      this.bitOfSource[source] = bit + 1;
    }
    return 1 << bit;
  }

  reached(source: number, term: number) {
    (this.reachedFrom[source] ??= []).push(term);
  }

  termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.push(term) - 1;
      this.termIds.set(term, id);
    }
    return id;
  }

  node(term: number, mask: number): number {
    if (this.nodes === this.nodeTerm.length) {
      const grow = (from: Int32Array) => {
        const to = new Int32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.nodeTerm = grow(this.nodeTerm);
      this.nodeMask = grow(this.nodeMask);
      this.nodeNext = grow(this.nodeNext);
    }
    const n = this.nodes++;
    this.nodeTerm[n] = term;
    this.nodeMask[n] = mask;
    this.nodeNext[n] = -1;
    return n;
  }

  rowAt(id: number): number {
    if (id >= this.rowOf.length) {
      const grown = new Int32Array(Math.max(id + 1, this.rowOf.length * 2));
      grown.set(this.rowOf);
      this.rowOf = grown;
    }
    return this.rowOf[id] - 1;
  }
}

/** Most query terms a search keeps as sets of bits (Scratch.querySets). */
const MAX_QUERY_SET = 31;

/** The number of bits set in a 32-bit integer. */
function bitCount(bits: number): number {
  let count = 0;
  for (; bits !== 0; bits &= bits - 1) count++;
  return count;
}

/** The query terms of a set of bits, in the order their bits were given (not necessarily the order the row met them). */
function termsOfSet(s: Scratch, set: number): string[] {
  const terms: string[] = [];
  for (let bits = set; bits !== 0; bits &= bits - 1) terms.push(s.terms[s.sourceOfBit[31 - Math.clz32(bits & -bits)]]);
  return terms;
}

/** Adds a query term to a row's list unless it holds it (MiniSearch's assignUniqueTerm). */
function addQueryTerm(s: Scratch, rows: Rows, row: number, term: number) {
  for (let n = rows.queryHead[row]; n !== -1; n = s.nodeNext[n]) if (s.nodeTerm[n] === term) return;
  const node = s.node(term, 0);
  s.nodeNext[rows.queryTail[row]] = node;
  rows.queryTail[row] = node;
  rows.queryCount[row]++;
}

/** Sets a matched term's fields on a row, appending the term when the row lacks it (Object.assign on MiniSearch's `match`). */
function assignMatch(s: Scratch, rows: Rows, row: number, term: number, mask: number, merge: boolean) {
  for (let n = rows.matchHead[row]; n !== -1; n = s.nodeNext[n]) {
    if (s.nodeTerm[n] === term) {
      s.nodeMask[n] = merge ? s.nodeMask[n] | mask : mask;
      return;
    }
  }
  const node = s.node(term, mask);
  s.nodeNext[rows.matchTail[row]] = node;
  rows.matchTail[row] = node;
}

function pushRow(s: Scratch, rows: Rows, id: number, score: number, queryTerm: number, querySet: number, matchTerm: number, mask: number): number {
  const query = s.querySets ? -1 : s.node(queryTerm, 0);
  const match = s.matchedTerms ? s.node(matchTerm, mask) : -1;
  return rows.push(id, score, match, match, query, query, 1, querySet);
}

/** A search among sections looks them up in a posting list (visitAmong) when the list is this many times longer. */
const GALLOP_RATIO = 8;

/**
 * Calls `visit` with the position of each of `wanted` (ascending) in `ids` (ascending) that holds it, in the list's
 * order: each found by doubling steps from the last, then halving, so a few sections cost a few steps per list.
 */
function visitAmong(ids: Int32Array, wanted: Int32Array, visit: (p: number) => void) {
  let from = 0;
  for (let w = 0; w < wanted.length && from < ids.length; w++) {
    const target = wanted[w];
    // The first position at or after `from` whose id is at least target: within (from + step / 2, from + step].
    let step = 1;
    while (from + step - 1 < ids.length && ids[from + step - 1] < target) step *= 2;
    let low = from + (step >> 1);
    let high = Math.min(from + step - 1, ids.length);
    while (low < high) {
      const mid = (low + high) >> 1;
      if (ids[mid] < target) low = mid + 1;
      else high = mid;
    }
    from = low;
    if (from < ids.length && ids[from] === target) visit(from++);
  }
}

/** One engine's lean searches and term counts (see leanSearcher). */
export interface LeanSearcher {
  /**
   * A search (a query and search options, as MiniSearch.search takes them): its results are read before the next search.
   * Unsorted, its results come in the order sections were first met: their rank is then by score, best first, ties in
   * that order (MiniSearch's sort is stable). Without `matchedTerms`, the results keep no matched terms (`terms` and
   * `termsIn` find none; scores are the same, and query terms the same set, perhaps in another order):
   * building those lists for every matched section was most of a broad question's search, and a searchAmong gives
   * them for the few sections that need them.
   */
  search(query: Query, options?: SearchOptions, sorted?: boolean, matchedTerms?: boolean): LeanResults;
  /**
   * The same search among some sections (by short id), scoring each as the whole search does, with a scratch of its
   * own: the results of the last `search` stay readable, and the term expansions of that search serve. A few sections
   * are looked up in each posting list instead of reading the list through.
   */
  searchAmong(query: Query, options: SearchOptions, sections: ArrayLike<number>): LeanResults;
  /** How many sections hold an index term in any field. */
  sectionsHolding(term: string): number;
}

/**
 * One engine's lean search (a function of a query and search options, as MiniSearch.search takes them) and term
 * counts. Compacts the engine's postings first (compactPostings): MiniSearch's own search cannot read them afterwards.
 */
export function leanSearcher(mini: MiniSearch<any>, shared?: LeanShared): LeanSearcher {
  const engine = mini as unknown as Internals;
  if (!isCompactEngine(mini)) compactPostings(mini);
  // The engine no longer changes: its field lengths (read for every posting a query visits) and its sections' ids
  // (read for every matched section) are arrays read once. The scratch of the search running now: a search among
  // chosen sections has its own, so that it leaves the results of the search before it readable.
  const {fieldLengths, fieldCount, idOf, mainScratch, sideScratch} =
    shared ?? leanShared(engine._fieldLength, engine._options.fields.length, engine._nextId, (short) => engine._documentIds.get(short) as number);
  let s = mainScratch;
  /** Sections by short id that get rows (1) in the search running now, and their short ids ascending; undefined: every section. */
  let among: Uint8Array | undefined;
  let amongIds: Int32Array | undefined;
  let amongMarks = new Uint8Array(engine._nextId);
  /** The prefix and typo-tolerant expansions of query terms, kept from a question's search for its searches among sections. */
  const expansions = new Map<string, Array<{term: string; data: FieldTermData; weight: number}>>();

  /** MiniSearch's termResults: adds a (possibly derived) term's postings to the rows of one query term. */
  function termResults(rows: Rows, sourceTerm: number, derivedTerm: number, termWeight: number, termBoost: number, data: FieldTermData | undefined, boosts: Record<string, number>, bm25: Bm25Params) {
    if (data == null) return;
    for (const field of Object.keys(boosts)) {
      const fieldBoost = boosts[field];
      const fieldId = engine._fieldIds[field];
      const freqs = data.get(fieldId);
      if (freqs == null) continue;
      const {ids, freqs: termFreqs} = freqs;
      const matchingFields = ids.length;
      const avgFieldLength = engine._avgFieldLength[fieldId];
      const bit = 1 << fieldId;
      const querySet = s.querySets ? s.sourceBit(sourceTerm) : 0;
      const posting = (p: number) => {
        const id = ids[p];
        const termFreq = termFreqs[p];
        const fieldLength = fieldLengths[id * fieldCount + fieldId];
        const rawScore = bm25Score(termFreq, matchingFields, engine._documentCount, fieldLength, avgFieldLength, bm25);
        // MiniSearch multiplies by a document boost of 1 here (no boostDocument option), which changes no bit.
        const weightedScore = termWeight * termBoost * fieldBoost * rawScore;
        const row = s.rowAt(id);
        if (row >= 0) {
          rows.scores[row] += weightedScore;
          if (s.querySets) rows.querySet[row] |= querySet;
          else addQueryTerm(s, rows, row, sourceTerm);
          if (s.matchedTerms) assignMatch(s, rows, row, derivedTerm, bit, true);
        } else {
          s.rowOf[id] = pushRow(s, rows, id, weightedScore, sourceTerm, querySet, derivedTerm, bit) + 1;
        }
      };
      // Postings in the list's order either way (ids ascending), so rows come in the same order.
      if (amongIds !== undefined && amongIds.length * GALLOP_RATIO < ids.length) visitAmong(ids, amongIds, posting);
      else for (let p = 0; p < ids.length; p++) if (among === undefined || among[ids[p]] === 1) posting(p);
    }
  }

  /** MiniSearch's executeQuerySpec: one query term, with its prefix and fuzzy expansions. */
  function executeQuerySpec(query: QuerySpec, searchOptions: Record<string, any>): Rows {
    const options: Record<string, any> = {...engine._options.searchOptions, ...searchOptions};
    const boosts: Record<string, number> = {};
    for (const field of options.fields || engine._options.fields) boosts[field] = (Object.prototype.hasOwnProperty.call(options.boost ?? {}, field) ? options.boost[field] : undefined) || 1;
    const {weights, maxFuzzy, bm25} = options;
    const {fuzzy: fuzzyWeight, prefix: prefixWeight} = {...DEFAULT_WEIGHTS, ...weights};
    const rows = s.takeRows();
    const source = s.termId(query.term);
    const exact = engine._index.get(query.term);
    if (exact) s.reached(source, source);
    termResults(rows, source, source, 1, query.termBoost, exact, boosts, bm25);
    const key = `${query.term}\u0000${query.prefix}\u0000${query.fuzzy}\u0000${maxFuzzy}\u0000${prefixWeight}\u0000${fuzzyWeight}`;
    let expanded = expansions.get(key);
    if (!expanded) {
      expanded = [];
      let prefixMatches: Iterable<[string, FieldTermData]> | undefined;
      let fuzzyMatches: Map<string, [FieldTermData, number]> | undefined;
      if (query.prefix) prefixMatches = engine._index.atPrefix(query.term);
      if (query.fuzzy) {
        const fuzzy = query.fuzzy === true ? 0.2 : query.fuzzy;
        const maxDistance = fuzzy < 1 ? Math.min(maxFuzzy, Math.round(query.term.length * fuzzy)) : fuzzy;
        if (maxDistance) fuzzyMatches = engine._index.fuzzyGet(query.term, maxDistance);
      }
      if (prefixMatches) {
        for (const [term, data] of prefixMatches) {
          const distance = term.length - query.term.length;
          if (!distance) continue;
          fuzzyMatches?.delete(term);
          expanded.push({term, data, weight: (prefixWeight * term.length) / (term.length + 0.3 * distance)});
        }
      }
      if (fuzzyMatches) {
        for (const term of fuzzyMatches.keys()) {
          const [data, distance] = fuzzyMatches.get(term)!;
          if (!distance) continue;
          expanded.push({term, data, weight: (fuzzyWeight * term.length) / (term.length + distance)});
        }
      }
      expansions.set(key, expanded);
    }
    for (const {term, data, weight} of expanded) {
      const derived = s.termId(term);
      s.reached(source, derived);
      termResults(rows, source, derived, weight, query.termBoost, data, boosts, bm25);
    }
    for (let row = 0; row < rows.length; row++) s.rowOf[rows.ids[row]] = 0;
    return rows;
  }

  /**
   * MiniSearch's OR combinator over results in turn (its reduce): each one's rows added into the first's, new sections
   * appended in its order. The first's sections stay marked from one result to the next: marking them again for each
   * result cost the number of matched sections times the number of subjects.
   */
  function orAll(results: Rows[]): Rows {
    const a = results[0];
    for (let row = 0; row < a.length; row++) {
      s.rowAt(a.ids[row]);
      s.rowOf[a.ids[row]] = row + 1;
    }
    for (let r = 1; r < results.length; r++) {
      const b = results[r];
      for (let j = 0; j < b.length; j++) {
        const row = s.rowAt(b.ids[j]);
        if (row < 0) {
          s.rowOf[b.ids[j]] = a.push(b.ids[j], b.scores[j], b.matchHead[j], b.matchTail[j], b.queryHead[j], b.queryTail[j], b.queryCount[j], b.querySet[j]) + 1;
        } else {
          a.scores[row] = a.scores[row] + b.scores[j];
          a.querySet[row] |= b.querySet[j];
          for (let n = b.matchHead[j]; n !== -1; n = s.nodeNext[n]) assignMatch(s, a, row, s.nodeTerm[n], s.nodeMask[n], false);
          for (let n = b.queryHead[j]; n !== -1; n = s.nodeNext[n]) addQueryTerm(s, a, row, s.nodeTerm[n]);
        }
      }
      s.giveBack(b);
    }
    for (let row = 0; row < a.length; row++) s.rowOf[a.ids[row]] = 0;
    return a;
  }

  /** MiniSearch's AND combinator: the sections of both, in b's order. */
  function and(a: Rows, b: Rows): Rows {
    for (let row = 0; row < a.length; row++) {
      s.rowAt(a.ids[row]);
      s.rowOf[a.ids[row]] = row + 1;
    }
    const combined = s.takeRows();
    for (let j = 0; j < b.length; j++) {
      const row = s.rowAt(b.ids[j]);
      if (row < 0) continue;
      for (let n = b.queryHead[j]; n !== -1; n = s.nodeNext[n]) addQueryTerm(s, a, row, s.nodeTerm[n]);
      for (let n = b.matchHead[j]; n !== -1; n = s.nodeNext[n]) assignMatch(s, a, row, s.nodeTerm[n], s.nodeMask[n], false);
      combined.push(b.ids[j], a.scores[row] + b.scores[j], a.matchHead[row], a.matchTail[row], a.queryHead[row], a.queryTail[row], a.queryCount[row], a.querySet[row] | b.querySet[j]);
    }
    for (let row = 0; row < a.length; row++) s.rowOf[a.ids[row]] = 0;
    s.giveBack(a);
    s.giveBack(b);
    return combined;
  }

  function combineResults(results: Rows[], combineWith: string = 'or'): Rows {
    if (results.length === 0) return s.takeRows();
    const operator = combineWith.toLowerCase();
    if (operator !== 'or' && operator !== 'and') throw new Error(`lean search: unsupported combination ${combineWith}`);
    return operator === 'or' ? orAll(results) : results.reduce(and);
  }

  // MiniSearch's own query walk, with the two steps that build results replaced.
  const view = Object.create(engine) as Internals & {executeQuerySpec: typeof executeQuerySpec; combineResults: typeof combineResults};
  view.executeQuerySpec = executeQuerySpec;
  view.combineResults = combineResults;

  // Sections counted by sectionsHolding: its own marks, so that counting a term never disturbs the results of a search
  // still being read (a bounded ranking reads them while it ranks, and may weigh a term it had not weighed yet).
  let counted = new Uint8Array(engine._nextId);

  /** How many sections hold an index term in any field (MiniSearch's search of the exact term, counted). */
  function sectionsHolding(term: string): number {
    if (counted.length < engine._nextId) counted = new Uint8Array(engine._nextId);
    let count = 0;
    const marked: number[] = [];
    for (const token of (engine._options as unknown as {tokenize: (text: string) => string[]}).tokenize(term)) {
      if (!token) continue;
      for (const {ids} of engine._index.get(token)?.values() ?? []) {
        for (const id of ids) {
          if (counted[id]) continue;
          counted[id] = 1;
          marked.push(id);
          count++;
        }
      }
    }
    for (const id of marked) counted[id] = 0;
    return count;
  }

  /** A search with a scratch of its own, among some sections (short ids ascending) or all. */
  function searchWith(scratch: Scratch, sections: Int32Array | undefined, query: Query, options: SearchOptions, sorted = true, matchedTerms = true): LeanResults {
    const [previous, previousAmong, previousIds] = [s, among, amongIds];
    if (sections) {
      if (amongMarks.length < engine._nextId) amongMarks = new Uint8Array(engine._nextId);
      for (const id of sections) amongMarks[id] = 1;
    }
    [s, among, amongIds] = [scratch, sections && amongMarks, sections];
    try {
      scratch.reset(engine._nextId);
      scratch.matchedTerms = matchedTerms;
      scratch.querySets = !matchedTerms;
      let rows = view.executeQuery(query, options) as Rows;
      if (scratch.overflow) {
        scratch.giveBack(rows);
        scratch.reset(engine._nextId);
        scratch.querySets = false;
        rows = view.executeQuery(query, options) as Rows;
      }
      return results(scratch, rows, sorted);
    } finally {
      if (sections) for (const id of sections) amongMarks[id] = 0;
      [s, among, amongIds] = [previous, previousAmong, previousIds];
    }
  }

  /** The rows of a search as LeanResults, best first; read from `s`, the search's scratch. */
  function results(s: Scratch, rows: Rows, sorted: boolean): LeanResults {
    s.keepResults(rows);
    const length = rows.length;
    if (s.finalScores.length < length) {
      s.finalScores = new Float64Array(length * 2);
      s.order = new Int32Array(length * 2);
      s.rankIds = new Int32Array(length * 2);
      s.rankScores = new Float64Array(length * 2);
      s.rankQuerySets = new Int32Array(length * 2);
    }
    const scores = s.finalScores;
    const querySets = s.querySets;
    for (let row = 0; row < length; row++) scores[row] = rows.scores[row] * ((querySets ? bitCount(rows.querySet[row]) : rows.queryCount[row]) || 1);
    // MiniSearch sorts its results by score, best first; the sort is stable, so ties keep the Map's order.
    const order = s.order;
    if (sorted) Array.from({length}, (_, row) => row).sort((x, y) => scores[y] - scores[x]).forEach((row, k) => (order[k] = row));
    else for (let row = 0; row < length; row++) order[row] = row;
    const {rankIds, rankScores, rankQuerySets} = s;
    for (let k = 0; k < length; k++) {
      rankIds[k] = idOf[rows.ids[order[k]]];
      rankScores[k] = scores[order[k]];
      if (querySets) rankQuerySets[k] = rows.querySet[order[k]];
    }
    // Lists of terms many rows share are one array: a question's matches would otherwise allocate one per section.
    const lists = new Map<string, string[]>();
    const listOf = (head: number) => {
      let key = '';
      for (let n = head; n !== -1; n = s.nodeNext[n]) key += `${s.nodeTerm[n]},`;
      let list = lists.get(key);
      if (!list) {
        list = [];
        for (let n = head; n !== -1; n = s.nodeNext[n]) list.push(s.terms[s.nodeTerm[n]]);
        lists.set(key, list);
      }
      return list;
    };
    return {
      length,
      id: (k) => rankIds[k],
      score: (k) => rankScores[k],
      ids: rankIds,
      scores: rankScores,
      ...(querySets && {querySets: rankQuerySets, queryTermOfBit: s.sourceOfBit}),
      terms: (k) => listOf(rows.matchHead[order[k]]),
      queryTerms: (k) => (querySets ? termsOfSet(s, rows.querySet[order[k]]) : listOf(rows.queryHead[order[k]])),
      termsIn: (k, test) => {
        let kept: string[] | undefined;
        for (let n = rows.matchHead[order[k]]; n !== -1; n = s.nodeNext[n]) if (test(s.nodeMask[n])) (kept ??= []).push(s.terms[s.nodeTerm[n]]);
        return kept;
      },
      termId: (term) => s.termIds.get(term) ?? -1,
      termCount: s.terms.length,
      visitQueryTerms: (k, visit) => {
        if (querySets) for (let bits = rows.querySet[order[k]]; bits !== 0; bits &= bits - 1) visit(s.sourceOfBit[31 - Math.clz32(bits & -bits)]);
        else for (let n = rows.queryHead[order[k]]; n !== -1; n = s.nodeNext[n]) visit(s.nodeTerm[n]);
      },
      termsReachedFrom: (queryTermId) => s.reachedFrom[queryTermId] ?? [],
    };
  }

  return {
    search: (query, options = {}, sorted = true, matchedTerms = true) => {
      expansions.clear();
      return searchWith(mainScratch, undefined, query, options, sorted, matchedTerms);
    },
    searchAmong: (query, options, sections) => searchWith(sideScratch, Int32Array.from(new Set(Array.from(sections))).sort(), query, options),
    sectionsHolding,
  };
}
