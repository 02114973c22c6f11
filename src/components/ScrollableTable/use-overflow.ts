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
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
