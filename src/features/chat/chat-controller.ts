import type {CompletionRequestInput, ContextExchange} from '../../../contract/completions';
import {MAX_CONTEXT_ANSWER_CHARS, MAX_CONTEXT_EXCHANGES} from '../../../contract/conversation-limits';
import {chatReducer, initialChatState, isBusy, type ChatEvent, type ChatExchange, type ChatState, type Rating} from './chat-machine';
import {readCompletionStream} from './completion-stream';
import type {ChatLogger, QueryLogClient} from './query-log-client';

/** Everything the request sends besides the prompt and the project key (spec 7.3). */
export type CompletionSettings = Omit<CompletionRequestInput, 'prompt' | 'projectKey'> & {iDontKnowMessage: string};

export interface ChatControllerOptions {
  projectKey: string;
  completionsUrl: string;
  settings: CompletionSettings;
  /** Injected so tests can answer with a fake stream; in the browser, window.fetch. */
  fetch: typeof fetch;
  queryLog: QueryLogClient;
  /** Wait before restarting when a request was in flight (spec section 9: 200 ms). */
  restartDebounceMs: number;
  logger?: ChatLogger;
}

/** The chat's store and effects: holds the state, runs one request at a time, each with its own AbortController. */
export interface ChatController {
  getState(): ChatState;
  subscribe(listener: () => void): () => void;
  setPrompt(prompt: string): void;
  /** Asks the prompt in the input; an empty prompt does nothing. */
  submit(): Promise<void>;
  /** Rates the current answer, or an earlier one of the conversation (`exchange`: its index in `earlier`). */
  rate(rating: Rating, exchange?: number): void;
  /** Clears the conversation, stopping the answer in flight. */
  newConversation(): void;
  /** Stops the answer in flight: the request is aborted, what arrived stays, marked as stopped. */
  stop(): void;
  /** Asks the last question again (after an answer that could not be completed). */
  retry(): Promise<void>;
  /** Aborts the request in flight (closing the dialog). */
  abort(): void;
}

/** Resolves after `ms`, or rejects as soon as the signal aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, {once: true});
  });
}

/** What a follow-up sends of the conversation: the latest earlier exchanges, long answers cut, unanswered ones empty. */
export function conversationContext(earlier: readonly ChatExchange[]): ContextExchange[] {
  return earlier.slice(-MAX_CONTEXT_EXCHANGES).map((exchange) => ({
    question: exchange.query,
    answer: exchange.ending === 'dont-know' ? '' : exchange.answer.slice(0, MAX_CONTEXT_ANSWER_CHARS),
  }));
}

/** Creates the controller; throws when the project key is missing (spec section 5). */
export function createChatController(options: ChatControllerOptions): ChatController {
  if (!options.projectKey) throw new Error('a project key is required');
  const logger = options.logger ?? console;
  const listeners = new Set<() => void>();
  let state = initialChatState;
  let inFlight: AbortController | null = null;
  let lastRequestId = 0;

  const dispatch = (event: ChatEvent) => {
    const next = chatReducer(state, event);
    if (next === state) return;
    state = next;
    listeners.forEach((listener) => listener());
  };

  const abort = () => {
    inFlight?.abort();
    inFlight = null;
  };

  const run = async (prompt: string, restart: boolean, retry: boolean, controller: AbortController) => {
    const {signal} = controller;
    if (restart) await wait(options.restartDebounceMs, signal);
    const requestId = ++lastRequestId;
    dispatch({type: 'submitted', requestId, query: prompt, retry});
    void options.queryLog.logQuery(prompt);
    // A question asked on its own sends exactly the spec's fields; a follow-up adds the conversation before it.
    const context = state.earlier.length > 0 ? {context: conversationContext(state.earlier)} : {};
    try {
      const response = await options.fetch(options.completionsUrl, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({...options.settings, prompt, projectKey: options.projectKey, ...context} satisfies CompletionRequestInput),
        signal,
      });
      if (!response.ok || !response.body) {
        const detail = await response.text().catch(() => '');
        dispatch({type: 'completion-failed', requestId, iDontKnowMessage: options.settings.iDontKnowMessage});
        logger.error(`Chat completions answered ${response.status}${response.body ? '' : ' without a body'}`, detail);
        return;
      }
      const {sawMarker, bytes} = await readCompletionStream(response.body, (event) => {
        dispatch(event.type === 'references'
          ? {type: 'references-received', requestId, references: event.references}
          : {type: 'answer-received', requestId, text: event.text});
      }, signal);
      if (bytes === 0) {
        // A body without text (an empty 200) is a failed completion (spec section 8), not an answer cut short.
        dispatch({type: 'completion-failed', requestId, iDontKnowMessage: options.settings.iDontKnowMessage});
        logger.error(`Chat completions answered ${response.status} with an empty body`, '');
        return;
      }
      if (!sawMarker) logger.error('Chat request failed', new Error('the completions stream ended before its marker'));
      dispatch({type: 'stream-ended', requestId, complete: sawMarker, iDontKnowMessage: options.settings.iDontKnowMessage});
    } catch (error) {
      if (signal.aborted) return;
      logger.error('Chat request failed', error);
      dispatch({type: 'request-errored', requestId});
    }
  };

  const submit = async (retry = false) => {
    const prompt = state.prompt.trim();
    if (!prompt) return;
    const restart = isBusy(state.status);
    abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      await run(prompt, restart, retry, controller);
    } catch (error) {
      // Only the restart wait can end here, and only by an abort.
      if (!controller.signal.aborted) logger.error('Chat request failed', error);
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPrompt: (prompt) => dispatch({type: 'prompt-changed', prompt}),
    submit: () => submit(),
    stop() {
      if (!isBusy(state.status)) return;
      abort();
      dispatch({type: 'stopped', requestId: state.requestId});
    },
    retry() {
      if (!state.query) return Promise.resolve();
      dispatch({type: 'prompt-changed', prompt: state.query});
      return submit(true);
    },
    rate(rating, exchange) {
      const before = state;
      dispatch({type: 'rated', rating, exchange});
      if (state === before) return;
      void options.queryLog.logFeedback(exchange === undefined ? state.query : state.earlier[exchange].query, rating);
    },
    newConversation() {
      abort();
      dispatch({type: 'cleared'});
    },
    abort,
  };
}
