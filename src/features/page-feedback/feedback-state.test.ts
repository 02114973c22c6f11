import {describe, expect, it} from 'vitest';
import {asksForComment, feedbackReducer, initialFeedback, type FeedbackEvent, type FeedbackState} from './feedback-state';

const run = (state: FeedbackState, ...events: FeedbackEvent[]) => events.reduce(feedbackReducer, state);
const chose = (helpful: boolean, freshVoteId: string): FeedbackEvent => ({type: 'chose', helpful, freshVoteId});

describe('"Was this page helpful?" states', () => {
  it('sends a Yes when chosen and asks nothing more', () => {
    const state = run(initialFeedback(false), chose(true, 'a'));
    expect(state).toEqual({phase: 'voting', helpful: true, voteId: 'a'});
    const stored = feedbackReducer(state, {type: 'vote-stored'});
    expect(stored.phase).toBe('voted');
    expect(asksForComment(stored)).toBe(false);
    // The same answer again sends nothing.
    expect(feedbackReducer(stored, chose(true, 'b'))).toBe(stored);
  });

  it('asks for a comment after a stored No, and sends it for the same vote', () => {
    const voted = run(initialFeedback(false), chose(false, 'a'), {type: 'vote-stored'});
    expect(asksForComment(voted)).toBe(true);
    const failed = run(voted, {type: 'send'}, {type: 'comment-failed'});
    expect([failed.phase, failed.voteId, asksForComment(failed)]).toEqual(['send-failed', 'a', true]);
    const sent = run(failed, {type: 'send'}, {type: 'comment-stored'});
    expect([sent.phase, sent.voteId, asksForComment(sent)]).toEqual(['sent', 'a', false]);
  });

  it('sends a failed vote again with its id, and another answer as a new vote', () => {
    const failed = run(initialFeedback(false), chose(false, 'a'), {type: 'vote-failed'});
    expect(asksForComment(failed)).toBe(false);
    expect(feedbackReducer(failed, chose(false, 'b'))).toEqual({phase: 'voting', helpful: false, voteId: 'a'});
    expect(feedbackReducer(failed, chose(true, 'b'))).toEqual({phase: 'voting', helpful: true, voteId: 'b'});
    const changed = run(failed, chose(false, 'b'), {type: 'vote-stored'}, chose(true, 'c'));
    expect(changed).toEqual({phase: 'voting', helpful: true, voteId: 'c'});
  });

  it('ignores choices while a vote or comment is on its way, and a comment without a No', () => {
    const voting = run(initialFeedback(false), chose(true, 'a'));
    expect(feedbackReducer(voting, chose(false, 'b'))).toBe(voting);
    const yes = feedbackReducer(voting, {type: 'vote-stored'});
    expect(feedbackReducer(yes, {type: 'send'})).toBe(yes);
  });

  it('shows a remembered answer until the reader asks to change it', () => {
    const answered = initialFeedback(true);
    expect(feedbackReducer(answered, chose(true, 'a'))).toBe(answered);
    expect(run(answered, {type: 'change'}, chose(true, 'a'))).toEqual({phase: 'voting', helpful: true, voteId: 'a'});
  });
});
