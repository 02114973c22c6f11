import {MAX_CONTEXT_ANSWER_CHARS, MAX_CONTEXT_EXCHANGES, MAX_PROMPT_CHARS, MAX_SECTIONS_MATCH_COUNT, type CompletionRequestInput} from '../../contract/completions';
import type {Section} from '../../lib/search/types';

/** Distinct words of the sections' text, in order of first use. */
function docWords(sections: readonly Section[]): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const section of sections) {
    for (const word of section.text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? []) {
      if (seen.has(word)) continue;
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** Words joined by spaces, as many as fit in `chars`. */
function textOf(words: string[], chars: number): string {
  let text = '';
  for (const word of words) {
    if (text.length + word.length + 1 > chars) break;
    text += text ? ` ${word}` : word;
  }
  return text;
}

/**
 * The costliest completion a client may send (contract/completions.ts): a prompt of varied doc words at its longest,
 * the most sections, no threshold, and the most context exchanges, each at its longest. Used by the bench and by the
 * test that pages stay responsive while the chat works.
 */
export function worstCaseRequest(sections: readonly Section[], projectKey: string): CompletionRequestInput {
  const words = docWords(sections);
  // Each text takes a different run of words, so the prompt and its context add as many distinct terms as they can.
  const slice = (n: number) => words.slice(n * 400);
  return {
    prompt: textOf(words, MAX_PROMPT_CHARS),
    projectKey,
    sectionsMatchCount: MAX_SECTIONS_MATCH_COUNT,
    sectionsMatchThreshold: 0,
    context: Array.from({length: MAX_CONTEXT_EXCHANGES}, (_, i) => ({
      question: textOf(slice(2 * i + 1), MAX_PROMPT_CHARS),
      answer: textOf(slice(2 * i + 2), MAX_CONTEXT_ANSWER_CHARS),
    })),
  };
}
