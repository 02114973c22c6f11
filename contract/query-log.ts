import * as z from 'zod';

/**
 * Text without NUL characters: PostgreSQL cannot store them in a text column, so both stores refuse them alike (at
 * the door, with 400 naming the field) instead of SQLite keeping what PostgreSQL would fail on.
 */
export const withoutNul = <T extends z.ZodType<string>>(schema: T, field: string) =>
  schema.refine((text) => !text.includes('\u0000'), `${field} must not contain NUL (\\u0000) characters`);

/** Body of POST /rest/v1/queries (spec 7.4): a query, and a rating once the reader gives one. */
export const queryLogRecordSchema = z.strictObject({
  query: withoutNul(z.string().trim().min(1, 'query must not be empty').max(2000, 'query must be at most 2000 characters'), 'query'),
  result_rating: z.enum(['positive', 'negative']).optional(),
});

export type QueryLogRecord = z.infer<typeof queryLogRecordSchema>;
