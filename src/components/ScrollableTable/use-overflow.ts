import {useEffect, useState, type RefObject} from 'react';
import {overflows} from './overflow';

/**
 * Whether the element scrolls, kept up to date as its size changes (fonts loading, window resizes). The first
 * measurement is the observer's first report, made after the browser's next layout: measuring in the effect itself
 * forced a layout per table while the page hydrated (52 on a long reference page, one long task on a phone).
 */
export function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setOverflowing(overflows(element));
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // An offscreen table is not laid out (content-visibility in custom.scss) and reports no overflow. When it is
    // rendered, observing it anew makes the observer report it again, even if its height happens to stay the same.
    const remeasure = (event: Event) => {
      if ((event as ContentVisibilityAutoStateChangeEvent).skipped) return;
      observer.unobserve(element);
      observer.observe(element);
    };
    element.addEventListener('contentvisibilityautostatechange', remeasure);
    return () => {
      observer.disconnect();
      element.removeEventListener('contentvisibilityautostatechange', remeasure);
    };
  }, [ref]);
  return overflowing;
}
