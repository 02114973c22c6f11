import {afterEach, describe, expect, it, vi} from 'vitest';
import {MAX_CONTEXT_ANSWER_CHARS, START_RESPONSE_MARKER} from '../../../contract/completions';
import {createChatController, type ChatControllerOptions, type CompletionSettings} from './chat-controller';
import type {ChatStatus} from './chat-machine';
import type {QueryLogClient} from './query-log-client';

const settings: CompletionSettings = {iDontKnowMessage: 'Sorry, I am not sure how to answer that.', model: 'gpt-4'};
const encoder = new TextEncoder();

/** A fetch whose responses the test feeds chunk by chunk through a real ReadableStream. */
function fakeCompletions() {
  const requests: Array<{url: string; body: Record<string, unknown>; signal: AbortSignal}> = [];
  const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown>, signal: init!.signal!});
    const body = new ReadableStream<Uint8Array>({start: (controller) => void streams.push(controller)});
    return new Response(body, {status: 200});
  });
  const send = (text: string, index = streams.length - 1) => streams[index].enqueue(encoder.encode(text));
  const end = (index = streams.length - 1) => streams[index].close();
  const fail = (error: Error, index = streams.length - 1) => streams[index].error(error);
  return {fetchFn: fetchFn as unknown as typeof fetch, requests, send, end, fail};
}

function fakeQueryLog() {
  const calls: Array<{query: string; rating?: string}> = [];
  const queryLog: QueryLogClient = {
    logQuery: async (query) => void calls.push({query}),
    logFeedback: async (query, rating) => void calls.push({query, rating}),
  };
  return {queryLog, calls};
}

const logger = {info: vi.fn(), error: vi.fn()};

