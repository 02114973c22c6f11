import {stemmer} from 'stemmer';

/** How words become index terms, and how query terms are matched: the part of the engine every other module reads. */

const STOP_WORDS = new Set(
  'a an and are as at be by can for from has have if in into is it its not of on or than that the then this to was were when which will with you your'.split(' '),
);

/** Words of a text: runs of letters and digits, with a version number ("v0.2.8", "0.10.5") kept whole, without its "v". */
export function tokenize(text: string): string[] {
  return text.replace(/\bv(?=\d+(?:\.\d+)+)/gi, '').match(/\d+(?:\.\d+)+|[^\n\r\p{Z}\p{P}]+/gu) ?? [];
}

/** Words whose base ends in a double consonant, which Porter's stemmer would cut ("adding" to "ad"). */
const DOUBLE_CONSONANT_BASES = new Map(['add', 'err', 'egg'].flatMap((base) => [`${base}ing`, `${base}ed`].map((form) => [form, base])));

/**
 * Porter's stemmer cuts "-er" but keeps "-or", so "contributor" would not meet "contributing" ("contribut"), nor
 * "connector" "connect". A long enough stem ending in "or" loses it (short ones such as "monitor" and "author" keep it).
 */
const agentNounBase = (stem: string) => (stem.length >= 8 && stem.endsWith('or') ? stem.slice(0, -2) : stem);

/** Stems already computed: a long prompt repeats its words, and the stemmer is the costliest step of reading one. */
const stems = new Map<string, string>();
/** Most stems kept; past it the cache starts over, so a stream of made-up words cannot grow it without bound. */
const MAX_CACHED_STEMS = 50_000;

/** Lower-cases and stems a token (Porter), dropping stop words, bare numbers and single characters. */
export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (t.length < 2 || STOP_WORDS.has(t) || /^\d+$/.test(t)) return null;
  let stem = stems.get(t);
  if (stem === undefined) {
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stem = DOUBLE_CONSONANT_BASES.get(t) ?? agentNounBase(stemmer(t));
    stems.set(t, stem);
  }
  return stem;
}

/** The index terms of words (stop words, bare numbers and single characters dropped), in order. */
export function indexTermsOf(words: readonly string[]): string[] {
  return words.map(processTerm).filter((t): t is string => Boolean(t));
}

/** A version number term ("0.10", "0.10.5"): "0.10" asks for every 0.10.x release, so it also matches as a prefix. */
export const isVersionTerm = (term: string) => /^\d+(\.\d+)+$/.test(term);

/**
 * Field boosts: a page-title match outranks a heading match, which outranks a body match. The summary (a page's
 * front-matter description, on its intro section) counts as body text: what it adds is the page-level signal in rank.ts.
 * Measured as in rank.ts: title 2 gives real 0.585, title 4 real 0.600 and curated 0.914; headings 1.5 gives keywords
 * 0.913, curated 0.900 and team 0.710, headings 3.5 keywords 0.913 and real 0.585.
 */
/**
 * Field boosts. `questions` (the questions the team wrote for a section, data/questions) chosen with
 * `npm run eval -- --cv 5`: at 0.5 the real users' questions score hit@1/3/10 0.615/0.831/0.923 cross-validated, at 1
 * 0.538/0.831/0.908, without the field 0.477/0.785/0.877.
 */
export const FIELD_BOOST = {title: 3, headings: 2.5, text: 1, summary: 1, questions: 0.5} as const;

/**
 * Longest word looked up with typos tolerated. A typo-tolerant look-up walks the index with a table of the word's
 * length squared: four words of 2,000 characters (Chinese or emoji, written without spaces) cost 65-165 ms of CPU. The docs' longest index term has 58 characters, and a word 6 edits away from none of them matches nothing.
 */
export const MAX_FUZZY_TERM_CHARS = 64;

/** How a query is matched: the word being typed as a prefix, typos tolerated in words long enough to have them. */
export const QUERY_OPTIONS = {
  boost: FIELD_BOOST,
  prefix: (_term: string, i: number, terms: string[]) => i === terms.length - 1,
  fuzzy: (term: string) => (term.length >= 5 && term.length <= MAX_FUZZY_TERM_CHARS ? 0.2 : false),
  // MiniSearch's own default, stated so that term expansion (reachableTerms) reads the same limit.
  maxFuzzy: 3,
  // While typing, a completed prefix is a stronger signal than a near-miss spelling. Measured as in rank.ts: fuzzy 0.05
  // gives curated 0.914, 0.3 changes no figure.
  weights: {prefix: 0.7, fuzzy: 0.15},
} as const;

