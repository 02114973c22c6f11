import {useEffect, useLayoutEffect, useRef, type RefObject} from 'react';

/** Distance (px) from the bottom within which the reader counts as following the answer. */
const FOLLOW_THRESHOLD_PX = 32;
/** Room kept above the answer's first line when it is scrolled to the top, so the line does not touch the edge. */
const START_MARGIN_PX = 8;

/** Attribute marking where the latest answer starts (its question line, or the answer itself when it is the first). */
export const ANSWER_START_ATTRIBUTE = 'data-answer-start';

interface ThreadScroll {
  /** Grows as the answer streams (or a question is added). */
  content: string;
  /** A new request: the reader follows its answer again. */
  requestId: number;
  /** Whether the latest answer has ended. */
  done: boolean;
}

/**
 * The conversation's one scroll region: while an answer streams, its newest text stays in view unless the reader
 * scrolled away to read; once it has ended, the start of that answer (its question line) is brought to the top, so
 * the reader reads it from its first line. A reader who scrolled away is never moved.
 */
export function useThreadScroll(container: RefObject<HTMLElement | null>, {content, requestId, done}: ThreadScroll): void {
  const following = useRef(true);

  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const onScroll = () => {
      following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_THRESHOLD_PX;
    };
    el.addEventListener('scroll', onScroll, {passive: true});
    // The region shrinks or grows with the dialog: a streaming answer's newest line stays in view then too.
    const resized = new ResizeObserver(() => {
      if (following.current && el.dataset.streaming === 'true') el.scrollTop = el.scrollHeight;
    });
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [container]);

  useEffect(() => {
    following.current = true;
  }, [requestId]);

  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    el.dataset.streaming = String(!done);
    if (!following.current) return;
    if (!done) {
      el.scrollTop = el.scrollHeight;
      return;
    }
    const start = el.querySelector(`[${ANSWER_START_ATTRIBUTE}]`);
    if (!start) return;
    const offset = start.getBoundingClientRect().top - el.getBoundingClientRect().top;
    el.scrollTop = Math.max(0, el.scrollTop + offset - START_MARGIN_PX);
  }, [container, content, done]);
}
