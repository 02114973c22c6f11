import {useEffect, useState} from 'react';
import {chatText} from '@site/src/site';
import {answerMarkdown} from '../answer-markdown';
import type {ChatEnding} from '../chat-machine';
import {useDocReferences} from './Sources';
import styles from './styles.module.css';

/** How long "Copied" shows after a copy. */
const COPIED_MS = 2000;

/** Copies the answer's Markdown with its source links, and says so for a moment. */
function CopyAnswer({answer, references}: {answer: string; references: string[]}) {
  const items = useDocReferences(references);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    navigator.clipboard
      .writeText(answerMarkdown(answer, items, window.location.origin, chatText.copiedSourcesHeading))
      .then(() => setCopied(true))
      .catch((error: unknown) => console.error('Could not copy the answer', error));
  };
  return (
    <div className={styles.answerActions}>
      <button type="button" className={styles.action} onClick={copy}>
        {chatText.copy}
      </button>
      <span role="status" className={styles.actionStatus}>
        {copied ? chatText.copied : ''}
      </span>
    </div>
  );
}

interface AnswerStatusProps {
  ending: ChatEnding;
  answer: string;
  references: string[];
  /** Asks the question again; only the latest answer offers it (an earlier one just keeps its notice). */
  onRetry?: () => void;
}

/**
 * What follows an answer once it has ended: a copy button for a whole answer, a note for a stopped one, and for one
 * that could not be completed a notice with a button that asks again. The don't-know message needs nothing more.
 */
export function AnswerStatus({ending, answer, references, onRetry}: AnswerStatusProps) {
  if (ending === 'complete') return <CopyAnswer answer={answer} references={references} />;
  if (ending === 'stopped') return <p className={styles.notice}>{chatText.stopped}</p>;
  if (ending === 'incomplete') {
    return (
      <div className={styles.notice} role={onRetry ? 'alert' : undefined}>
        <span>{chatText.incomplete}</span>
        {onRetry && (
          <button type="button" className={styles.action} onClick={onRetry}>
            {chatText.tryAgain}
          </button>
        )}
      </div>
    );
  }
  return null;
}
