import {earlierAnswersOf, earlierQuestionsOf} from '../../contract/completions';
import {analyzeFollowUp, analyzeQuery, subjectTermsWithSynonyms} from '../../lib/search/query';
import {pagesInDoubt, type RetrievedSection} from '../../lib/search/retrieval';
import type {SynonymTable} from '../../lib/search/synonyms';
import {pageTitleOf, type Section} from '../../lib/search/types';
import type {Answerer} from './answerer';
import {featuredPassage} from './featured-passage';

/** Splits text into small chunks so the client sees the answer arrive progressively. */
export function* chunksOf(text: string, size = 24): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const pageOf = (s: Section) => s.url.split('#')[0];

/** Weight of a word a follow-up takes from the questions before it, beside its own words (1): "revoke" leads in "How do I revoke it?". */
const EARLIER_TERM_WEIGHT = 0.5;

/** The index terms a passage is chosen by: the question's own subjects and synonyms, then the earlier questions' at half weight. */
function passageTerms(prompt: string, earlier: readonly string[], synonyms: SynonymTable): Map<string, number> {
  const terms = new Map<string, number>();
  for (const term of subjectTermsWithSynonyms(analyzeFollowUp(prompt, earlier, synonyms))) terms.set(term, EARLIER_TERM_WEIGHT);
  for (const term of subjectTermsWithSynonyms(analyzeQuery(prompt, synonyms))) terms.set(term, 1);
  return terms;
}

/**
 * The passage of the first section with text to quote (a section is rarely a bare heading), or '' when none has any:
 * the built-in answer, computed where retrieval runs (the chat's worker threads) so pages never wait for it.
 */
export function extractivePassage(
  prompt: string,
  earlier: readonly string[],
  sections: readonly Section[],
  synonyms: SynonymTable = [],
  earlierAnswers: readonly string[] = [],
): string {
  const terms = passageTerms(prompt, earlier, synonyms);
  for (const section of sections) {
    // A passage an answer of the same conversation already quoted gives way to the next best one.
    const passage = featuredPassage(section.blocks ?? [], terms, pageOf(section), earlierAnswers);
    if (passage) return passage;
  }
  return '';
}

/** How an answer in doubt opens; the report finds these answers by their completion's flag, not by this text. */
export const IN_DOUBT_OPENING = 'Two pages may answer this:';

/**
 * The built-in answer to a question: the passage of the best section, or, when the first two pages score close
 * (pagesInDoubt), the best passage of each under its page's title, so the reader sees both instead of one chosen with
 * a confidence the ranking does not have. Each page's passage is sought in that page's references, best first.
 */
export function extractiveAnswer(
  prompt: string,
  earlier: readonly string[],
  references: readonly RetrievedSection[],
  synonyms: SynonymTable = [],
  earlierAnswers: readonly string[] = [],
): string {
  const sections = references.map((r) => r.section);
  const doubt = pagesInDoubt(references);
  if (doubt) {
    const parts = doubt.map(({section: best}) => {
      const ofPage = sections.filter((s) => pageOf(s) === pageOf(best));
      const passage = extractivePassage(prompt, earlier, ofPage, synonyms, earlierAnswers);
      return passage ? `**${pageTitleOf(best)}**\n\n${passage}` : '';
    });
    if (parts.every(Boolean)) return `${IN_DOUBT_OPENING}\n\n${parts.join('\n\n')}`;
  }
  return extractivePassage(prompt, earlier, sections, synonyms, earlierAnswers);
}

/** Streams a passage in small chunks, or the request's don't-know message when there is none. */
export async function* streamPassage(passage: string, iDontKnowMessage: string, signal?: AbortSignal): AsyncGenerator<string> {
  if (!passage) {
    yield iDontKnowMessage;
    return;
  }
  for (const chunk of chunksOf(passage)) {
    signal?.throwIfAborted();
    yield chunk;
    // Yield to the event loop so each chunk is flushed to the socket as it is produced.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The built-in answerer, a featured snippet: the passage of the best section that answers the question, quoted as
 * written (steps stay a numbered list, code blocks stay whole). It never writes a sentence the docs do not contain, and
 * names no pages itself: the dialog lists the references under the answer, so links here would say them twice. This
 * one runs on the calling thread (tests, tools); the server runs the same passage in its worker pool (worker-pool.ts).
 */
export function createExtractiveAnswerer(synonyms: SynonymTable = []): Answerer {
  return {
    kind: 'extractive',
    answer({prompt, sections, request, signal}) {
      const passage = extractiveAnswer(prompt, earlierQuestionsOf(request), sections, synonyms, earlierAnswersOf(request));
      return streamPassage(passage, request.iDontKnowMessage, signal);
    },
  };
}
