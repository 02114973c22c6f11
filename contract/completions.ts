import * as z from 'zod';
import {chatDefaults} from '../src/site';

import {MAX_CONTEXT_ANSWER_CHARS, MAX_CONTEXT_EXCHANGES} from './conversation-limits';
import {withinBytes, withoutNul} from './query-log';
import {START_RESPONSE_MARKER} from './stream-marker';

export {START_RESPONSE_MARKER};

/** A whole completions response read back: the references JSON before the marker, the answer after it. */
export function splitCompletion(text: string): {references: string[]; answer: string} {
  const at = text.indexOf(START_RESPONSE_MARKER);
  return {references: JSON.parse(text.slice(0, at)) as string[], answer: text.slice(at + START_RESPONSE_MARKER.length)};
}

export {MAX_CONTEXT_ANSWER_CHARS, MAX_CONTEXT_EXCHANGES};

/**
 * Ends an answer the LLM endpoint stopped writing (it broke off, fell silent, or took longer than the server allows):
 * what came before it is kept, and the reader is told it is incomplete. Markdown, after a blank line.
 */
export const ANSWER_CUT_NOTE = '*This answer was cut short: the language model stopped before it finished. The sources listed with it may say more.*';

/** Most sections a request may ask for. */
export const MAX_SECTIONS_MATCH_COUNT = 20;

/** Longest prompt the server accepts, in characters. */
export const MAX_PROMPT_CHARS = 2000;


/** One earlier question of the conversation and the answer it got. */
export const contextExchangeSchema = z.object({
  question: withinBytes(
    withoutNul(z.string().trim().min(1, 'question must not be empty').max(MAX_PROMPT_CHARS, `question must be at most ${MAX_PROMPT_CHARS} characters`), 'question'),
    'question',
    MAX_PROMPT_CHARS,
  ),
  /** Empty when the earlier question got no answer. */
  answer: withinBytes(
    withoutNul(z.string().max(MAX_CONTEXT_ANSWER_CHARS, `answer must be at most ${MAX_CONTEXT_ANSWER_CHARS} characters`), 'answer'),
    'answer',
    MAX_CONTEXT_ANSWER_CHARS,
  ),
});

/** Body of POST /v1/completions (spec 7.3), with the spec 9 defaults. */
export const completionRequestSchema = z.object({
  /** The reader's question. */
  prompt: withinBytes(
    withoutNul(z.string().trim().min(1, 'prompt must not be empty').max(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`), 'prompt'),
    'prompt',
    MAX_PROMPT_CHARS,
  ),
  /** Public key of the site asking; the server only answers known keys. */
  projectKey: z.string({error: 'a project key is required'}).min(1, 'a project key is required'),
  /** Answer used when nothing in the docs matches. */
  iDontKnowMessage: withinBytes(z.string().min(1).max(500), 'iDontKnowMessage', 500).default(chatDefaults.iDontKnowMessage),
  /** Model asked of the LLM endpoint; must be one the server allows. */
  model: withinBytes(z.string().min(1).max(100), 'model', 100).default(chatDefaults.model),
  /** Template with {{CONTEXT}}, {{PROMPT}}, {{I_DONT_KNOW}} and {{productName}} placeholders. */
  promptTemplate: withinBytes(z.string().min(1).max(8000), 'promptTemplate', 8000).default(chatDefaults.promptTemplate),
  temperature: z.number().min(0).max(2).default(chatDefaults.temperature),
  topP: z.number().min(0).max(1).default(chatDefaults.topP),
  frequencyPenalty: z.number().min(-2).max(2).default(chatDefaults.frequencyPenalty),
  presencePenalty: z.number().min(-2).max(2).default(chatDefaults.presencePenalty),
  maxTokens: z.number().int().min(1).max(4000).default(chatDefaults.maxTokens),
  /** At most this many sections are used and referenced (capped: each one costs ranking and answer work). */
  sectionsMatchCount: z.number().int().min(1).max(MAX_SECTIONS_MATCH_COUNT).default(chatDefaults.sectionsMatchCount),
  /** Minimum similarity in [0, 1] a section needs to be used (see lib/search/retrieval.ts). */
  sectionsMatchThreshold: z.number().min(0).max(1).default(chatDefaults.sectionsMatchThreshold),
  /**
   * Not in the spec's protocol, optional: when the prompt is a follow-up, the earlier exchanges of the conversation,
   * oldest first. The server retrieves with the earlier questions (the prompt's own words count most) and gives an
   * LLM endpoint the exchanges as prior messages. Without it a request is answered on its own, as the spec describes.
   */
  context: z.array(contextExchangeSchema).max(MAX_CONTEXT_EXCHANGES, `context must hold at most ${MAX_CONTEXT_EXCHANGES} exchanges`).optional(),
});

export type CompletionRequest = z.infer<typeof completionRequestSchema>;
export type CompletionRequestInput = z.input<typeof completionRequestSchema>;

export type ContextExchange = z.infer<typeof contextExchangeSchema>;

/** The earlier questions of a request, oldest first (none for a question asked on its own). */
export const earlierQuestionsOf = (request: Pick<CompletionRequest, 'context'>): string[] => (request.context ?? []).map((c) => c.question);

/** The answers of a follow-up's earlier exchanges, oldest first (what the dialog showed; the start of a long one). */
export const earlierAnswersOf = (request: Pick<CompletionRequest, 'context'>): string[] => (request.context ?? []).map((c) => c.answer);
