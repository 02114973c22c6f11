import * as z from 'zod';
import {chatDefaults} from '../src/site';

export {START_RESPONSE_MARKER} from './stream-marker';

/** Longest prompt the server accepts, in characters. */
export const MAX_PROMPT_CHARS = 2000;

/** Body of POST /v1/completions (spec 7.3), with the spec 9 defaults. */
export const completionRequestSchema = z.object({
  /** The reader's question. */
  prompt: z.string().trim().min(1, 'prompt must not be empty').max(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`),
  /** Public key of the site asking; the server only answers known keys. */
  projectKey: z.string({error: 'a project key is required'}).min(1, 'a project key is required'),
  /** Answer used when nothing in the docs matches. */
  iDontKnowMessage: z.string().min(1).max(500).default(chatDefaults.iDontKnowMessage),
  /** Model asked of the LLM endpoint; must be one the server allows. */
  model: z.string().min(1).max(100).default(chatDefaults.model),
  /** Template with {{CONTEXT}}, {{PROMPT}}, {{I_DONT_KNOW}} and {{productName}} placeholders. */
  promptTemplate: z.string().min(1).max(8000).default(chatDefaults.promptTemplate),
  temperature: z.number().min(0).max(2).default(chatDefaults.temperature),
  topP: z.number().min(0).max(1).default(chatDefaults.topP),
  frequencyPenalty: z.number().min(-2).max(2).default(chatDefaults.frequencyPenalty),
  presencePenalty: z.number().min(-2).max(2).default(chatDefaults.presencePenalty),
  maxTokens: z.number().int().min(1).max(4000).default(chatDefaults.maxTokens),
  /** At most this many sections are used and referenced. */
  sectionsMatchCount: z.number().int().min(1).max(50).default(chatDefaults.sectionsMatchCount),
  /** Minimum similarity in [0, 1] a section needs to be used (see lib/search/retrieval.ts). */
  sectionsMatchThreshold: z.number().min(0).max(1).default(chatDefaults.sectionsMatchThreshold),
});

export type CompletionRequest = z.infer<typeof completionRequestSchema>;
export type CompletionRequestInput = z.input<typeof completionRequestSchema>;
