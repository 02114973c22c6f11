import clsx from 'clsx';
import {useCopyToClipboard} from './use-copy-to-clipboard';
import styles from './styles.module.css';

const feedback = {idle: '', copied: 'Copied to clipboard', failed: 'Could not copy: select the command and copy it'} as const;

/**
 * A shell command shown whole, wrapping between its words (never inside one) when it is wider than its box, with a
 * copy button that copies it as one line and says when it worked.
 */
export function CopyCommand({command, className}: {command: string; className?: string}) {
  const {status, copy} = useCopyToClipboard();
  return (
    <div className={clsx(styles.command, className)}>
      <pre className={styles.pre}>
        <code>
          <span className={styles.prompt} aria-hidden="true">$ </span>
          {command.split(' ').map((token, i) => (
            <span key={i}>
              {i > 0 && ' '}
              <span className={styles.token}>{token}</span>
            </span>
          ))}
        </code>
      </pre>
      <button
        type="button"
        className={clsx(styles.button, status === 'copied' && styles.copied)}
        aria-label={`${status === 'copied' ? 'Copied' : 'Copy'} command: ${command}`}
        onClick={() => void copy(command)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
          {status === 'copied' ? (
            <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
          ) : (
            <path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11z" />
          )}
        </svg>
        <span className={styles.label}>{status === 'copied' ? 'Copied' : 'Copy'}</span>
      </button>
      {/* Announced by screen readers; shown to everyone when copying failed. */}
      <span role="status" className={status === 'failed' ? styles.error : styles.srOnly}>
        {feedback[status]}
      </span>
    </div>
  );
}
