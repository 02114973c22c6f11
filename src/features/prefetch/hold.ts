// A page still downloading what it shows first (the search page's first results) holds link prefetching, so that
// chunk prefetches do not compete with that download. The flag is an attribute on <html>, visible to both sides.
const ATTRIBUTE = 'data-prefetch-hold';

/** Holds prefetching until the returned function is called. */
export function holdPrefetch(): () => void {
  document.documentElement.setAttribute(ATTRIBUTE, '');
  return () => document.documentElement.removeAttribute(ATTRIBUTE);
}

/** Whether a page holds prefetching now. */
export const isPrefetchHeld = (): boolean => document.documentElement.hasAttribute(ATTRIBUTE);
