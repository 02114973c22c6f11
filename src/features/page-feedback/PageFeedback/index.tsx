import {useId, useMemo, useState, type FormEvent, type ReactNode} from 'react';
import {storageKeys} from '@site/src/site';
import {useApiSettings} from '../../api-settings';
import {pageFeedbackText as text} from '../text';
import {PAGE_FEEDBACK_COMMENT_MAX_LENGTH} from '@site/contract/page-feedback-limits';
import {browserStorage} from '../../search/query-store';
import {readAnswer, saveAnswer} from '../answer-store';
import {sendFeedback} from '../send-feedback';
import styles from './styles.module.css';

type Phase = 'answered' | 'ask' | 'comment' | 'sending' | 'failed' | 'sent';

/** "Was this page helpful?": Yes or No, an optional comment, Send; remembered per page in this browser. */
export function PageFeedback({page}: {page: string}): ReactNode {
  const key = storageKeys.pageFeedback(page);
  const api = useApiSettings();
  const storage = useMemo(() => browserStorage('Your answers to "Was this page helpful?" are not remembered'), []);
  const [stored, setStored] = useState(() => readAnswer(storage, key));
  const [phase, setPhase] = useState<Phase>(stored ? 'answered' : 'ask');
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const questionId = useId();
  const commentId = useId();

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (helpful === null) return;
    setPhase('sending');
    const trimmed = comment.trim();
    sendFeedback({url: api.pageFeedbackUrl, anonKey: api.queryLogAnonKey}, {page, helpful, ...(trimmed ? {comment: trimmed} : {})}).then(
      () => {
        saveAnswer(storage, key, {helpful});
        setStored({helpful});
        setPhase('sent');
      },
      (error: unknown) => {
        console.error('Error sending page feedback', error);
        setPhase('failed');
      },
    );
  };

  if (phase === 'sent') return <p role="status" className={styles.feedback}>{text.thanks}</p>;
  if (phase === 'answered' && stored) {
    return (
      <div className={styles.feedback}>
        <span>{text.answered(stored.helpful)}</span>{' '}
        <button type="button" className={styles.choice} onClick={() => setPhase('ask')}>{text.change}</button>
      </div>
    );
  }
  return (
    <div className={styles.feedback} role="group" aria-labelledby={questionId}>
      <span id={questionId} className={styles.question}>{text.question}</span>
      {[true, false].map((value) => (
        <button key={String(value)} type="button" className={styles.choice} aria-pressed={helpful === value} onClick={() => {
          setHelpful(value);
          if (phase === 'ask') setPhase('comment');
        }}>
          {value ? text.yes : text.no}
        </button>
      ))}
      {phase !== 'ask' && (
        <form className={styles.form} onSubmit={send}>
          <label htmlFor={commentId}>{text.commentLabel}</label>
          <textarea id={commentId} rows={3} maxLength={PAGE_FEEDBACK_COMMENT_MAX_LENGTH} value={comment} onChange={(e) => setComment(e.target.value)} />
          <div>
            <button type="submit" className="button button--primary button--sm" disabled={phase === 'sending'}>
              {phase === 'sending' ? text.sending : text.send}
            </button>{' '}
            <span role="status">{phase === 'failed' ? text.sendFailed : ''}</span>
          </div>
        </form>
      )}
    </div>
  );
}
