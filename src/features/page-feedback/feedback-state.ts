/**
 * "Was this page helpful?" as a pure state machine: a vote is sent the moment it is cast; after a No the reader may
 * add a comment, sent into the same row by the vote's id. Tested without React (feedback-state.test.ts).
 */

export type FeedbackPhase =
  /** A later visit: this browser remembers an answer for the page. */
  | 'answered'
  /** Nothing chosen yet. */
  | 'ask'
  /** The vote is on its way. */
  | 'voting'
  /** The vote was not stored; choosing again sends it again, with the same id when it is the same answer. */
  | 'vote-failed'
  /** The vote is stored. After a No, the comment form shows. */
  | 'voted'
  | 'sending'
  | 'send-failed'
  /** The comment is stored in the vote's row. */
  | 'sent';

export interface FeedbackState {
  phase: FeedbackPhase;
  /** The answer chosen in this visit, null before one is. */
  helpful: boolean | null;
  /** The random id the current vote is sent with, which its comment names. */
  voteId: string | null;
}

export type FeedbackEvent =
  | {type: 'change'}
  /** The reader chose an answer; `freshVoteId` is a new random id, used unless the same vote is being sent again. */
  | {type: 'chose'; helpful: boolean; freshVoteId: string}
  | {type: 'vote-stored'}
  | {type: 'vote-failed'}
  | {type: 'send'}
  | {type: 'comment-stored'}
  | {type: 'comment-failed'};

/** The state a visit starts in. */
export const initialFeedback = (remembered: boolean): FeedbackState => ({phase: remembered ? 'answered' : 'ask', helpful: null, voteId: null});

const busy = (phase: FeedbackPhase) => phase === 'voting' || phase === 'sending';

/** The one transition function. */
export function feedbackReducer(state: FeedbackState, event: FeedbackEvent): FeedbackState {
  switch (event.type) {
    case 'change':
      return state.phase === 'answered' ? {...state, phase: 'ask'} : state;
    case 'chose': {
      if (busy(state.phase) || state.phase === 'answered') return state;
      // The answer already stored: nothing to send again.
      if (state.helpful === event.helpful && state.phase !== 'vote-failed' && state.phase !== 'ask') return state;
      // A failed vote sent again keeps its id, so a vote stored whose answer was lost on the way is not stored twice.
      const retry = state.phase === 'vote-failed' && state.helpful === event.helpful && state.voteId !== null;
      // Another answer is another vote: the one stored before stays as it was.
      return {phase: 'voting', helpful: event.helpful, voteId: retry ? state.voteId : event.freshVoteId};
    }
    case 'vote-stored':
      return state.phase === 'voting' ? {...state, phase: 'voted'} : state;
    case 'vote-failed':
      return state.phase === 'voting' ? {...state, phase: 'vote-failed'} : state;
    case 'send':
      return state.helpful === false && (state.phase === 'voted' || state.phase === 'send-failed') ? {...state, phase: 'sending'} : state;
    case 'comment-stored':
      return state.phase === 'sending' ? {...state, phase: 'sent'} : state;
    case 'comment-failed':
      return state.phase === 'sending' ? {...state, phase: 'send-failed'} : state;
  }
}

/** Whether the form for a comment shows: only after a No is stored ("What could be better?" never follows a Yes). */
export const asksForComment = (state: FeedbackState) =>
  state.helpful === false && (state.phase === 'voted' || state.phase === 'sending' || state.phase === 'send-failed');
