import {MAX_CONTEXT_ANSWER_CHARS, MAX_CONTEXT_EXCHANGES, MAX_PROMPT_CHARS, MAX_SECTIONS_MATCH_COUNT, type CompletionRequestInput} from '../../contract/completions';
import type {Section} from '../../lib/search/types';

/**
 * Completion bodies inside every limit of contract/completions.ts that make retrieval and the extractive answer work
 * as hard as a client can: the bench measures the CPU of each (`npm run bench`, `npx tsx scripts/bench/request-cpu.ts`),
 * and a server test holds every one of them under a bound. A new way to make the chat work harder is one more entry.
 */

/** One hostile body: its name in the bench's rows, what it tries, and the body. */
export interface HostileRequest {
  name: string;
  tries: string;
  body: CompletionRequestInput;
}

/** Distinct words of the sections' text, in order of first use. */
function docWords(sections: readonly Section[]): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const section of sections) {
    for (const word of section.text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? []) {
      if (seen.has(word)) continue;
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** Doc words by how many sections hold them, most first (the longest posting lists). */
function commonWords(sections: readonly Section[]): string[] {
  const counts = new Map<string, number>();
  for (const section of sections) {
    for (const word of new Set(section.text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? [])) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
}

/** Pieces joined by `separator`, as many as fit in `chars` characters and 3 bytes of UTF-8 per character (the byte cap). */
function fit(pieces: Iterable<string>, chars: number, separator = ' '): string {
  const kept: string[] = [];
  let length = 0;
  let bytes = 0;
  for (const piece of pieces) {
    const added = kept.length > 0 ? separator + piece : piece;
    const addedLength = [...added].length;
    const addedBytes = Buffer.byteLength(added);
    if (length + addedLength > chars || bytes + addedBytes > 3 * chars) break;
    kept.push(piece);
    length += addedLength;
    bytes += addedBytes;
  }
  return kept.join(separator);
}

/** A deterministic stream of pseudo-random numbers in [0, 1), so every run sends the same bodies. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Endless pieces from `make`, each given its position. */
function* endless(make: (i: number) => string): Generator<string> {
  for (let i = 0; ; i++) yield make(i);
}

/** A body at every limit: the prompt and each context exchange filled from `text(k, chars)`, k numbering the texts. */
function atLimits(projectKey: string, text: (k: number, chars: number) => string): CompletionRequestInput {
  return {
    prompt: text(0, MAX_PROMPT_CHARS),
    projectKey,
    sectionsMatchCount: MAX_SECTIONS_MATCH_COUNT,
    sectionsMatchThreshold: 0,
    context: Array.from({length: MAX_CONTEXT_EXCHANGES}, (_, i) => ({question: text(2 * i + 1, MAX_PROMPT_CHARS), answer: text(2 * i + 2, MAX_CONTEXT_ANSWER_CHARS)})),
  };
}

/** Characters drawn at random from [from, from + span) of Unicode, without spaces. */
const unbroken = (from: number, span: number, seed: number) => {
  const next = random(seed);
  return endless(() => String.fromCodePoint(from + Math.floor(next() * span)));
};

/** Every hostile body, on the given sections (their words make the bodies that must match something). */
export function hostileRequests(sections: readonly Section[], projectKey: string): HostileRequest[] {
  const words = docWords(sections);
  const common = commonWords(sections);
  const next = random(11);
  const shuffled = (list: string[]) => endless(() => list[Math.floor(next() * list.length)]);
  const camel = (w: string) => w[0].toUpperCase() + w.slice(1);
  // Each text takes a different run of words, so the prompt and its context add as many distinct terms as they can
  // (round the list again on a small site).
  const runOf = (k: number) => Array.from({length: Math.min(words.length, 1_000)}, (_, i) => words[(k * 400 + i) % words.length]);
  const letters = (length: number, seed: number) => {
    const rnd = random(seed);
    return endless(() => Array.from({length}, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join(''));
  };
  const body = (text: (k: number, chars: number) => string) => atLimits(projectKey, text);
  return [
    {name: 'doc-words', tries: 'distinct doc words at every limit', body: body((k, chars) => fit(runOf(k), chars))},
    {name: 'cjk-unbroken', tries: 'CJK ideographs without spaces: one word of 2,000 characters per text', body: body((k, chars) => fit(unbroken(0x4e00, 20_000, k + 1), chars, ''))},
    {name: 'cjk-words', tries: 'CJK ideographs in two-character words: thousands of distinct unknown words', body: body((k, chars) => fit(endless(() => fit(unbroken(0x4e00, 20_000, Math.floor(next() * 1e6)), 2, '')), chars))},
    {name: 'thai-unbroken', tries: 'Thai letters without spaces', body: body((k, chars) => fit(unbroken(0x0e01, 0x2e, k + 3), chars, ''))},
    {name: 'latin-unbroken', tries: 'one word of 2,000 random Latin letters per text', body: body((k, chars) => fit(letters(chars, k + 5), chars))},
    {name: 'digits-unbroken', tries: 'one number of 2,000 digits per text', body: body((k, chars) => fit(unbroken(0x30, 10, k + 7), chars, ''))},
    {name: 'emoji', tries: 'emoji without spaces, at the byte cap', body: body((k, chars) => fit(unbroken(0x1f600, 0x50, k + 9), chars, ''))},
    {name: 'long-unknown-words', tries: '30-letter unknown words: the widest typo-tolerant look-ups', body: body((k, chars) => fit(letters(30, k + 13), chars))},
    {name: 'mid-unknown-words', tries: '12-letter unknown words: typo-tolerant look-ups that reach many terms', body: body((k, chars) => fit(letters(12, k + 17), chars))},
    {name: 'common-words', tries: 'the words most sections hold: the longest posting lists', body: body((k, chars) => fit(shuffled(common.slice(0, 60)), chars))},
    {name: 'short-prefix', tries: 'common words ending in a two-letter word, completed as a prefix', body: body((k, chars) => `${fit(shuffled(common.slice(0, 60)), chars - 3)} co`)},
    {name: 'camel-unbroken', tries: 'doc words joined in camelCase: one name of hundreds of parts', body: body((k, chars) => fit(runOf(k).map((w, i) => (i ? camel(w) : w)), chars, ''))},
    {name: 'camel-unknown', tries: 'one camelCase name of 30-letter unknown parts: each part a wide typo-tolerant look-up', body: body((k, chars) => fit(letters(30, k + 19), chars, 'X'))},
    {name: 'camel-words', tries: 'camelCase names of three doc words each', body: body((k, chars) => fit(endless((i) => runOf(k).slice(3 * i, 3 * i + 3).map((w, j) => (j ? camel(w) : w)).join('')), chars))},
    {name: 'dotted-unbroken', tries: 'doc words joined by dots: one identifier of hundreds of parts', body: body((k, chars) => fit(runOf(k), chars, '.'))},
    {name: 'dotted-words', tries: 'dotted identifiers of four doc words each', body: body((k, chars) => fit(endless((i) => runOf(k).slice(4 * i, 4 * i + 4).join('.')), chars))},
    {name: 'quoted', tries: 'quoted phrases of doc words', body: body((k, chars) => fit(endless((i) => `"${runOf(k).slice(3 * i, 3 * i + 3).join(' ')}"`), chars))},
    {name: 'capitalised', tries: 'capitalised doc words inside a sentence (product-name checks)', body: body((k, chars) => `The ${fit(runOf(k).map(camel), chars - 4)}`)},
    {name: 'versions', tries: 'version numbers, each completed as a prefix', body: body((k, chars) => fit(endless((i) => `${i % 3}.${i % 17}`), chars))},
  ];
}

/**
 * The hostile body the bench found costliest on the docs once the work per question was bounded (`npm run bench`,
 * request-cpu.ts): the words most sections hold, whose posting lists are the longest. Before, it was Chinese or Thai
 * written without spaces (about 500 ms of CPU). The bench reports every body, so a costlier one shows there first.
 */
export const WORST_CASE_BODY = 'common-words';

/** The costliest completion a client may send (WORST_CASE_BODY): used by the bench and by the tests that pages stay responsive while the chat works. */
export function worstCaseRequest(sections: readonly Section[], projectKey: string): CompletionRequestInput {
  return hostileRequests(sections, projectKey).find((r) => r.name === WORST_CASE_BODY)!.body;
}
