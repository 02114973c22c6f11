import {earlierQuestionsOf} from '../../contract/completions';
import {analyzeFollowUp, subjectTermsWithSynonyms} from '../../lib/search/query';
import type {SynonymTable} from '../../lib/search/synonyms';
import type {Section} from '../../lib/search/types';
import type {Answerer} from './answerer';
import {featuredPassage} from './featured-passage';

/** Splits text into small chunks so the client sees the answer arrive progressively. */
export function* chunksOf(text: string, size = 24): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const pageOf = (s: Section) => s.url.split('#')[0];

/**
 * The built-in answerer, a featured snippet: the passage of the best section that answers the question, quoted as
 * written (steps stay a numbered list, code blocks stay whole). It never writes a sentence the docs do not contain, and
 * names no pages itself: the dialog lists the references under the answer, so links here would say them twice.
 */
export function createExtractiveAnswerer(synonyms: SynonymTable = []): Answerer {
  return {
    kind: 'extractive',
    async *answer({prompt, sections, request, signal}) {
      const terms = subjectTermsWithSynonyms(analyzeFollowUp(prompt, earlierQuestionsOf(request), synonyms));
      // The first section with text to quote (a section is rarely a bare heading).
      let passage = '';
      for (const {section} of sections) {
        passage = featuredPassage(section.blocks ?? [], terms, pageOf(section));
        if (passage) break;
      }
      if (!passage) {
        yield request.iDontKnowMessage;
        return;
      }
      for (const chunk of chunksOf(passage)) {
        signal?.throwIfAborted();
        yield chunk;
        // Yield to the event loop so each chunk is flushed to the socket as it is produced.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
