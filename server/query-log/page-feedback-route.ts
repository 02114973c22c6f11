import type {FastifyInstance} from 'fastify';
import {pageFeedbackAmendFilterSchema, pageFeedbackAmendSchema, pageFeedbackSchema} from '../../contract/page-feedback';
import {registerInsertOnlyTable} from './insert-only-table';
import type {AppMetrics} from '../metrics';
import type {SharedLimits} from '../shared-limits';
import {COMMENT_AMENDS_VOTE_WITHIN_HOURS, type QueryLogStore} from './store';

export interface PageFeedbackRouteOptions {
  store: QueryLogStore;
  anonKey: string;
  /** Paths a rating may name (data/routes.tsv's first column); anything else gets 400. */
  docRoutes: ReadonlySet<string>;
  log: (message: string, error?: unknown) => void;
  rateLimitPerMinute: number;
  /** Redis-backed limits shared by every instance; unset: this process counts alone. */
  sharedLimits?: SharedLimits;
  metrics?: AppMetrics;
}

/**
 * POST /rest/v1/page_feedback: "Was this page helpful?" votes, stored when cast; PATCH ?vote_id=eq.<id> with
 * {"comment"}: the comment a reader adds to the vote they just cast, in the same row. The anonymous key changes nothing
 * else: only the client that drew the vote's random id can name its row, and only its empty comment is written, once.
 * Register it as its own plugin, beside queryLogRoutes, so its rate limit is a bucket of its own (PATCH counts in it).
 */
export async function pageFeedbackRoutes(app: FastifyInstance, options: PageFeedbackRouteOptions): Promise<void> {
  await registerInsertOnlyTable(app, {
    path: '/rest/v1/page_feedback',
    anonKey: options.anonKey,
    schema: pageFeedbackSchema(options.docRoutes),
    insert: (row, key) => options.store.insertPageFeedback(row, key),
    representation: (row) => ({page: row.page, helpful: row.helpful, comment: row.comment ?? null}),
    rateLimitPerMinute: options.rateLimitPerMinute,
    rowsName: 'page ratings',
    unavailableMessage: 'page feedback cannot be stored right now; try again later',
    log: options.log,
    table: 'page_feedback',
    limitName: 'page_feedback',
    sharedLimits: options.sharedLimits,
    metrics: options.metrics,
    amend: {
      filter: pageFeedbackAmendFilterSchema,
      schema: pageFeedbackAmendSchema,
      amend: (filter, body) => options.store.amendPageFeedback(filter.vote_id, body.comment),
      notFoundMessage: `no vote with this vote_id was cast in the last ${COMMENT_AMENDS_VOTE_WITHIN_HOURS} hours; send the comment with a new vote (POST) instead`,
      conflictMessage: 'this vote already has a comment, and a comment is written once; send another comment with a new vote (POST)',
    },
  });
}
