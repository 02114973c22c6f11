import * as z from 'zod';
import {PAGE_FEEDBACK_COMMENT_MAX_LENGTH} from './page-feedback-limits';
import {withinBytes, withoutNul} from './query-log';

// Defined in a module without zod, so the widget can import the limit without zod in the page's bundle.
export {PAGE_FEEDBACK_COMMENT_MAX_LENGTH};

/** A page path as stored and reported: without a trailing slash, so `/docs/quickstart/` counts as `/docs/quickstart`. */
export function normalisePagePath(page: string): string {
  return page.length > 1 && page.endsWith('/') ? page.slice(0, -1) : page;
}

/**
 * A vote's id: a version-4 UUID the widget draws at random when the reader chooses Yes or No. It names the row for the
 * one change the anonymous key may make (adding the comment), so it must be as hard to guess as a UUID's 122 random bits.
 */
export const VOTE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const voteIdSchema = z.string().regex(VOTE_ID_PATTERN, 'vote_id must be a random version-4 UUID in lower case, such as crypto.randomUUID() makes');

/** A comment as stored: plain text, trimmed, within the limits. */
const commentSchema = withinBytes(
  withoutNul(z.string().trim().max(PAGE_FEEDBACK_COMMENT_MAX_LENGTH, `comment must be at most ${PAGE_FEEDBACK_COMMENT_MAX_LENGTH} characters`), 'comment'),
  'comment',
  PAGE_FEEDBACK_COMMENT_MAX_LENGTH,
);

/**
 * Body of POST /rest/v1/page_feedback, for the site whose doc routes are `docRoutes` (data/routes.tsv's first
 * column, without trailing slashes). The routes are passed in, not read here, so the browser can use this module
 * without loading the route list; the server passes the whole list.
 */
export function pageFeedbackSchema(docRoutes: ReadonlySet<string>) {
  return z.strictObject({
    /** Path of the rated doc page, such as `/docs/quickstart`; a trailing slash is dropped. */
    page: z
      .string()
      .transform(normalisePagePath)
      // The input is not echoed: it may be long or hostile, and the route list is what to compare against.
      .refine((page) => docRoutes.has(page), 'page must be the path of one of the site\'s doc pages, such as /docs/quickstart'),
    /** The reader's answer to "Was this page helpful?". */
    helpful: z.boolean(),
    /** What the reader adds in their own words; kept as plain text, an empty one is not stored. */
    comment: commentSchema.transform((comment) => comment || undefined).optional(),
    /** The vote's random id, by which the same client may add its comment later (PATCH); a repeated id stores nothing. */
    vote_id: voteIdSchema.optional(),
  });
}

/** The filter of PATCH /rest/v1/page_feedback, PostgREST's `?vote_id=eq.<id>`: the one row the client's vote made. */
export const pageFeedbackAmendFilterSchema = z.strictObject(
  {
    /** `eq.` and the vote_id the client sent with its vote. */
    vote_id: z
      .string({error: 'vote_id must be given once, as ?vote_id=eq.<the vote_id your vote was sent with>'})
      .refine((value) => value.startsWith('eq.'), 'vote_id must be written as eq.<the vote_id your vote was sent with>')
      .transform((value) => value.slice(3))
      .pipe(voteIdSchema),
  },
  {error: (issue) => (issue.code === 'unrecognized_keys' ? `only ?vote_id=eq.<id> may name the row to change; remove ${issue.keys.map((k) => `"${k}"`).join(', ')}` : undefined)},
);

/** Body of PATCH /rest/v1/page_feedback: the comment a reader adds to the vote they just cast; nothing else changes. */
export const pageFeedbackAmendSchema = z.strictObject(
  {
    /** The reader's comment on the page, plain text; a vote without one is already stored, so it may not be empty. */
    comment: commentSchema.refine((comment) => comment.length > 0, 'comment must not be empty: the vote is already stored without one'),
  },
  {error: (issue) => (issue.code === 'unrecognized_keys' ? `only comment can be added to a vote; remove ${issue.keys.map((k) => `"${k}"`).join(', ')}` : undefined)},
);

/** What the widget sends. */
export type PageFeedbackBody = z.input<ReturnType<typeof pageFeedbackSchema>>;
/** What the widget sends to add the comment to its vote. */
export type PageFeedbackAmendBody = z.input<typeof pageFeedbackAmendSchema>;
/** A validated rating as the stores receive it: normalised page, trimmed comment (absent when empty). */
export type PageFeedbackRecord = z.output<ReturnType<typeof pageFeedbackSchema>>;
