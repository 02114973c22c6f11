import {readQuestionFile} from './evaluation/question-sets';

/**
 * Relevance on the development sets: keyword queries (data/search-dev-queries.tsv) and questions as people ask them
 * in the chat (data/chat-dev-questions.tsv). Tests hold the figures above their floors; the bench reports them.
 */

export interface DevQuery {
  query: string;
  acceptable: string[];
}

/** Reads a dev set (see readQuestionFile): text<TAB>acceptable routes, best first; `-` marks an off-topic question. */
const readDevSet = (file: string): DevQuery[] => readQuestionFile(file).map(({text, acceptable}) => ({query: text, acceptable}));

/** Reads data/search-dev-queries.tsv: query<TAB>acceptable routes, comma-separated. */
export const readDevQueries = (file = 'data/search-dev-queries.tsv') => readDevSet(file);

/** Reads data/chat-dev-questions.tsv (or another question set); an off-topic question has no acceptable route. */
export const readDevQuestions = (file = 'data/chat-dev-questions.tsv') => readDevSet(file);

/** Reads data/real-dev-questions.tsv: questions real users filed in public issues, as they wrote them. */
export const readRealQuestions = () => readDevSet('data/real-dev-questions.tsv');

/** 1-based position of the first acceptable page, or null. */
export function rankOf(pages: readonly string[], acceptable: readonly string[]): number | null {
  const at = pages.findIndex((p) => acceptable.includes(p));
  return at < 0 ? null : at + 1;
}

/** Share of ranks at or above k. */
export const hitAt = (ranks: ReadonlyArray<number | null>, k: number) => (ranks.length ? ranks.filter((r) => r !== null && r <= k).length / ranks.length : 0);

/** hit@k: a query hits when any acceptable route is among the first k distinct pages of results. */
export function evaluateRelevance(index: {search(query: string, limit?: number): Array<{pageUrl: string}>}, queries: DevQuery[]) {
  const rows = queries.filter((q) => q.acceptable.length > 0).map(({query, acceptable}) => {
    const pages = [...new Set(index.search(query, 50).map((h) => h.pageUrl))];
    return {query, rank: rankOf(pages, acceptable), top: pages[0] ?? null};
  });
  const ranks = rows.map((r) => r.rank);
  return {hitAt1: hitAt(ranks, 1), hitAt3: hitAt(ranks, 3), hitAt5: hitAt(ranks, 5), rows};
}

/** The chat's answer to a question: its references (section ids) and answer text. */
export type AskChat = (question: string) => Promise<{references: string[]; answer: string}>;

/**
 * Chat hit@k on the pages of its references (a page's two sections count as two references), and how many off-topic
 * questions got the don't-know message with no references.
 */
export async function evaluateChat(ask: AskChat, questions: DevQuery[], iDontKnowMessage: string) {
  const rows: Array<{question: string; rank: number | null; references: string[]; answer: string; offTopic: boolean}> = [];
  for (const {query, acceptable} of questions) {
    const {references, answer} = await ask(query);
    const pages = references.map((r) => r.split('#')[0]);
    rows.push({question: query, rank: rankOf(pages, acceptable), references, answer, offTopic: acceptable.length === 0});
  }
  const onTopic = rows.filter((r) => !r.offTopic).map((r) => r.rank);
  const offTopic = rows.filter((r) => r.offTopic);
  return {
    hitAt1: hitAt(onTopic, 1),
    hitAt3: hitAt(onTopic, 3),
    hitAt10: hitAt(onTopic, 10),
    offTopicDeclined: offTopic.filter((r) => r.references.length === 0 && r.answer.trim() === iDontKnowMessage).length,
    offTopicCount: offTopic.length,
    rows,
  };
}
