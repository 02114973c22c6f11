import * as z from 'zod';

/** Body of POST /rest/v1/queries (spec 7.4): a query, and a rating once the reader gives one. */
export const queryLogRecordSchema = z.strictObject({
  query: z.string().trim().min(1, 'query must not be empty').max(2000, 'query must be at most 2000 characters'),
  result_rating: z.enum(['positive', 'negative']).optional(),
});

export type QueryLogRecord = z.infer<typeof queryLogRecordSchema>;
