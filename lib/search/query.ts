import type {Query} from 'minisearch';
import {indexTermsOf, isVersionTerm, processTerm, QUERY_OPTIONS, tokenize} from './terms';
import {matchSynonyms, type SynonymTable} from './synonyms';

/**
 * What a query asks, before it is ranked: its subject words (question and filler words dropped), each with the
 * synonyms the synonym table gives it, and whether it asks how to do something or what something is.
 */

/** Words that shape a question but say nothing about its subject (matched after stemming). */
const FILLER_WORDS = new Set(
  [
    'how', 'do', 'does', 'did', 'doing', 'done', 'what', 'whats', 'why', 'where', 'who', 'which', 'whether',
    'should', 'could', 'would', 'can', 'cannot', 'cant', 'may', 'might', 'must', 'shall',
    'i', 'im', 'me', 'my', 'mine', 'we', 'our', 'ours', 'us', 'you', 'they', 'them', 'their', 'he', 'she', 'someone',
    'please', 'tell', 'explain', 'show', 'get', 'got', 'getting', 'way', 'ways', 'possible', 'want', 'wanted', 'need', 'needs',
    'know', 'any', 'anything', 'something', 'some', 'there', 'here', 'all', 'also', 'still', 'even', 'just', 'really',
    'actually', 'e', 'g', 'eg', 'ie', 'etc', 'thing', 'things', 'stuff', 'hi', 'hello', 'thanks', 'thank', 'help',
    'am', 'been', 'being', 'had', 'having', 'these', 'those', 'so', 'now', 'yet', 'again', 'same', 'such',
    'one', 'ones', 'keep', 'keeps', 'happen', 'happens', 'lot', 'lots', 'bit', 'about', 'up', 'out', 'very', 'vs', 'versus', 'datahub',
    'look', 'looks', 'like', 'through', 'instead', 'see', 'many', 'much', 'each', 'everything', 'whole', 'entire',
    'handful', 'bunch', 'few', 'couple', 'several', 'various', 'certain', 'particular',
  ].map((w) => processTerm(w) ?? w),
);

/** Whether an index term is a question or filler word. */
export const isFiller = (term: string) => FILLER_WORDS.has(term);

/** How a query is phrased: a task ("how do I", "set up", "fails"), a lookup ("what fields", "which aspects"), or neither. */
export type QueryIntent = 'task' | 'lookup' | 'neutral';

