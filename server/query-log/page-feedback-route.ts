import type {FastifyInstance} from 'fastify';
import {pageFeedbackSchema} from '../../contract/page-feedback';
import {registerInsertOnlyTable} from './insert-only-table';
import type {AppMetrics} from '../metrics';
import type {SharedLimits} from '../shared-limits';
import type {QueryLogStore} from './store';

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
 * POST /rest/v1/page_feedback: "Was this page helpful?" ratings, insert-only for the anonymous key like the query log.
 * Register it as its own plugin, beside queryLogRoutes, so its rate limit is a bucket of its own.
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
  });
}
