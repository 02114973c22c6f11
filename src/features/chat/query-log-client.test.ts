import {describe, expect, it, vi} from 'vitest';
import {createQueryLogClient, queryLogMessages} from './query-log-client';

function setup(respond: () => Promise<Response>) {
  const calls: Array<{url: string; init: RequestInit}> = [];
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({url: String(url), init: init!});
    return respond();
  }) as typeof fetch;
  const logger = {info: vi.fn(), error: vi.fn()};
  const client = createQueryLogClient({url: 'https://example.supabase.co/rest/v1/queries', anonKey: 'anon-key'}, fetchFn, logger);
  return {client, calls, logger};
}

describe('query log client', () => {
  it('posts {query} with the PostgREST headers and logs "Logged query"', async () => {
    const {client, calls, logger} = setup(async () => new Response(null, {status: 201}));
    await client.logQuery('What is lineage?');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://example.supabase.co/rest/v1/queries');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toEqual({
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
      apikey: 'anon-key',
      Authorization: 'Bearer anon-key',
    });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({query: 'What is lineage?'});
    expect(logger.info).toHaveBeenCalledWith(queryLogMessages.logged);
    expect(queryLogMessages.logged).toBe('Logged query');
  });

  it('posts {query, result_rating} for feedback and logs "Logged feedback"', async () => {
    const {client, calls, logger} = setup(async () => new Response(null, {status: 201}));
    await client.logFeedback('tokens', 'negative');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({query: 'tokens', result_rating: 'negative'});
    expect(logger.info).toHaveBeenCalledWith('Logged feedback');
  });

  it('logs "Error logging query" / "Error logging feedback" on a non-OK answer or a network error, never throwing', async () => {
    const refused = setup(async () => new Response('{"error":"missing or unknown apikey"}', {status: 401}));
    await expect(refused.client.logQuery('q')).resolves.toBeUndefined();
    expect(refused.logger.error).toHaveBeenCalledWith('Error logging query', expect.objectContaining({message: expect.stringContaining('401')}));

    const offline = setup(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.client.logFeedback('q', 'positive')).resolves.toBeUndefined();
    expect(offline.logger.error).toHaveBeenCalledWith('Error logging feedback', expect.any(TypeError));
    expect(offline.logger.info).not.toHaveBeenCalled();
  });
});
