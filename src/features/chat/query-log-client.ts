import type {QueryLogRecord} from '../../../contract/query-log';
import type {Rating} from './chat-machine';

/** The console calls the client reports through (spec 7.4: results are only logged). */
export type ChatLogger = Pick<Console, 'info' | 'error'>;

export interface QueryLogConfig {
  /** PostgREST-style table: the site's own server, or a PostgREST / Supabase `.../rest/v1/queries`. */
  url: string;
  /** Public anonymous key, sent as `apikey` and `Authorization: Bearer`. */
  anonKey: string;
}

export interface QueryLogClient {
  logQuery(query: string): Promise<void>;
  logFeedback(query: string, rating: Rating): Promise<void>;
}

/** The spec's four console messages. */
export const queryLogMessages = {
  logged: 'Logged query',
  failed: 'Error logging query',
  feedbackLogged: 'Logged feedback',
  feedbackFailed: 'Error logging feedback',
} as const;

/** Headers a PostgREST table (and the project's server) expects for an anonymous insert. */
export function queryLogHeaders(anonKey: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Prefer: 'return=minimal',
    apikey: anonKey,
    Authorization: `Bearer ${anonKey}`,
  };
}

/** Posts queries and ratings to the query log; never throws, only logs the outcome. */
export function createQueryLogClient(config: QueryLogConfig, fetchFn: typeof fetch, logger: ChatLogger = console): QueryLogClient {
  const post = async (record: QueryLogRecord, ok: string, failed: string) => {
    try {
      // keepalive: a rating given just before the reader leaves the page is still sent.
      const response = await fetchFn(config.url, {method: 'POST', headers: queryLogHeaders(config.anonKey), body: JSON.stringify(record), keepalive: true});
      if (!response.ok) throw new Error(`${config.url} answered ${response.status}`);
      logger.info(ok);
    } catch (error) {
      logger.error(failed, error);
    }
  };
  return {
    logQuery: (query) => post({query}, queryLogMessages.logged, queryLogMessages.failed),
    logFeedback: (query, rating) => post({query, result_rating: rating}, queryLogMessages.feedbackLogged, queryLogMessages.feedbackFailed),
  };
}
