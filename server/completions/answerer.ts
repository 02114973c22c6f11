import type {CompletionRequest} from '../../contract/completions';
import type {RetrievedSection} from '../../lib/search/retrieval';
import {sectionTitleOf} from '../../lib/search/types';

export interface AnswerInput {
  prompt: string;
  sections: RetrievedSection[];
  request: CompletionRequest;
  signal?: AbortSignal;
}

/** Produces the answer text as a stream of chunks. */
export interface Answerer {
  readonly kind: 'extractive' | 'openai';
  answer(input: AnswerInput): AsyncIterable<string>;
}

/** Fills the prompt template's placeholders with the sections (title, URL and Markdown of each) and the question. */
export function fillPromptTemplate(request: CompletionRequest, sections: RetrievedSection[], productName: string): string {
  const context = sections
    .map(({section}) => `Section: ${sectionTitleOf(section)}\nURL: ${section.url}\n\n${section.blocks?.join('\n\n') || section.text}`)
    .join('\n\n---\n\n');
  return request.promptTemplate
    .replaceAll('{{CONTEXT}}', context)
    .replaceAll('{{PROMPT}}', request.prompt)
    .replaceAll('{{I_DONT_KNOW}}', request.iDontKnowMessage)
    .replaceAll('{{productName}}', productName);
}
