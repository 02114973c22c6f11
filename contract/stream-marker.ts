/**
 * Marker between the references JSON and the answer text in the completions
 * stream. Kept apart from the zod schemas so the browser imports it alone.
 */
export const START_RESPONSE_MARKER = '___START_RESPONSE_STREAM___';
