import {earlierQuestionsOf, START_RESPONSE_MARKER, type CompletionRequest} from '../../contract/completions';
import type {Answerer} from './answerer';
import type {CompletionOutcome} from '../metrics';
import type {Retriever} from '../../lib/search/retrieval';

/** What the server records of each completion it serves. */
export interface CompletionRecord {
  createdAt: Date;
  prompt: string;
  references: string[];
  answeredIDontKnow: boolean;
  msToReferences: number;
  msToEnd: number;
}

export interface CompletionDeps {
  retriever: Retriever;
  answerer: Answerer;
  log: (message: string, error?: unknown) => void;
}

/**
 * Runs one completion as the spec's stream: the references JSON, the marker,
 * then the answer. An answerer that fails before writing anything, or writes
 * nothing, is replaced by the don't-know message; the failure is logged.
 */
export async function* completionStream(
  request: CompletionRequest,
  deps: CompletionDeps,
  signal: AbortSignal,
  onDone: (record: CompletionRecord, outcome: Exclude<CompletionOutcome, 'aborted'>) => void,
): AsyncGenerator<string> {
  const started = performance.now();
  const sections = await deps.retriever.retrieve(request.prompt, {
    count: request.sectionsMatchCount,
    threshold: request.sectionsMatchThreshold,
    signal,
    earlier: earlierQuestionsOf(request),
  });
  const references = sections.map((s) => s.section.url);
  const msToReferences = performance.now() - started;
  yield JSON.stringify(references) + START_RESPONSE_MARKER;

  let written = '';
  let failed = false;
  try {
    if (sections.length > 0) {
      for await (const chunk of deps.answerer.answer({prompt: request.prompt, sections, request, signal})) {
        written += chunk;
        yield chunk;
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
    failed = true;
    deps.log(`Answerer (${deps.answerer.kind}) failed`, error);
  }
  const iDontKnow = written.trim() === '' || written.trim() === request.iDontKnowMessage;
  if (written.trim() === '') yield request.iDontKnowMessage;
  const record = {createdAt: new Date(), prompt: request.prompt, references, answeredIDontKnow: iDontKnow, msToReferences, msToEnd: performance.now() - started};
  onDone(record, failed ? 'upstream_error' : iDontKnow ? 'dont_know' : 'answered');
}
