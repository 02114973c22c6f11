import {useEffect, useLayoutEffect, useRef, type RefObject} from 'react';

/** Distance (px) from the bottom within which the reader counts as following the answer. */
const FOLLOW_THRESHOLD_PX = 32;

/**
 * Keeps a scroll container at its bottom while `content` grows or the container is resized, unless the reader
 * scrolled up to read; a new `resetKey` (a new question) follows again.
 */
export function useAutoScroll(container: RefObject<HTMLElement | null>, content: string, resetKey: number): void {
  const following = useRef(true);

  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const onScroll = () => {
      following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_THRESHOLD_PX;
    };
    el.addEventListener('scroll', onScroll, {passive: true});
    // The area shrinks when something appears below it (the copy button, a notice): stay at the bottom then too.
    const resized = new ResizeObserver(() => {
      if (following.current) el.scrollTop = el.scrollHeight;
    });
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [container]);

  useEffect(() => {
    following.current = true;
  }, [resetKey]);

  useLayoutEffect(() => {
    const el = container.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [container, content]);
}
