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
    comment: withinBytes(
      withoutNul(z.string().trim().max(PAGE_FEEDBACK_COMMENT_MAX_LENGTH, `comment must be at most ${PAGE_FEEDBACK_COMMENT_MAX_LENGTH} characters`), 'comment'),
      'comment',
      PAGE_FEEDBACK_COMMENT_MAX_LENGTH,
    )
      .transform((comment) => comment || undefined)
      .optional(),
  });
}

/** What the widget sends. */
export type PageFeedbackBody = z.input<ReturnType<typeof pageFeedbackSchema>>;
/** A validated rating as the stores receive it: normalised page, trimmed comment (absent when empty). */
export type PageFeedbackRecord = z.output<ReturnType<typeof pageFeedbackSchema>>;
