import {queryTermsOf} from '../../lib/search/engine';
import type {Answerer} from './answerer';
import {subjectTerms} from '../../lib/search/retrieval';

/** Most sentences quoted in one answer. */
const MAX_SENTENCES = 4;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z`(])/).map((s) => s.trim()).filter((s) => s.length >= 30 && s.length <= 400);
}

/** Splits text into small chunks so the client sees the answer arrive progressively. */
export function* chunksOf(text: string, size = 24): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/**
 * The built-in answerer: quotes the sentences of the matched sections that
 * share the most terms with the prompt, each linked to its section. It never
 * writes a sentence the docs do not contain.
 */
export function createExtractiveAnswerer(): Answerer {
  return {
    kind: 'extractive',
    async *answer({prompt, sections, request, signal}) {
      if (sections.length === 0) {
        yield request.iDontKnowMessage;
        return;
      }
      const terms = new Set(subjectTerms(prompt));
      const scored = sections.flatMap(({section, similarity}, rank) =>
        sentencesOf(section.text).map((sentence, position) => {
          const overlap = queryTermsOf(sentence).filter((t) => terms.has(t)).length;
          return {sentence, section, score: overlap * similarity - rank * 0.01 - position * 0.001};
        }),
      );
      const best = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score).slice(0, MAX_SENTENCES);
      if (best.length === 0) {
        yield request.iDontKnowMessage;
        return;
      }
      const title = (s: (typeof best)[number]['section']) => [s.hierarchy[1], ...s.hierarchy.slice(2).filter(Boolean)].join(' › ');
      // Placeholders such as <token> are text, not HTML: escape them so the markdown view shows them.
      const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const lines = ['Here is what the documentation says:', '', ...best.map((b) => `- ${text(b.sentence)} ([${text(title(b.section))}](${b.section.url}))`)];
      for (const chunk of chunksOf(lines.join('\n'))) {
        signal?.throwIfAborted();
        yield chunk;
        // Yield to the event loop so each chunk is flushed to the socket as it is produced.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
