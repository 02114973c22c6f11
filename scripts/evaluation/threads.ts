import {readFileSync} from 'node:fs';
import {MAX_CONTEXT_ANSWER_CHARS} from '../../contract/completions';
import type {AskInThread} from './pipeline';

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

/**
 * Asks each thread as the chat would: the earlier question, then the follow-up with that exchange as its context
 * (`npm run eval` asks the pipeline in process, the browser relevance test the real server over HTTP).
 */
export async function runThreads(threads: readonly Thread[], ask: AskInThread): Promise<ThreadResult> {
  const result: ThreadResult = {threads: threads.length, sectionFirst: 0, pageFirst: 0, misses: []};
  const pageOf = (url: string) => url.split('#')[0];
  for (const thread of threads) {
    const earlier = await ask(thread.earlier);
    const followUp = await ask(thread.text, [{question: thread.earlier, answer: earlier.answer.slice(0, MAX_CONTEXT_ANSWER_CHARS)}]);
    const first = followUp.references[0];
    if (first !== undefined && thread.acceptable.includes(first)) result.sectionFirst++;
    else result.misses.push({thread, first});
    if (first !== undefined && thread.acceptable.some((s) => pageOf(s) === pageOf(first))) result.pageFirst++;
  }
  return result;
}
