import {useEffect, useState, type RefObject} from 'react';
import {overflows} from './overflow';

/** Whether the element scrolls, kept up to date as its size changes (fonts loading, window resizes). */
export function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setOverflowing(overflows(element));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
