import {useEffect, useId, useRef} from 'react';
import {chatText} from '@site/src/site';
import type {Rating} from '../chat-machine';
import styles from './styles.module.css';

function Thumb({down}: {down?: boolean}) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" style={down ? {transform: 'rotate(180deg)'} : undefined}>
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
      />
    </svg>
  );
}

/** "Was this answer helpful?" with thumbs up and down; "Thanks for your feedback!" once rated. */
export function Feedback({rating, onRate}: {rating: Rating | null; onRate: (rating: Rating) => void}) {
  const thanks = useRef<HTMLParagraphElement>(null);
  const questionId = useId();
  // The pressed button disappears: keep keyboard focus inside the dialog, on the thanks. Only on a rating given
  // here: an answer rated before (the dialog reopened, an answer moved up the conversation) leaves focus alone.
  const ratedOnMount = useRef(rating !== null);
  useEffect(() => {
    if (rating && !ratedOnMount.current) thanks.current?.focus();
  }, [rating]);

  if (rating) {
    return (
      <p ref={thanks} className={styles.feedback} role="status" tabIndex={-1}>
        {chatText.feedbackThanks}
      </p>
    );
  }
  return (
    <div className={styles.feedback} role="group" aria-labelledby={questionId}>
      <span id={questionId}>{chatText.feedbackQuestion}</span>
      <button type="button" className={styles.thumb} aria-label={chatText.thumbsUpLabel} onClick={() => onRate('positive')}>
        <Thumb />
      </button>
      <button type="button" className={styles.thumb} aria-label={chatText.thumbsDownLabel} onClick={() => onRate('negative')}>
        <Thumb down />
      </button>
    </div>
  );
}
