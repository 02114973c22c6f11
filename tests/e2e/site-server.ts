import {buildApp} from '../../server/app';
import {createBuiltInCompletions} from '../../server/completions/built-in';
import {createSqliteStore} from '../../server/query-log/sqlite-store';
import {chatService} from '../../src/site';

/** A build served by the project's server on a free loopback port. */
export interface SiteServer {
  address: string;
  close: () => Promise<void>;
}

/**
 * Serves a production build and the real API (extractive answerer over the build's sections, SQLite query log at
 * `queryLogPath`), with limits no test reaches.
 */
export async function serveBuiltSite(buildDir: string, queryLogPath = ':memory:'): Promise<SiteServer> {
  const store = createSqliteStore(queryLogPath);
  const app = await buildApp(
    {buildDir, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000, queryLogRateLimitPerMinute: 10_000, maxConcurrentPerClient: 10_000},
    {
      completions: {...createBuiltInCompletions(buildDir), log: () => undefined},
      store,
      allowedModels: null,
    },
  );
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  return {
    address,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}
