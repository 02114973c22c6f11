import type {FastifyInstance} from 'fastify';
import {queryLogRecordSchema} from '../../contract/query-log';
import {registerInsertOnlyTable} from './insert-only-table';
import type {AppMetrics} from '../metrics';
import type {SharedLimits} from '../shared-limits';
import type {QueryLogStore} from './store';

/** POST /rest/v1/queries, PostgREST-compatible and insert-only for the anonymous key (spec 7.4). */
export async function queryLogRoutes(
  app: FastifyInstance,
  options: {
    store: QueryLogStore;
    anonKey: string;
    log: (m: string, e?: unknown) => void;
    rateLimitPerMinute: number;
    sharedLimits?: SharedLimits;
    metrics?: AppMetrics;
  },
): Promise<void> {
  await registerInsertOnlyTable(app, {
    path: '/rest/v1/queries',
    anonKey: options.anonKey,
    schema: queryLogRecordSchema,
    insert: (row, key) => options.store.insertQuery(row, key),
    representation: (row) => ({query: row.query, result_rating: row.result_rating ?? null}),
    rateLimitPerMinute: options.rateLimitPerMinute,
    rowsName: 'query-log rows',
    unavailableMessage: 'the query log is unavailable; try again later',
    log: options.log,
    table: 'queries',
    limitName: 'query_log',
    sharedLimits: options.sharedLimits,
    metrics: options.metrics,
  });
}
