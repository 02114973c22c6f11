import {earlierQuestionsOf} from '../../contract/completions';
import {analyzeFollowUp, subjectTermsWithSynonyms} from '../../lib/search/query';
import type {SynonymTable} from '../../lib/search/synonyms';
import {sectionTitleOf, type Section} from '../../lib/search/types';
import type {Answerer} from './answerer';
import {featuredPassage} from './featured-passage';

/** Most "Related" links under an answer. */
export const MAX_RELATED = 3;

/** Splits text into small chunks so the client sees the answer arrive progressively. */
export function* chunksOf(text: string, size = 24): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const pageOf = (s: Section) => s.url.split('#')[0];
/** A Markdown link to a section, titled as the page shows it. */
const linkTo = (s: Section) => `[${sectionTitleOf(s).replace(/([[\]\\])/g, '\\$1')}](${s.url})`;

/**
 * The built-in answerer, a featured snippet: the passage of the best section that answers the question, quoted as
 * written (steps stay a numbered list, code blocks stay whole), then the section it came from and up to three related
 * sections on other pages. It never writes a sentence the docs do not contain.
 */
export function createExtractiveAnswerer(synonyms: SynonymTable = []): Answerer {
  return {
    kind: 'extractive',
    async *answer({prompt, sections, request, signal}) {
      const terms = subjectTermsWithSynonyms(analyzeFollowUp(prompt, earlierQuestionsOf(request), synonyms));
      // The first section with text to quote (a section is rarely a bare heading).
      let source: Section | null = null;
      let passage = '';
      for (const {section} of sections) {
        passage = featuredPassage(section.blocks ?? [], terms, pageOf(section));
        if (passage) {
          source = section;
          break;
        }
      }
      if (!source) {
        yield request.iDontKnowMessage;
        return;
      }
      const sourcePage = pageOf(source);
      const related = sections
        .map((s) => s.section)
        .filter((s, i, all) => pageOf(s) !== sourcePage && all.findIndex((o) => pageOf(o) === pageOf(s)) === i)
        .slice(0, MAX_RELATED);
      const lines = [passage, '', `Source: ${linkTo(source)}`];
      if (related.length > 0) lines.push('', 'Related:', ...related.map((s) => `- ${linkTo(s)}`));
      for (const chunk of chunksOf(lines.join('\n'))) {
        signal?.throwIfAborted();
        yield chunk;
        // Yield to the event loop so each chunk is flushed to the socket as it is produced.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
