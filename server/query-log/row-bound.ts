import {StoreUnavailableError, type LogTableName, type QueryLogStore} from './store';

/**
 * Refused because a table holds QUERY_LOG_MAX_ROWS rows: the route answers 507, and nothing is written until
 * retention deletes old rows (QUERY_LOG_RETENTION_DAYS) or the bound is raised.
 */
export class StoreFullError extends StoreUnavailableError {
  constructor(
    readonly table: LogTableName,
    maxRows: number,
  ) {
    super(`the ${table} table holds ${maxRows} rows, the most QUERY_LOG_MAX_ROWS allows; lower QUERY_LOG_RETENTION_DAYS, delete old rows or raise QUERY_LOG_MAX_ROWS`, 3600);
  }
}

/** A store whose tables hold at most a number of rows each, and that says how many they hold (a metric). */
export interface BoundedStore extends QueryLogStore {
  rowCounts(): Readonly<Record<LogTableName, number>>;
}

/**
 * Wraps `store` so that no table grows past `maxRows` rows (0: no bound): a global bound beside the per-client rate
 * limits, which bound each client but not how many clients write. Rows are counted at start and after each prune, and
 * in between by this process's own inserts (other instances writing the same PostgreSQL are seen at the next prune).
 */
export async function boundRows(store: QueryLogStore, maxRows: number): Promise<BoundedStore> {
  const counts = await store.countRows();
  const guarded = <Args extends unknown[]>(table: LogTableName, insert: (...args: Args) => Promise<void>) => async (...args: Args) => {
    if (maxRows > 0 && counts[table] >= maxRows) throw new StoreFullError(table, maxRows);
    await insert(...args);
    counts[table] += 1;
  };
  return {
    ...store,
    kind: store.kind,
    insertQuery: guarded('queries', store.insertQuery),
    insertPageFeedback: guarded('page_feedback', store.insertPageFeedback),
    insertCompletion: guarded('completions', store.insertCompletion),
    async prune(days, asOf) {
      const deleted = await store.prune(days, asOf);
      Object.assign(counts, await store.countRows());
      return deleted;
    },
    rowCounts: () => ({...counts}),
  };
}

/** Whether a store bounds its rows (the app then serves query_log_rows). */
export const isBounded = (store: QueryLogStore): store is BoundedStore => typeof (store as Partial<BoundedStore>).rowCounts === 'function';