const TASK_PATTERN =
  /\b(how (do|does|can|could|should|would|to)|how'?s|set ?up|setting up|configur\w*|install\w*|connect\w*|enable|disable|deploy\w*|upgrad\w*|migrat\w*|troubleshoot\w*|debug\w*|fix\w*|fail\w*|error\w*|not (working|showing)|doesn'?t|don'?t|won'?t|can'?t|stuck|missing|why (does|do|is|are|did)|(can|could|should) (i|we|you|users?)|is there a way|create|add|remove|delete|update|change|run|emit|push|list|find|fetch|override|expose|publish|revoke|filter|replay|purge|stop)\b/i;
const LOOKUP_PATTERN =
  /\b(what (fields?|aspects?|types?|properties|arguments|inputs?|enums?|values)|which (fields?|aspects?|types?|properties|arguments)|(fields?|aspects?|arguments) (of|in|on)|list of (fields?|aspects?|types?|properties|arguments|values)|type of the|schema of)\b/i;

/**
 * A query that is not a task and names code (a snake_case or camelCase identifier, a class such as
 * DatasetPropertiesClass; not a product name such as DataHub or BigQuery) or a thing's members ("dataJob aspects",
 * "corpuser key fields") looks something up.
 */
const NAMES_CODE = /\b([a-z]+_[a-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][A-Za-z0-9]*(Class|Input|Config|Emitter|Graph|Builder|Wrapper))\b/;
const NAMES_MEMBERS = /\b(aspects?|fields?|key fields?|functions?|class|methods?|arguments|parameters|enum values|signature)\s*\??\s*$/i;

/** One word of the query as typed, and its index term (null for a stop word). */
interface QueryWord {
  word: string;
  term: string | null;
}

/** A subject of the query: the word typed and the synonyms that stand for it, any of which may match. */
export interface QueryGroup {
  /** Alternatives, each a list of words that must all match: the words as typed first (several when a synonym phrase matched them). */
  alternatives: string[][];
  /** Whether the group ends the query, so its word may still be being typed (prefix matching). */
  last: boolean;
  /** How much the subject counts, 1 unless it comes from an earlier question of a conversation (see analyzeFollowUp). */
  weight?: number;
}

/** A query ready to rank. */
export interface AnalyzedQuery {
  groups: QueryGroup[];
  intent: QueryIntent;
  /** Distinct index terms of every group's typed words (what coverage counts). */
  subjectTerms: string[];
  /** Whether the query names the managed edition (managed, Acryl, SaaS), whose guides then count as any guide. */
  asksManaged?: boolean;
  /** Whether the query describes a problem (an error, something missing or wrong), which troubleshooting sections answer. */
  describesProblem?: boolean;
  /** Whether the query asks what something is ("What is a URN?"), which a concept page answers. */
  asksDefinition?: boolean;
  /** Index terms of each identifier or quoted phrase of two words or more the query holds (see identifiersOf). */
  identifiers?: string[][];
}

const MANAGED_PATTERN = /\b(managed|acryl|saas)\b/i;
/** A question asking what something is, not which one or how ("what is the difference", "what is the best way"). */
const DEFINITION_PATTERN =
  /^\s*(what\s*(is|are|'s|s)\s+(?!(the\s+|an?\s+)?(difference|best|right|recommended|way|command|url|endpoint|port|default|version|latest|status|reason|cause|meaning)\b)\w|define\b|explain\b)/i;

/** A problem as readers describe one: an error, a failure, something missing, empty, wrong, duplicated or stuck. */
const PROBLEM_PATTERN =
  /\b(no|not|never|nothing|missing|miss|empty|only|fails?|failed|failing|failure|errors?|exceptions?|issues?|problems?|bugs?|wrong|twice|duplicat\w*|stuck|hangs?|hanging|disappear\w*|vanish\w*|can'?t|cannot|doesn'?t|don'?t|won'?t|isn'?t|aren'?t|unable|broken|timeouts?|timed out|times out|denied|unauthori[sz]ed|forbidden|refused|slow)\b|\b[A-Z]{2,}-\d{3,}\b|\b(40[0-9]|50[0-9])\b/i;


/**
 * Names written as code (snake_case, dotted, dashed with a number: KAFKA_CONSUMER_GROUP_ID, datahub.ingestion.run,
 * DPI-1047) and quoted text, which a section that quotes them holds word for word.
 */
const IDENTIFIER_PATTERN = /(?<![\p{L}\d])[\p{L}\d]+(?:[_.\-/:][\p{L}\d]+)+|"[^"\n]{3,80}"|'[^'\n]{3,80}'|`[^`\n]{3,80}`/gu;

/**
 * Names a question gives that may be another product's (Alibaba, OpenMetadata): a capitalised word that does not open
 * a sentence, and a camelCase word outside code when the question does not report a problem (an error message quotes
 * class names such as PipelineConfig; a how-to question naming KubernetesExecutor is about another tool). The chat
 * declines a question naming one that no page has (see retrieval.ts); these are candidates only.
 */
export function productNamesOf(query: string): string[] {
  const withoutCode = query.replace(IDENTIFIER_PATTERN, ' ');
  const problem = PROBLEM_PATTERN.test(query);
  const names: string[] = [];
  for (const match of withoutCode.matchAll(/(^|[.!?:]\s+|\s+|\()([\p{L}][\p{L}\d]*)/gu)) {
    const [, before, word] = match;
    const opensSentence = match.index === 0 || /[.!?:]/.test(before);
    const capitalised = /^\p{Lu}\p{Ll}+$/u.test(word);
    const camel = /^\p{L}+\p{Ll}\p{Lu}[\p{L}\d]*$/u.test(word);
    if ((capitalised && !opensSentence) || (camel && !problem)) names.push(word);
  }
  return names;
}

/** The index terms of each identifier or quoted phrase of a query that has two terms or more. */
export function identifiersOf(query: string): string[][] {
  const found = (query.match(IDENTIFIER_PATTERN) ?? []).map((text) => indexTermsOf(tokenize(text)));
  return found.filter((terms, i) => terms.length >= 2 && found.findIndex((o) => o.join(' ') === terms.join(' ')) === i);
}

/**
 * The words of a camelCase or PascalCase name ("dataFlow", "MetadataAuditEvent"), lower-cased; the docs often write
 * the same thing as words ("data flow", "Metadata Audit Event"). Empty for any other word.
 */
export function camelCaseParts(word: string): string[] {
  if (!/^\p{L}[\p{Ll}\d]+(\p{Lu}[\p{Ll}\d]+)+$/u.test(word)) return [];
  return word.split(/(?=\p{Lu})/u).map((part) => part.toLowerCase());
}

/** The last texts analysed, per synonym table: the chat reads a prompt and its earlier questions for ranking, then again for its passage. */
const analysed = new WeakMap<SynonymTable, Map<string, AnalyzedQuery>>();
/** Texts kept per table: a follow-up and its three earlier questions, twice over. */
const MAX_ANALYSED = 8;

/** Splits a query into subject groups with their synonyms, and reads its intent (the result is shared: never change it). */
export function analyzeQuery(query: string, synonyms: SynonymTable): AnalyzedQuery {
  let cache = analysed.get(synonyms);
  if (!cache) analysed.set(synonyms, (cache = new Map()));
  let result = cache.get(query);
  if (result === undefined) {
    result = analyzeText(query, synonyms);
    if (cache.size >= MAX_ANALYSED) cache.delete(cache.keys().next().value!);
    cache.set(query, result);
  }
  return result;
}

function analyzeText(query: string, synonyms: SynonymTable): AnalyzedQuery {
  const words: QueryWord[] = tokenize(query.replace(/['’]/g, ''))
    .filter(Boolean)
    .map((word) => ({word, term: processTerm(word)}));
  const indexed = words.filter((w): w is {word: string; term: string} => w.term !== null);
  // "set up" asks for a task; it names no subject ("setup" and "settings" alone still do).
  const setUp = new Set(indexed.flatMap((w, i) => (w.term === 'set' && indexed[i + 1]?.term === 'up' ? [i] : [])));
  const subject = indexed.filter((w, i) => !FILLER_WORDS.has(w.term) && !setUp.has(i));
  // A query made only of filler words ("how to") is taken as typed.
  const typed = subject.length > 0 ? subject : indexed;
  // A word typed twice is one subject (a Set, not a search per word: a prompt with its context has a thousand words).
  const seen = new Set<string>();
  const kept = typed.filter((w, i) => {
    const first = !seen.has(w.term);
    seen.add(w.term);
    return first || i === typed.length - 1;
  });
  const groups: QueryGroup[] = matchSynonyms(kept.map((w) => w.term), synonyms).map(({from, to, alternatives}) => {
    const typedWords = kept.slice(from, to).map((w) => w.word);
    const parts = typedWords.length === 1 ? camelCaseParts(typedWords[0]) : [];
    return {alternatives: [typedWords, ...alternatives, ...(parts.length > 1 ? [parts] : [])], last: to === kept.length};
  });
  const intent: QueryIntent = LOOKUP_PATTERN.test(query) ? 'lookup' : TASK_PATTERN.test(query) ? 'task' : NAMES_CODE.test(query) || NAMES_MEMBERS.test(query) ? 'lookup' : 'neutral';
  return {
    groups,
    intent,
    subjectTerms: [...new Set(kept.map((w) => w.term))],
    asksManaged: MANAGED_PATTERN.test(query),
    describesProblem: PROBLEM_PATTERN.test(query),
    asksDefinition: DEFINITION_PATTERN.test(query),
    identifiers: identifiersOf(query),
  };
}

/**
 * How much an earlier question's subjects count beside a follow-up's own (which count 1), for the question just
 * before; each one before that counts half as much again. A follow-up that refers to the earlier subject ("How do I
 * revoke it?") leans on it most, one that continues it with another subject ("And for BigQuery?") less, and one that
 * names its own subjects ("What is a glossary term?") only uses it to break ties.
 */
export const EARLIER_QUESTION_WEIGHT = {refersTo: 0.8, pointsBack: 0.5, standsAlone: 0.15} as const;

/**
 * Verbs of a task ("create", "revoke"): when a follow-up names its own ("How do I revoke it?"), the earlier
 * question's verb ("create") is not part of the new question; its object is.
 */
export const ACTION_TERMS = new Set(
  [
    'add', 'assign', 'change', 'configure', 'connect', 'create', 'delete', 'deploy', 'disable', 'edit', 'emit', 'enable', 'export',
    'fetch', 'find', 'generate', 'grant', 'import', 'install', 'list', 'make', 'migrate', 'override', 'publish', 'purge', 'push', 'remove',
    'rename', 'replay', 'reset', 'restart', 'revoke', 'rotate', 'run', 'schedule', 'search', 'set', 'share', 'stop', 'update',
    'upgrade', 'use', 'view',
  ].map((w) => processTerm(w) ?? w),
);

/** Words that stand for an earlier question's subject ("How do I revoke it?"): that subject is half the question. */
const REFERS_TO_PATTERN = /\b(it|its|this|that|these|those|they|them|their|one|ones|same|above|previous|former|latter)\b/i;
/** Openings that continue an earlier question with another subject ("And for BigQuery?", "What about Looker?"). */
const CONTINUES_PATTERN = /^\s*(and|also|but|or|then|so|what about|how about|same for)\b|\binstead\b/i;

/**
 * A follow-up question read with the questions before it (oldest first): the follow-up's own subjects count fully,
 * the earlier questions' subjects it does not repeat count less (EARLIER_QUESTION_WEIGHT): more when it refers back
 * with a pronoun, continues with an opening like "and", or names one subject at most. A follow-up made only of filler words
 * ("why?") takes its subjects from the earlier questions, and one that names no intent keeps theirs.
 */
export function analyzeFollowUp(query: string, earlier: readonly string[], synonyms: SynonymTable): AnalyzedQuery {
  const own = analyzeQuery(query, synonyms);
  if (earlier.length === 0) return own;
  const onlyFiller = own.subjectTerms.every(isFiller);
  // One subject alone ("Which permissions?") is rarely the whole question.
  const pointsBack = own.subjectTerms.length <= 1 || onlyFiller || CONTINUES_PATTERN.test(query);
  const groups = onlyFiller ? [] : [...own.groups];
  const terms = new Set(onlyFiller ? [] : own.subjectTerms);
  const ownAction = own.subjectTerms.some((t) => ACTION_TERMS.has(t));
  let intent = own.intent;
  let asksManaged = own.asksManaged;
  // A follow-up that continues the question before it ("And for BigQuery?") continues its problem too.
  let describesProblem = own.describesProblem;
  let weight = REFERS_TO_PATTERN.test(query)
    ? EARLIER_QUESTION_WEIGHT.refersTo
    : pointsBack
      ? EARLIER_QUESTION_WEIGHT.pointsBack
      : EARLIER_QUESTION_WEIGHT.standsAlone;
  for (const [i, question] of [...earlier].reverse().entries()) {
    const previous = analyzeQuery(question, synonyms);
    if (intent === 'neutral') intent = previous.intent;
    asksManaged ||= previous.asksManaged;
    if (i === 0 && pointsBack) describesProblem ||= previous.describesProblem;
    for (const group of previous.groups) {
      const typed = indexTermsOf(group.alternatives[0]);
      if (typed.length === 0 || typed.every((t) => terms.has(t) || isFiller(t) || (ownAction && ACTION_TERMS.has(t)))) continue;
      typed.forEach((t) => terms.add(t));
      groups.push({...group, last: false, weight});
    }
    weight /= 2;
  }
  return groups.length > 0 ? {groups, intent, subjectTerms: [...terms], asksManaged, describesProblem, asksDefinition: own.asksDefinition, identifiers: own.identifiers} : own;
}

/** Field boosts of a subject: scaled down for an earlier question's subject, so that it weighs less in BM25 too. */
const boostOf = (weight: number | undefined) =>
  weight === undefined || weight === 1 ? {} : {boost: Object.fromEntries(Object.entries(QUERY_OPTIONS.boost).map(([field, b]) => [field, b * weight]))};

/** A word MiniSearch will look up, with how it may be expanded (the sharded index fetches what these reach). */
export interface QueryLeaf {
  term: string;
  prefix: boolean;
}

/** The index terms a query looks up, and whether each may match as a prefix. */
export function queryLeaves(query: AnalyzedQuery): QueryLeaf[] {
  const leaves = new Map<string, boolean>();
  for (const group of query.groups) {
    group.alternatives.forEach((alternative, a) => {
      const terms = indexTermsOf(alternative);
      terms.forEach((term, i) => {
        // The typed word that ends the query is completed as a prefix, as the reader may still be typing it; a version
        // number always is.
        const prefix = (group.last && a === 0 && i === terms.length - 1) || isVersionTerm(term);
        leaves.set(term, (leaves.get(term) ?? false) || prefix);
      });
    });
  }
  return [...leaves].map(([term, prefix]) => ({term, prefix}));
}

const typedPrefix = (term: string, i: number, terms: string[]) => isVersionTerm(term) || QUERY_OPTIONS.prefix(term, i, terms);

/** The MiniSearch expression of a query: groups combined with `combineWith`, each any of its alternatives. */
export function queryExpression(query: AnalyzedQuery, combineWith: 'AND' | 'OR'): Query {
  return {
    combineWith,
    queries: query.groups.map((group) => ({
      combineWith: 'OR',
      ...boostOf(group.weight),
      queries: group.alternatives.map((alternative, a) => ({
        combineWith: 'AND',
        queries: [alternative.join(' ')],
        prefix: group.last && a === 0 ? typedPrefix : isVersionTerm,
      })),
    })),
  };
}

/** Every index term a query's subjects stand for: the typed words' and their synonyms'. */
export function subjectTermsWithSynonyms(query: AnalyzedQuery): Set<string> {
  return new Set(indexTermsOf(query.groups.flatMap((g) => g.alternatives.flat())));
}
