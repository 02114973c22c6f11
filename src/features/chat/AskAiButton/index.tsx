import {lazy, Suspense, useCallback, useMemo, useState, type ComponentType} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {chatText} from '@site/src/site';
import {preloadOnIntent} from '@site/src/components/preload-on-intent';
import styles from './styles.module.css';

// The dialog, the markdown renderer and the state machine load on the first click, never with the page.
type ChatDialogComponent = ComponentType<{onClose: () => void}>;
/** The dialog once its chunk has arrived: rendered directly, it does not suspend (see `dialogToRender`). */
let loadedDialog: ChatDialogComponent | null = null;
const loadDialog = () =>
  import(/* webpackChunkName: "chat-dialog" */ '@site/src/features/chat/ChatDialog').then((dialog) => {
    loadedDialog = dialog.default;
    return dialog;
  });
/**
 * A lazy component suspends on its first render even when its chunk is already there, and React then holds the
 * revealed content back for its fallback throttle (about 300 ms): a dialog preloaded on hover renders without it.
 * A failed chunk load is cached by React.lazy, so each retry gets a fresh lazy component.
 */
const dialogToRender = (): ChatDialogComponent => loadedDialog ?? lazy(loadDialog);
/**
 * A resting pointer, a touch or the focus on the button starts the dialog's download, so the click rarely waits for
 * it. A failure is left to the click, whose lazy component loads again and shows the retry line.
 */
const dialogIntent = preloadOnIntent(() => void loadDialog().catch(() => undefined));

function LoadFailed({onRetry, onClose}: {onRetry: () => void; onClose: () => void}) {
  return (
    <div className={styles.loadFailed} role="alert">
      <span>{chatText.loadFailed}</span>
      <button type="button" onClick={onRetry}>
        {chatText.tryAgain}
      </button>
      <button type="button" aria-label={chatText.closeLabel} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

/** The "Ask our AI" button, at the end of every page's content above its footer, and the dialog it opens. */
export function AskAiButton() {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Chosen when the dialog opens (or is retried) and kept while it is open: switching components would remount it.
  const ChatDialog = useMemo(dialogToRender, [attempt, open]);
  const close = useCallback(() => setOpen(false), []);

  return (
    <div className={styles.dock}>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={chatText.buttonAccessibleLabel}
        onClick={() => setOpen(true)}
        {...dialogIntent}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6v2h2V9H7zm4 0v2h2V9h-2zm4 0v2h2V9h-2z" />
        </svg>
        <span className={styles.label}>{chatText.buttonLabel}</span>
      </button>
      {open && (
        <ErrorBoundary
          fallback={({tryAgain}) => (
            <LoadFailed
              onClose={close}
              onRetry={() => {
                setAttempt((n) => n + 1);
                tryAgain();
              }}
            />
          )}>
          <Suspense fallback={null}>
            <ChatDialog onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
