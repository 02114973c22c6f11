import {useEffect, useId, useRef, type MouseEvent, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import Link from '@docusaurus/Link';
import {chatText, links} from '@site/src/site';
import {useFocusTrap} from '@site/src/features/search/SearchModal/use-focus-trap';
import {showsFeedback, sourcesView, type ChatState} from '../chat-machine';
import {ChatMarkdown} from '../ChatMarkdown';
import {foldSourceList} from '../fold-source-list';
import {ANSWER_START_ATTRIBUTE, useThreadScroll} from '../use-thread-scroll';
import {useChat} from '../use-chat';
import type {OpenChatDetail} from '../open-chat';
import {AnswerCodeBlock} from './AnswerCodeBlock';
import {AnswerStatus} from './AnswerStatus';
import {AskedQuestion, EarlierExchange} from './EarlierExchange';
import {Feedback} from './Feedback';
import {NewConversationIcon, StopIcon} from './HeaderIcons';
import {Sources} from './Sources';
import styles from './styles.module.css';

/** Site paths open through the router, like every internal link of the site. */
function DocLink({to, children}: {to: string; children?: ReactNode}) {
  return <Link to={to}>{children}</Link>;
}

/** A plain left click on a site link navigates away from the dialog, so it closes. */
function isInternalNavigation(event: MouseEvent): boolean {
  const anchor = (event.target as Element).closest('a');
  const href = anchor?.getAttribute('href') ?? '';
  return !!anchor && href.startsWith('/') && !anchor.target && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** What a screen reader hears once an answer has ended: its text without Markdown syntax, and how it ended. */
function announcementOf(state: ChatState, shownAnswer: string): string {
  if (state.status !== 'done') return '';
  const text = shownAnswer.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`#>|]+/g, ' ').replace(/\s+/g, ' ').trim();
  const ending = state.ending === 'incomplete' ? chatText.incomplete : state.ending === 'stopped' ? chatText.stopped : '';
  return [text, ending].filter(Boolean).join(' ');
}

/** The "Ask our AI" dialog (spec section 2): one input, the streamed answer, its sources, a disclaimer and feedback. */
export default function ChatDialog({onClose, request}: {onClose: () => void; request: OpenChatDetail}) {
  const {chat, state} = useChat();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const thread = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useFocusTrap(dialog);
  const busy = state.status === 'preload' || state.status === 'streaming-answer';
  const inConversation = state.earlier.length > 0;
  useThreadScroll(thread, {content: `${state.earlier.length}:${state.answer}`, requestId: state.requestId, done: state.status === 'done'});
  // A model's closing list of sources repeats the list under the answer: it is shown once, there.
  const shownAnswer = foldSourceList(state.answer, state.references);

  // Opened with a question (the search modal's Ask action): it is asked as if typed into the input and sent.
  useEffect(() => {
    if (!request.question?.trim()) return;
    chat.setPrompt(request.question);
    void chat.submit();
  }, [request, chat]);

  // Esc closes from anywhere in the dialog, also once focus has moved to the page body; in the input while an answer
  // streams, it stops the answer instead.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      if (busy && document.activeElement === input.current) chat.stop();
      else onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose, busy, chat]);

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-state={state.status}
        onClick={(e) => isInternalNavigation(e) && onClose()}>
        <h2 id={titleId} className={styles.visuallyHidden}>
          {chatText.title}
        </h2>
        <div className={styles.header}>
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void chat.submit();
            }}>
            <input
              ref={input}
              className={styles.input}
              type="text"
              aria-labelledby={titleId}
              placeholder={chatText.title}
              value={state.prompt}
              onChange={(e) => chat.setPrompt(e.target.value)}
              autoFocus
              autoCapitalize="off"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="send"
            />
          </form>
          {busy && (
            <button type="button" className={styles.stop} aria-label={chatText.stopLabel} onClick={() => chat.stop()}>
              <StopIcon className={styles.headerIcon} />
              <span className={styles.headerText}>{chatText.stop}</span>
            </button>
          )}
          {!busy && state.status !== 'indeterminate' && (
            <button
              type="button"
              className={styles.stop}
              onClick={() => {
                chat.newConversation();
                input.current?.focus();
              }}>
              <NewConversationIcon className={styles.headerIcon} />
              <span className={styles.headerText}>{chatText.newConversation}</span>
            </button>
          )}
          <button type="button" className={styles.close} aria-label={chatText.closeLabel} onClick={onClose}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M1 1l12 12M13 1L1 13" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        {/* The thread is the dialog's one scroll region: every answer with its status, sources and feedback. */}
        <div ref={thread} className={styles.thread} hidden={state.status === 'indeterminate'} tabIndex={state.answer ? 0 : undefined} role="group" aria-label={chatText.threadLabel}>
          <div className={styles.answer} role="region" aria-label={chatText.answerLabel} aria-busy={busy}>
            {state.earlier.map((exchange, index) => (
              <EarlierExchange key={index} exchange={exchange} onRate={(rating) => chat.rate(rating, index)} InternalLink={DocLink} />
            ))}
            {inConversation && <AskedQuestion query={state.query} startsAnswer />}
            <div {...(inConversation ? {} : {[ANSWER_START_ATTRIBUTE]: ''})}>
              <ChatMarkdown markdown={shownAnswer} InternalLink={DocLink} CodeBlock={AnswerCodeBlock} streaming={busy} />
            </div>
            {busy && <span className={styles.caret} aria-hidden="true" />}
          </div>
          {state.status === 'done' && state.ending && (
            <AnswerStatus ending={state.ending} answer={shownAnswer} references={state.references} onRetry={() => void chat.retry()} />
          )}
          <Sources view={sourcesView(state)} references={state.references} InternalLink={DocLink} />
          {showsFeedback(state) && <Feedback rating={state.rating} onRate={(rating) => chat.rate(rating)} />}
        </div>
        {/* Announced once the answer has ended, not chunk by chunk as it streams. */}
        <div className={styles.visuallyHidden} aria-live="polite" data-testid="chat-announcement">
          {announcementOf(state, shownAnswer)}
        </div>
        <p className={styles.disclaimer}>
          {chatText.disclaimer}{' '}
          <a href={links.chat} target="_blank" rel="noopener noreferrer">
            {chatText.disclaimerLinkLabel}
            <span className={styles.visuallyHidden}> {chatText.opensInNewTab}</span>
          </a>
          .
        </p>
      </div>
    </div>,
    document.body,
  );
}
