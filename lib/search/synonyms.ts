import {indexTermsOf, tokenize} from './terms';

/**
 * Synonyms and abbreviations, compiled from data/search-synonyms.yaml at build time and shipped inside the index, so
 * the browser, the chat server and the CLI expand queries alike.
 */

/** One compiled entry: a reader who types any `inputs` phrase also finds pages with any `synonyms` phrase. */
export interface SynonymEntry {
  /** Phrases (words as typed) that trigger the entry. */
  inputs: string[][];
  /** Phrases added to the query for them. */
  synonyms: string[][];
}

export type SynonymTable = SynonymEntry[];

/** A source entry of the YAML file: a list of equivalent phrases, or one-way `{input, synonyms}`. */
export type SynonymSource = string[] | {input: string | string[]; synonyms: string[]};


/** The words of a phrase as the query tokenizer splits them. */
export const phraseWords = (phrase: string): string[] => tokenize(phrase.toLowerCase()).filter(Boolean);

/** Compiles the YAML entries: equivalent phrases each trigger all the others; one-way inputs trigger their synonyms. */
export function compileSynonyms(entries: SynonymSource[]): SynonymTable {
  return entries.map((entry) => {
    if (Array.isArray(entry)) {
      const phrases = entry.map(phraseWords);
      return {inputs: phrases, synonyms: phrases};
    }
    const inputs = (Array.isArray(entry.input) ? entry.input : [entry.input]).map(phraseWords);
    return {inputs, synonyms: entry.synonyms.map(phraseWords)};
  });
}

const sameTerms = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** A run of query terms [from, to) and the phrases it also stands for. */
export interface SynonymMatch {
  from: number;
  to: number;
  alternatives: string[][];
}

/**
 * Groups a query's index terms: each run that matches an input phrase (longest first, left to right) becomes one
 * group with that entry's synonyms; every other term is a group of its own.
 */
/** A table's inputs as index terms, by their first term; compiled once per table (each query would otherwise redo it). */
const compiledInputs = new WeakMap<SynonymTable, Map<string, Array<{terms: string[]; entry: SynonymEntry}>>>();

function inputsByFirstTerm(table: SynonymTable) {
  let byFirst = compiledInputs.get(table);
  if (!byFirst) {
    byFirst = new Map();
    for (const entry of table) {
      for (const input of entry.inputs) {
        const terms = indexTermsOf(input);
        if (terms.length === 0) continue;
        const list = byFirst.get(terms[0]) ?? [];
        list.push({terms, entry});
        byFirst.set(terms[0], list);
      }
    }
    compiledInputs.set(table, byFirst);
  }
  return byFirst;
}

export function matchSynonyms(terms: string[], table: SynonymTable): SynonymMatch[] {
  const byFirst = inputsByFirstTerm(table);
  const matches: SynonymMatch[] = [];
  for (let at = 0; at < terms.length;) {
    let best: {length: number; alternatives: string[][]} | null = null;
    for (const input of byFirst.get(terms[at]) ?? []) {
      const length = input.terms.length;
      if (best && length <= best.length) continue;
      if (sameTerms(terms.slice(at, at + length), input.terms)) {
        const own = input.terms;
        const distinct = input.entry.synonyms.filter((s, i, all) => !sameTerms(indexTermsOf(s), own) && all.findIndex((o) => sameTerms(indexTermsOf(o), indexTermsOf(s))) === i);
        best = {length, alternatives: distinct};
      }
    }
    if (best) {
      matches.push({from: at, to: at + best.length, alternatives: best.alternatives});
      at += best.length;
    } else {
      matches.push({from: at, to: at + 1, alternatives: []});
      at += 1;
    }
  }
  return matches;
}
