/**
 * The chat as a pure state machine (spec sections 3 and 4): one state, one
 * event union and one transition function. Side effects (fetch, timers, the
 * query log) live in chat-controller.ts.
 */

/** The spec's chat states. */
export type ChatStatus = 'indeterminate' | 'preload' | 'streaming-answer' | 'done';

/** A reader's rating of an answer (query log record, spec section 3). */
export type Rating = 'positive' | 'negative';

/**
 * How the last request ended, so that no outcome looks like an empty answer: a whole answer, the don't-know message
 * (the server could not answer), an answer cut short (network failure, or a stream that ended early), or one the
 * reader stopped. Null while nothing has ended.
 */
export type ChatEnding = 'complete' | 'dont-know' | 'incomplete' | 'stopped';

/** A question of the conversation with the answer it got, once a newer question has been asked. */
export interface ChatExchange {
  query: string;
  answer: string;
  references: string[];
  rating: Rating | null;
  ending: ChatEnding;
}

export interface ChatState {
  status: ChatStatus;
  /** Text in the input. */
  prompt: string;
  /** The prompt of the current or last request: what the answer, the query log and feedback refer to. */
  query: string;
  /** Markdown, growing while it streams. */
  answer: string;
  /** Reference ids (`/docs/x#anchor`) in the order the server sent them. */
  references: string[];
  /** The reader's rating of this answer; reset on each status change. */
  rating: Rating | null;
  /** How the last request ended; null before the first ends and while one is in flight. */
  ending: ChatEnding | null;
  /** Id of the request whose events are accepted; events of older requests are ignored. */
  requestId: number;
  /** The conversation's earlier exchanges, oldest first; the current one is the fields above. */
  earlier: ChatExchange[];
}

export type ChatEvent =
  | {type: 'prompt-changed'; prompt: string}
  /**
   * A request starts: clears the answer and references. The exchange on screen joins the earlier ones (one still in
   * flight as stopped), unless the request asks the same question again (`retry`).
   */
  | {type: 'submitted'; requestId: number; query: string; retry?: boolean}
  | {type: 'references-received'; requestId: number; references: string[]}
  | {type: 'answer-received'; requestId: number; text: string}
  /** The stream ended; `complete` is false when it ended before the marker. An empty answer becomes the don't-know message. */
  | {type: 'stream-ended'; requestId: number; complete: boolean; iDontKnowMessage: string}
  /** Completions answered non-OK or without a body (spec section 8). */
  | {type: 'completion-failed'; requestId: number; iDontKnowMessage: string}
  /** Any other error (network failure, broken stream): logged by the controller; what arrived stays, marked incomplete. */
  | {type: 'request-errored'; requestId: number}
  /** The reader stopped the answer: what arrived stays, marked as stopped. */
  | {type: 'stopped'; requestId: number}
  /** A rating of the current answer, or of an earlier one (`exchange`: its index in `earlier`). */
  | {type: 'rated'; rating: Rating; exchange?: number}
  /** "New conversation": the thread and the answer on screen are cleared. */
  | {type: 'cleared'};

export const initialChatState: ChatState = {
  status: 'indeterminate',
  prompt: '',
  query: '',
  answer: '',
  references: [],
  rating: null,
  ending: null,
  requestId: 0,
  earlier: [],
};

/** Whether a request is in flight (a new submit then waits before restarting). */
export const isBusy = (status: ChatStatus) => status === 'preload' || status === 'streaming-answer';

/** The exchange on screen, as it joins the earlier ones when a new question is asked; none before the first question. */
function currentExchange(state: ChatState): ChatExchange | null {
  if (state.status === 'indeterminate' || !state.query) return null;
  return {query: state.query, answer: state.answer, references: state.references, rating: state.rating, ending: state.ending ?? 'stopped'};
}

/** Moves to a status; the rating flag resets whenever the status changes (spec section 4). */
function withStatus(state: ChatState, status: ChatStatus, changes: Partial<ChatState> = {}): ChatState {
  return {...state, ...changes, status, rating: status === state.status ? state.rating : null};
}

/** The transition function: the next state for an event. Returns the same object when nothing changes. */
export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  if (event.type === 'prompt-changed') return event.prompt === state.prompt ? state : {...state, prompt: event.prompt};
  if (event.type === 'submitted') {
    const previous = event.retry ? null : currentExchange(state);
    const earlier = previous ? [...state.earlier, previous] : state.earlier;
    return withStatus(state, 'preload', {requestId: event.requestId, query: event.query, answer: '', references: [], rating: null, ending: null, earlier});
  }
  if (event.type === 'rated') {
    if (event.exchange === undefined) return state.status === 'done' && state.rating === null ? {...state, rating: event.rating} : state;
    const exchange = state.earlier[event.exchange];
    if (!exchange || !exchangeShowsFeedback(exchange) || exchange.rating !== null) return state;
    return {...state, earlier: state.earlier.map((e, i) => (i === event.exchange ? {...e, rating: event.rating} : e))};
  }
  if (event.type === 'cleared') return {...initialChatState, requestId: state.requestId};
  // Events of an aborted or finished request never touch the state of a newer one.
  if (event.requestId !== state.requestId || !isBusy(state.status)) return state;
  switch (event.type) {
    case 'references-received':
      return {...state, references: event.references};
    case 'answer-received':
      return event.text === '' ? state : withStatus(state, 'streaming-answer', {answer: state.answer + event.text});
    case 'stream-ended':
      if (!event.complete) return withStatus(state, 'done', {ending: 'incomplete'});
      return state.answer.trim() === ''
        ? withStatus(state, 'done', {answer: event.iDontKnowMessage, ending: 'dont-know'})
        : withStatus(state, 'done', {ending: 'complete'});
    case 'request-errored':
      return withStatus(state, 'done', {ending: 'incomplete'});
    case 'stopped':
      return withStatus(state, 'done', {ending: 'stopped'});
    case 'completion-failed':
      return withStatus(state, 'done', {answer: event.iDontKnowMessage, ending: 'dont-know'});
  }
}

/** What the sources panel shows: hidden before any question, "indeterminate" when done without references. */
export type SourcesView = 'hidden' | 'fetching' | 'references' | 'indeterminate';

/** The sources panel's view of a state. */
export function sourcesView(state: Pick<ChatState, 'status' | 'references'>): SourcesView {
  if (state.status === 'indeterminate') return 'hidden';
  if (state.status === 'preload') return 'fetching';
  // While an answer streams without references there is nothing to list either.
  return state.references.length > 0 ? 'references' : 'indeterminate';
}

/** The feedback row asks for a rating once a whole answer has arrived (not the don't-know message, nor a cut one). */
export const showsFeedback = (state: Pick<ChatState, 'status' | 'answer' | 'ending'>) =>
  state.status === 'done' && state.ending === 'complete' && state.answer.trim() !== '';

/** Whether an earlier exchange shows its feedback row: a whole answer (rated or not, to show the thanks). */
export const exchangeShowsFeedback = (exchange: ChatExchange) => exchange.ending === 'complete' && exchange.answer.trim() !== '';
