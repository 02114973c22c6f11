import {readFileSync} from 'node:fs';
import {completionRequestSchema, MAX_CONTEXT_ANSWER_CHARS, splitCompletion} from '../../contract/completions';
import type {RankingWeights} from '../../lib/search/rank';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import {createExtractiveAnswerer} from '../../server/completions/extractive-answerer';
import {completionStream, type CompletionDeps} from '../../server/completions/pipeline';
import {chatService} from '../../src/site';
import type {EvaluationCorpus} from './pipeline';

/**
 * Follow-up questions in a conversation (data/chat-thread-questions.tsv): what counts is the section the follow-up's
 * first reference names, since the passage is quoted from it: "How do I revoke it?" after a question about tokens is
 * answered by the section on revoking, not by the tokens page's opening.
 */

export const THREADS_FILE = 'data/chat-thread-questions.tsv';

export interface Thread {
  earlier: string;
  text: string;
  /** Sections (URL with anchor) a reader would accept as the follow-up's first reference. */
  acceptable: string[];
}

export function readThreads(file = THREADS_FILE): Thread[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !/^earlier\t/i.test(line))
    .map((line) => {
      const [earlier, text, sections = ''] = line.split('\t');
      return {earlier: earlier.trim(), text: text.trim(), acceptable: sections.split(/\s+/).filter(Boolean)};
    });
}

export interface ThreadResult {
  threads: number;
  /** Follow-ups whose first reference is an accepted section. */
  sectionFirst: number;
  /** Follow-ups whose first reference is on an accepted section's page. */
  pageFirst: number;
  misses: Array<{thread: Thread; first: string | undefined}>;
}

async function ask(deps: CompletionDeps, body: object) {
  const request = completionRequestSchema.parse({projectKey: chatService.projectKey, ...body});
  let streamed = '';
  for await (const chunk of completionStream(request, deps, new AbortController().signal, () => undefined)) streamed += chunk;
  return splitCompletion(streamed);
}

/** Asks each thread as the chat would: the earlier question, then the follow-up with that exchange as its context. */
export async function runThreads(corpus: EvaluationCorpus, threads: readonly Thread[], weights: RankingWeights): Promise<ThreadResult> {
  const deps: CompletionDeps = {retriever: createLexicalRetriever(corpus.sections, corpus.synonyms, weights), answerer: createExtractiveAnswerer(corpus.synonyms), log: () => undefined};
  const result: ThreadResult = {threads: threads.length, sectionFirst: 0, pageFirst: 0, misses: []};
  const pageOf = (url: string) => url.split('#')[0];
  for (const thread of threads) {
    const earlier = await ask(deps, {prompt: thread.earlier});
    const followUp = await ask(deps, {prompt: thread.text, context: [{question: thread.earlier, answer: earlier.answer.slice(0, MAX_CONTEXT_ANSWER_CHARS)}]});
    const first = followUp.references[0];
    if (first !== undefined && thread.acceptable.includes(first)) result.sectionFirst++;
    else result.misses.push({thread, first});
    if (first !== undefined && thread.acceptable.some((s) => pageOf(s) === pageOf(first))) result.pageFirst++;
  }
  return result;
}
