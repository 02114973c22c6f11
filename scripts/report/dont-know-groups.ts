import {analyzeQuery} from '../../lib/search/query';
import {processTerm, tokenize} from '../../lib/search/terms';
import {oneLine} from '../../server/query-log/report-text';

/** Questions that got the don't-know message and read the same to the search: one page the docs lack. */
export interface DontKnowGroup {
  /** The subject terms the search reads from these questions (stemmed, question and filler words dropped), sorted. */
  terms: string[];
  /** The same subject in the words readers typed, one per term ("OneLake" where the search reads `onelak`). */
  words: string[];
  /** How many times these questions were asked. */
  count: number;
  /** When one of them was last asked. */
  lastAsked: Date;
  /** The wordings as readers typed them, most asked first (then the latest). */
  wordings: Array<{text: string; count: number; lastAsked: Date}>;
}

/** A question as the report reads it: without control, escape and direction characters, which would otherwise stay inside the words. */
const shown = (question: string) => oneLine(question);

/**
 * The key questions are grouped by: their subject terms as the search's query analysis reads them, so "How do I add
 * tags?" and "adding a tag" meet. A question with no subject word at all ("???") keeps its own lower-cased wording.
 */
export function groupingTerms(question: string): string[] {
  const terms = analyzeQuery(shown(question), []).subjectTerms;
  return terms.length > 0 ? [...terms].sort() : [shown(question).toLowerCase()];
}

/** The word readers typed that the search reads as `term`, from the first of `wordings` that has one; else the term. */
function typedWord(term: string, wordings: readonly string[]): string {
  for (const wording of wordings) {
    // Split as the query analysis splits a question (apostrophes dropped first), so each word maps to its term.
    const word = tokenize(shown(wording).replace(/['’]/g, '')).find((w) => processTerm(w) === term);
    if (word) return word;
  }
  return term;
}

const byCountThenRecency = <T extends {count: number; lastAsked: Date}>(a: T, b: T) => b.count - a.count || b.lastAsked.getTime() - a.lastAsked.getTime();

/** Groups don't-know questions by similar wording, most asked first; ties go to the more recently asked. */
export function groupDontKnowQuestions(prompts: ReadonlyArray<{prompt: string; count: number; lastAsked: Date}>): DontKnowGroup[] {
  const groups = new Map<string, DontKnowGroup>();
  for (const {prompt, count, lastAsked} of prompts) {
    const terms = groupingTerms(prompt);
    const key = terms.join(' ');
    const group = groups.get(key) ?? {terms, words: [], count: 0, lastAsked, wordings: []};
    group.count += count;
    if (lastAsked > group.lastAsked) group.lastAsked = lastAsked;
    group.wordings.push({text: prompt, count, lastAsked});
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => byCountThenRecency(a, b) || a.terms.join(' ').localeCompare(b.terms.join(' ')));
  for (const group of sorted) {
    group.wordings.sort(byCountThenRecency);
    // The words of the most asked wording first: the subject reads as most readers put it.
    group.words = group.terms.map((term) => typedWord(term, group.wordings.map((w) => w.text)));
  }
  return sorted;
}

/**
 * Whether a group is about something other than these docs: more than half of its subject terms appear on no page of
 * the site (`onSite` says whether one does). "How do I bake sourdough bread?" (two of three words on no page) is; "How
 * do I connect OneLake?" (one of two) and "Does DataHub support Teradata lineage?" (one of three) are pages to write.
 */
export function isOffTopic(group: Pick<DontKnowGroup, 'terms'>, onSite: (term: string) => boolean): boolean {
  const unknown = group.terms.filter((term) => !onSite(term)).length;
  return unknown * 2 > group.terms.length;
}