function setup(overrides: Partial<ChatControllerOptions> = {}) {
  const completions = fakeCompletions();
  const log = fakeQueryLog();
  const chat = createChatController({
    projectKey: 'docs-key',
    completionsUrl: '/v1/completions',
    settings,
    fetch: completions.fetchFn,
    queryLog: log.queryLog,
    restartDebounceMs: 200,
    logger,
    ...overrides,
  });
  const statuses: ChatStatus[] = [];
  chat.subscribe(() => {
    const status = chat.getState().status;
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  const ask = (prompt: string) => {
    chat.setPrompt(prompt);
    return chat.submit();
  };
  return {chat, ask, statuses, ...completions, log: log.calls};
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  logger.info.mockClear();
  logger.error.mockClear();
});

describe('chat controller', () => {
  it('throws "a project key is required" without a project key', () => {
    expect(() => setup({projectKey: ''})).toThrow('a project key is required');
  });

  it('does nothing for an empty or blank prompt', async () => {
    const {ask, chat, requests, log} = setup();
    await ask('');
    await ask('   ');
    expect(requests).toEqual([]);
    expect(log).toEqual([]);
    expect(chat.getState().status).toBe('indeterminate');
  });

  it('streams an answer through preload, streaming-answer and done, and logs the query on preload', async () => {
    const {ask, chat, requests, send, end, statuses, log} = setup();
    const done = ask('  What is lineage? ');
    expect(chat.getState()).toMatchObject({status: 'preload', query: 'What is lineage?'});
    expect(log).toEqual([{query: 'What is lineage?'}]);
    await settle();
    expect(requests[0].url).toBe('/v1/completions');
    expect(requests[0].body).toMatchObject({prompt: 'What is lineage?', projectKey: 'docs-key', model: 'gpt-4', iDontKnowMessage: settings.iDontKnowMessage});

    send('["/docs/lineage#edges"]___START_RESPONSE');
    await settle();
    expect(chat.getState()).toMatchObject({status: 'preload', references: []});
    send('_STREAM___Lineage ');
    await settle();
    expect(chat.getState()).toMatchObject({status: 'streaming-answer', references: ['/docs/lineage#edges'], answer: 'Lineage '});
    send('is a graph.');
    end();
    await done;
    expect(chat.getState()).toMatchObject({status: 'done', answer: 'Lineage is a graph.'});
    expect(statuses).toEqual(['indeterminate', 'preload', 'streaming-answer', 'done']);
  });

  it('logs feedback once with the asked query, not the text now in the input', async () => {
    const {ask, chat, send, end, log} = setup();
    const done = ask('tokens');
    await settle();
    send(`[]${START_RESPONSE_MARKER}Answer`);
    end();
    await done;
    chat.setPrompt('something else');
    chat.rate('positive');
    chat.rate('negative');
    expect(chat.getState().rating).toBe('positive');
    expect(log).toEqual([{query: 'tokens'}, {query: 'tokens', rating: 'positive'}]);
  });

  it('starts at once when nothing is in flight', async () => {
    vi.useFakeTimers();
    const {ask, requests, send, end} = setup();
    const first = ask('one');
    await vi.advanceTimersByTimeAsync(0);
    send(`[]${START_RESPONSE_MARKER}A`);
    end();
    await first;
    void ask('two');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.body.prompt)).toEqual(['one', 'two']);
  });

  it('aborts the request in flight and waits 200 ms before restarting, then clears the answer', async () => {
    vi.useFakeTimers();
    const {ask, chat, requests, send} = setup();
    void ask('first');
    await vi.advanceTimersByTimeAsync(0);
    send(`["/docs/a"]${START_RESPONSE_MARKER}Partial`);
    await vi.advanceTimersByTimeAsync(0);
    expect(chat.getState().status).toBe('streaming-answer');

    void ask('second');
    expect(requests[0].signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(199);
    expect(requests).toHaveLength(1);
    expect(chat.getState()).toMatchObject({status: 'streaming-answer', answer: 'Partial'});
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect(chat.getState()).toMatchObject({status: 'preload', query: 'second', answer: '', references: []});

    // Text the aborted stream still had buffered never reaches the new answer.
    send(`["/docs/b"]${START_RESPONSE_MARKER}Fresh`);
    await vi.advanceTimersByTimeAsync(0);
    expect(chat.getState()).toMatchObject({answer: 'Fresh', references: ['/docs/b']});
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('waits 200 ms when resubmitting during preload too, and a submit during the wait restarts the wait', async () => {
    vi.useFakeTimers();
    const {ask, requests} = setup();
    void ask('first');
    await vi.advanceTimersByTimeAsync(0);
    void ask('second');
    await vi.advanceTimersByTimeAsync(150);
    void ask('third');
    await vi.advanceTimersByTimeAsync(150);
    expect(requests.map((r) => r.body.prompt)).toEqual(['first']);
    await vi.advanceTimersByTimeAsync(50);
    expect(requests.map((r) => r.body.prompt)).toEqual(['first', 'third']);
  });

  it('abort() (closing the dialog) aborts the request and cancels a pending restart', async () => {
    vi.useFakeTimers();
    const {ask, chat, requests} = setup();
    void ask('first');
    await vi.advanceTimersByTimeAsync(0);
    chat.abort();
    expect(requests[0].signal.aborted).toBe(true);
    void ask('second');
    chat.abort();
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answers with the don\'t-know message and logs the error when completions is not OK', async () => {
    const {chat} = setup({fetch: (async () => new Response('{"error":"internal server error"}', {status: 500})) as typeof fetch});
    chat.setPrompt('anything');
    await chat.submit();
    expect(chat.getState()).toMatchObject({status: 'done', answer: settings.iDontKnowMessage});
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('500'), expect.stringContaining('internal server error'));
  });

  it('answers with the don\'t-know message when the response has no body', async () => {
    const {chat} = setup({fetch: (async () => new Response(null, {status: 200})) as typeof fetch});
    chat.setPrompt('anything');
    await chat.submit();
    expect(chat.getState()).toMatchObject({status: 'done', answer: settings.iDontKnowMessage});
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('only logs any other error (network failure, broken stream), keeping the answer', async () => {
    const {chat} = setup({fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch});
    chat.setPrompt('anything');
    await chat.submit();
    expect(chat.getState()).toMatchObject({status: 'done', answer: ''});
    expect(logger.error).toHaveBeenCalledWith('Chat request failed', expect.any(TypeError));

    logger.error.mockClear();
    const broken = setup();
    const done = broken.ask('again');
    await settle();
    broken.send(`[]${START_RESPONSE_MARKER}Half an answer`);
    await settle();
    broken.fail(new Error('connection reset'));
    await done;
    expect(broken.chat.getState()).toMatchObject({status: 'done', answer: 'Half an answer'});
    expect(logger.error).toHaveBeenCalledWith('Chat request failed', expect.objectContaining({message: 'connection reset'}));
  });

  it('answers with the don\'t-know message, feedback hidden, when a 200 stream carries no answer', async () => {
    const {chat} = setup({fetch: (async () => new Response('', {status: 200})) as typeof fetch});
    chat.setPrompt('anything');
    await chat.submit();
    expect(chat.getState()).toMatchObject({status: 'done', answer: settings.iDontKnowMessage, ending: 'dont-know'});
    const whole = setup({fetch: (async () => new Response(`[]${START_RESPONSE_MARKER}`, {status: 200})) as typeof fetch});
    whole.chat.setPrompt('anything');
    await whole.chat.submit();
    expect(whole.chat.getState()).toMatchObject({status: 'done', answer: settings.iDontKnowMessage, ending: 'dont-know'});
  });

  it('marks a stream that ends before the marker, or breaks, as incomplete, keeping what arrived', async () => {
    const early = setup();
    const first = early.ask('cut');
    await settle();
    early.send('["/docs/a"');
    early.end();
    await first;
    expect(early.chat.getState()).toMatchObject({status: 'done', ending: 'incomplete'});
    expect(logger.error).toHaveBeenCalledWith('Chat request failed', expect.objectContaining({message: expect.stringContaining('marker')}));
  });

  it('stops the answer in flight: the request is aborted, the partial answer stays marked as stopped, the query was logged', async () => {
    const {chat, ask, send, requests, log} = setup();
    const done = ask('a long answer');
    await settle();
    send(`["/docs/a"]${START_RESPONSE_MARKER}The first part`);
    await settle();
    chat.stop();
    await done;
    expect(requests[0].signal.aborted).toBe(true);
    expect(chat.getState()).toMatchObject({status: 'done', answer: 'The first part', ending: 'stopped', references: ['/docs/a']});
    expect(log).toEqual([{query: 'a long answer'}]);
    chat.stop();
    expect(chat.getState().ending).toBe('stopped');
  });

  it('asks the last question again on retry', async () => {
    const {chat, ask, send, end, requests} = setup();
    const first = ask('How do I create a token?');
    await settle();
    send(`[]${START_RESPONSE_MARKER}Half`);
    await settle();
    end();
    await first;
    chat.setPrompt('something else');
    const again = chat.retry();
    await settle();
    expect(requests).toHaveLength(2);
    expect(requests[1].body.prompt).toBe('How do I create a token?');
    send(`[]${START_RESPONSE_MARKER}Whole answer.`);
    end();
    await again;
    expect(chat.getState()).toMatchObject({status: 'done', answer: 'Whole answer.', ending: 'complete'});
  });

  it('sends a follow-up with the conversation before it, and a first question with the spec\'s fields only', async () => {
    const {ask, requests, send, end} = setup();
    const answer = async (prompt: string, text: string) => {
      const asked = ask(prompt);
      await settle();
      send(`[]${START_RESPONSE_MARKER}${text}`);
      end();
      await asked;
    };
    await answer('How do I create a token?', 'Open Settings. ' + 'x'.repeat(MAX_CONTEXT_ANSWER_CHARS));
    expect(requests[0].body).not.toHaveProperty('context');
    await answer('Can it expire?', '');
    await answer('Who can revoke it?', 'Admins.');
    await answer('And list them?', 'Yes.');
    await answer('Where?', 'Settings.');
    expect(requests[1].body.context).toEqual([{question: 'How do I create a token?', answer: ('Open Settings. ' + 'x'.repeat(MAX_CONTEXT_ANSWER_CHARS)).slice(0, MAX_CONTEXT_ANSWER_CHARS)}]);
    // The don't-know message is no answer to build on; at most the latest three exchanges go.
    expect(requests[2].body.context).toEqual([
      {question: 'How do I create a token?', answer: expect.any(String)},
      {question: 'Can it expire?', answer: ''},
    ]);
    expect((requests[4].body.context as Array<{question: string}>).map((c) => c.question)).toEqual(['Can it expire?', 'Who can revoke it?', 'And list them?']);
  });

  it('rates an earlier answer with its own question, and starts over with "New conversation"', async () => {
    const {ask, chat, requests, send, end, log} = setup();
    const first = ask('tokens');
    await settle();
    send(`[]${START_RESPONSE_MARKER}Tokens.`);
    end();
    await first;
    void ask('groups');
    await settle();
    chat.rate('negative', 0);
    expect(log.at(-1)).toEqual({query: 'tokens', rating: 'negative'});
    chat.newConversation();
    expect(requests[1].signal.aborted).toBe(true);
    expect(chat.getState()).toMatchObject({status: 'indeterminate', earlier: [], answer: '', query: ''});
    void ask('lineage');
    await settle();
    expect(requests[2].body).not.toHaveProperty('context');
  });
});
