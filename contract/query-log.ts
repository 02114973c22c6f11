import * as z from 'zod';

/**
 * Text without NUL characters: PostgreSQL cannot store them in a text column, so both stores refuse them alike (at
 * the door, with 400 naming the field) instead of SQLite keeping what PostgreSQL would fail on.
 */
export const withoutNul = <T extends z.ZodType<string>>(schema: T, field: string) =>
  schema.refine((text) => !text.includes('\u0000'), `${field} must not contain NUL (\\u0000) characters`);

/**
 * UTF-8 bytes a text field may take per character of its limit. Zod counts characters as code points, and one can
 * take 4 bytes: every character of the Basic Multilingual Plane (any script's letters) takes at most 3, so text in
 * any language fits its character limit, while a field of emoji cannot take 4 bytes per character.
 */
export const MAX_BYTES_PER_CHAR = 3;

const utf8 = new TextEncoder();

/** Caps a text field's UTF-8 size at MAX_BYTES_PER_CHAR times its character limit, with an error naming the field. */
export const withinBytes = <T extends z.ZodType<string>>(schema: T, field: string, maxChars: number) =>
  schema.refine(
    (text) => text.length <= maxChars || utf8.encode(text).length <= maxChars * MAX_BYTES_PER_CHAR,
    `${field} must be at most ${maxChars * MAX_BYTES_PER_CHAR} bytes of UTF-8 (emoji take 4 bytes each; text in any language fits in ${maxChars} characters)`,
  );

/** Body of POST /rest/v1/queries (spec 7.4): a query, and a rating once the reader gives one. */
export const queryLogRecordSchema = z.strictObject({
  query: withinBytes(withoutNul(z.string().trim().min(1, 'query must not be empty').max(2000, 'query must be at most 2000 characters'), 'query'), 'query', 2000),
  result_rating: z.enum(['positive', 'negative']).optional(),
});

export type QueryLogRecord = z.infer<typeof queryLogRecordSchema>;
