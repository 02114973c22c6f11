/** Limits of a page-feedback row (see page-feedback.ts), in a module without zod for the browser. */

/** Longest comment a reader may leave with a rating, in characters (the widget's input limit and the server's). */
export const PAGE_FEEDBACK_COMMENT_MAX_LENGTH = 500;
