import {useId, useMemo, useReducer, useState, type FormEvent, type ReactNode} from 'react';
import {storageKeys} from '@site/src/site';
import {useApiSettings} from '../../api-settings';
import {pageFeedbackText as text} from '../text';
import {PAGE_FEEDBACK_COMMENT_MAX_LENGTH} from '@site/contract/page-feedback-limits';
import {browserStorage} from '../../search/query-store';
import {readAnswer, saveAnswer} from '../answer-store';
import {asksForComment, feedbackReducer, initialFeedback, type FeedbackState} from '../feedback-state';
import {sendComment, sendVote} from '../send-feedback';
import {newVoteId} from '../vote-id';
import styles from './styles.module.css';

/** What the status line says in each phase. */
function statusOf(state: FeedbackState): string {
  if (state.phase === 'vote-failed') return text.voteFailed;
  if (state.phase === 'send-failed') return text.sendFailed;
  if (state.phase === 'sent' || (state.phase === 'voted' && state.helpful)) return text.thanks;
  return state.phase === 'voted' || state.phase === 'sending' ? text.savedNo : '';
}

/** "Was this page helpful?": Yes or No, stored when chosen; after a No, an optional comment added to that vote. */
export function PageFeedback({page}: {page: string}): ReactNode {
  const key = storageKeys.pageFeedback(page);
  const api = useApiSettings();
  const config = {url: api.pageFeedbackUrl, anonKey: api.queryLogAnonKey};
  const storage = useMemo(() => browserStorage('Your answers to "Was this page helpful?" are not remembered'), []);
  const [stored, setStored] = useState(() => readAnswer(storage, key));
  const [state, dispatch] = useReducer(feedbackReducer, stored !== null, initialFeedback);
  const [comment, setComment] = useState('');
  const questionId = useId();
  const commentId = useId();

  const choose = (helpful: boolean) => {
    const chose = {type: 'chose', helpful, freshVoteId: newVoteId()} as const;
    // The reducer is pure: what it makes of this event here is what dispatching it makes, the vote's id included.
    const next = feedbackReducer(state, chose);
    if (next === state || next.voteId === null) return;
    dispatch(chose);
    sendVote(config, {page, helpful, vote_id: next.voteId}).then(
      () => {
        saveAnswer(storage, key, {helpful});
        setStored({helpful});
        dispatch({type: 'vote-stored'});
      },
      (error: unknown) => {
        console.error('Error sending page feedback (the vote)', error);
        dispatch({type: 'vote-failed'});
      },
    );
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = comment.trim();
    if (!trimmed || state.voteId === null) return;
    dispatch({type: 'send'});
    sendComment(config, state.voteId, {comment: trimmed}).then(
      () => dispatch({type: 'comment-stored'}),
      (error: unknown) => {
        console.error('Error sending page feedback (the comment)', error);
        dispatch({type: 'comment-failed'});
      },
    );
  };

  if (state.phase === 'answered' && stored) {
    return (
      <div className={styles.feedback}>
        <span>{text.answered(stored.helpful)}</span>{' '}
        <button type="button" className={styles.choice} onClick={() => dispatch({type: 'change'})}>{text.change}</button>
      </div>
    );
  }
  return (
    <div className={styles.feedback} role="group" aria-labelledby={questionId}>
      <span id={questionId} className={styles.question}>{text.question}</span>
      {[true, false].map((value) => (
        <button key={String(value)} type="button" className={styles.choice} aria-pressed={state.helpful === value} onClick={() => choose(value)}>
          {value ? text.yes : text.no}
        </button>
      ))}
      <span role="status">{statusOf(state)}</span>
      {asksForComment(state) && (
        <form className={styles.form} onSubmit={send}>
          <label htmlFor={commentId}>{text.commentLabel}</label>
          <textarea id={commentId} rows={3} maxLength={PAGE_FEEDBACK_COMMENT_MAX_LENGTH} value={comment} onChange={(e) => setComment(e.target.value)} />
          <div>
            <button type="submit" className="button button--primary button--sm" disabled={state.phase === 'sending'}>
              {state.phase === 'sending' ? text.sending : text.send}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
