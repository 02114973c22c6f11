import {analyzeQuery} from '../../lib/search/query';
import {oneLine} from '../../server/query-log/report-text';

/** Questions that got the don't-know message and read the same to the search: one page the docs lack. */
export interface DontKnowGroup {
  /** The subject terms the search reads from these questions (stemmed, question and filler words dropped), sorted. */
  terms: string[];
  /** How many times these questions were asked. */
  count: number;
  /** When one of them was last asked. */
  lastAsked: Date;
  /** The wordings as readers typed them, most asked first (then the latest). */
  wordings: Array<{text: string; count: number; lastAsked: Date}>;
}

/**
 * The key questions are grouped by: their subject terms as the search's query analysis reads them, so "How do I add
 * tags?" and "adding a tag" meet. A question with no subject word at all ("???") keeps its own lower-cased wording.
 */
export function groupingTerms(question: string): string[] {
  // Read from the question as the report shows it: without control, escape and direction characters, which would
  // otherwise stay inside the words the search reads.
  const shown = oneLine(question);
  const terms = analyzeQuery(shown, []).subjectTerms;
  return terms.length > 0 ? [...terms].sort() : [shown.toLowerCase()];
}

const byCountThenRecency = <T extends {count: number; lastAsked: Date}>(a: T, b: T) => b.count - a.count || b.lastAsked.getTime() - a.lastAsked.getTime();

/** Groups don't-know questions by similar wording, most asked first; ties go to the more recently asked. */
export function groupDontKnowQuestions(prompts: ReadonlyArray<{prompt: string; count: number; lastAsked: Date}>): DontKnowGroup[] {
  const groups = new Map<string, DontKnowGroup>();
  for (const {prompt, count, lastAsked} of prompts) {
    const terms = groupingTerms(prompt);
    const key = terms.join(' ');
    const group = groups.get(key) ?? {terms, count: 0, lastAsked, wordings: []};
    group.count += count;
    if (lastAsked > group.lastAsked) group.lastAsked = lastAsked;
    group.wordings.push({text: prompt, count, lastAsked});
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => byCountThenRecency(a, b) || a.terms.join(' ').localeCompare(b.terms.join(' ')));
  for (const group of sorted) group.wordings.sort(byCountThenRecency);
  return sorted;
}
