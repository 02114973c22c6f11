import {lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {chatText} from '@site/src/site';
import {preloadOnIntent} from '@site/src/components/preload-on-intent';
import {ChatIcon} from '../ChatIcon';
import {OPEN_CHAT_EVENT, PREPARE_CHAT_EVENT, type OpenChatDetail} from '../open-chat';
import styles from './styles.module.css';

// The dialog, the markdown renderer and the state machine load on the first click, never with the page.
type ChatDialogComponent = ComponentType<{onClose: () => void; request: OpenChatDetail}>;
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
const prepareDialog = () => void loadDialog().catch(() => undefined);
const dialogIntent = preloadOnIntent(prepareDialog);

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

/**
 * The "Ask our AI" button, at the top of every page's footer, and the dialog it opens: from the button, or from
 * anywhere on the page through `openChat` (the search modal's "Ask our AI" action).
 */
export function AskAiButton() {
  // What the dialog was opened with; null while it is closed.
  const [open, setOpen] = useState<OpenChatDetail | null>(null);
  const [attempt, setAttempt] = useState(0);
  const opened = open !== null;
  // Chosen when the dialog opens (or is retried) and kept while it is open: switching components would remount it.
  const ChatDialog = useMemo(dialogToRender, [attempt, opened]);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    const onOpenRequest = (event: Event) => setOpen({...(event as CustomEvent<OpenChatDetail>).detail});
    window.addEventListener(OPEN_CHAT_EVENT, onOpenRequest);
    window.addEventListener(PREPARE_CHAT_EVENT, prepareDialog);
    return () => {
      window.removeEventListener(OPEN_CHAT_EVENT, onOpenRequest);
      window.removeEventListener(PREPARE_CHAT_EVENT, prepareDialog);
    };
  }, []);

  return (
    <div className={styles.dock}>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={chatText.buttonAccessibleLabel}
        onClick={() => setOpen({})}
        {...dialogIntent}>
        <ChatIcon />
        <span className={styles.label}>{chatText.buttonLabel}</span>
      </button>
      {open !== null && (
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
            <ChatDialog onClose={close} request={open} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
