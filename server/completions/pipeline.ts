import {ANSWER_CUT_NOTE, earlierAnswersOf, earlierQuestionsOf, START_RESPONSE_MARKER, type CompletionRequest} from '../../contract/completions';
import type {Answerer} from './answerer';
import type {CompletionOutcome} from '../metrics';
import {pagesInDoubt, type RetrievedSection, type Retriever} from '../../lib/search/retrieval';
import {limitLog, type LimitedLog} from '../log-limiter';

/** What the server records of each completion it serves. */
export interface CompletionRecord {
  createdAt: Date;
  prompt: string;
  references: string[];
  /** The docs had no answer: false when the answer failed instead (the LLM endpoint), which is no page to write. */
  answeredIDontKnow: boolean;
  /**
   * An answer whose first two pages scored close (pagesInDoubt): the built-in answer quoted both. The report lists these
   * questions apart, since a page that answers them squarely may be missing.
   */
  answeredInDoubt: boolean;
  msToReferences: number;
  msToEnd: number;
}

export interface CompletionDeps {
  retriever: Retriever;
  answerer: Answerer;
  /**
   * Answers when `answerer` fails before writing anything (an LLM endpoint down, silent or refusing): the extractive
   * answer, so the reader still gets the docs' passage instead of the don't-know message.
   */
  fallback?: Answerer;
  log: (message: string, error?: unknown) => void;
  /** Told each time the fallback answers in place of the answerer (a metric). */
  onFallback?: () => void;
  /** Told each time an answer is cut because the answerer failed after writing part of it (a metric). */
  onCut?: () => void;
}

/** The sections chosen for a request, and when retrieval started and ended. */
export interface Retrieval {
  sections: RetrievedSection[];
  started: number;
  msToReferences: number;
}

/** Chooses the sections a request is answered from (on the chat's worker threads when the server runs). */
export async function retrieveFor(request: CompletionRequest, deps: CompletionDeps, signal: AbortSignal): Promise<Retrieval> {
  const started = performance.now();
  const sections = await deps.retriever.retrieve(request.prompt, {
    count: request.sectionsMatchCount,
    threshold: request.sectionsMatchThreshold,
    signal,
    earlier: earlierQuestionsOf(request),
    earlierAnswers: earlierAnswersOf(request),
  });
  return {sections, started, msToReferences: performance.now() - started};
}

// One limiter per app's deps: an endpoint that is down fails every question, and the log says so once a minute.
const limiters = new WeakMap<CompletionDeps, LimitedLog>();
const warnOf = (deps: CompletionDeps) => {
  let warn = limiters.get(deps);
  if (!warn) limiters.set(deps, (warn = limitLog(deps.log)));
  return warn;
};

/**
 * Runs one completion as the spec's stream: the references JSON, the marker, then the answer. An answerer that fails
 * before writing anything is replaced by the fallback when there is one, else by the don't-know message; one that
 * fails after writing part of its answer ends with ANSWER_CUT_NOTE; one that writes nothing, by the don't-know message.
 * The failure is logged (once a minute for repeats), and never recorded as a don't-know (the docs did not fail).
 */
export async function* completionStream(
  request: CompletionRequest,
  deps: CompletionDeps,
  signal: AbortSignal,
  onDone: (record: CompletionRecord, outcome: Exclude<CompletionOutcome, 'aborted'>) => void,
  /** Sections already chosen (the route retrieves first, so a full queue is a 503, not a broken stream). */
  retrieval?: Retrieval,
): AsyncGenerator<string> {
  const {sections, started, msToReferences} = retrieval ?? (await retrieveFor(request, deps, signal));
  const references = sections.map((s) => s.section.url);
  yield JSON.stringify(references) + START_RESPONSE_MARKER;

  let written = '';
  let failed = false;
  const input = {prompt: request.prompt, sections, request, signal};
  try {
    if (sections.length > 0) {
      for await (const chunk of deps.answerer.answer(input)) {
        written += chunk;
        yield chunk;
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
    failed = true;
    const cut = written.trim() !== '';
    const fallingBack = !cut && deps.fallback !== undefined;
    const what = cut ? '; the answer ends with a note that it was cut' : fallingBack ? `; answering with the ${deps.fallback?.kind} answer instead` : '';
    warnOf(deps)(`answerer:${deps.answerer.kind}`, `Answerer (${deps.answerer.kind}) failed${cut ? ' mid-answer' : ''}${what}`, error);
    if (cut) {
      deps.onCut?.();
      yield `\n\n${ANSWER_CUT_NOTE}`;
    }
    if (fallingBack && deps.fallback) {
      deps.onFallback?.();
      try {
        for await (const chunk of deps.fallback.answer(input)) {
          written += chunk;
          yield chunk;
        }
      } catch (fallbackError) {
        if (signal.aborted) throw fallbackError;
        deps.log(`Fallback answerer (${deps.fallback.kind}) failed too`, fallbackError);
      }
    }
  }
  const iDontKnow = !failed && (written.trim() === '' || written.trim() === request.iDontKnowMessage);
  if (written.trim() === '') yield request.iDontKnowMessage;
  const inDoubt = !failed && !iDontKnow && pagesInDoubt(sections) !== null;
  const record = {createdAt: new Date(), prompt: request.prompt, references, answeredIDontKnow: iDontKnow, answeredInDoubt: inDoubt, msToReferences, msToEnd: performance.now() - started};
  onDone(record, failed ? 'upstream_error' : iDontKnow ? 'dont_know' : 'answered');
}
