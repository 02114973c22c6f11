import path from 'node:path';
import {buildApp} from '../../server/app';
import {createBuiltInCompletions} from '../../server/completions/built-in';
import {createOpenAiAnswerer} from '../../server/completions/openai-answerer';
import {createSqliteStore} from '../../server/query-log/sqlite-store';
import {chatService} from '../../src/site';
import {startFakeOpenAi, type FakeOpenAi} from '../fakes/openai-server';

/** The production build served by the real server, whose chat answers through a fake OpenAI-compatible endpoint. */
export interface LlmSiteServer {
  /** Origin serving both the pages and the API, so the browser never crosses to another port. */
  address: string;
  llm: FakeOpenAi;
  close: () => Promise<void>;
}

/**
 * Starts the site with the real retrieval and the OpenAI answerer pointed at the fake endpoint (the one third party
 * a test cannot reach), speaking the real chat-completions wire format.
 */
export async function startLlmSiteServer(): Promise<LlmSiteServer> {
  const buildDir = path.resolve('build');
  const llm = await startFakeOpenAi();
  const builtIn = createBuiltInCompletions(buildDir);
  const store = createSqliteStore(':memory:');
  const app = await buildApp(
    {buildDir, projectKeys: [chatService.projectKey], anonKey: chatService.queryLogAnonKey, rateLimitPerMinute: 10_000, queryLogRateLimitPerMinute: 10_000, maxConcurrentPerClient: 10_000},
    {
      completions: {retriever: builtIn.retriever, answerer: createOpenAiAnswerer({baseUrl: llm.url, timeoutMs: 20_000}), log: () => undefined},
      store,
      allowedModels: null,
    },
  );
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  return {
    address,
    llm,
    close: async () => {
      await app.close();
      await store.close();
      await llm.close();
    },
  };
}
