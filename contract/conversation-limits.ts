/** Limits of a follow-up's context (see `context` in completions.ts), in a module without zod for the browser. */

/** Most earlier exchanges a follow-up may send as context. */
export const MAX_CONTEXT_EXCHANGES = 3;
/** Longest earlier answer a follow-up may send, in characters (a client sends the start of a longer one). */
export const MAX_CONTEXT_ANSWER_CHARS = 4000;
