// A page still downloading what it shows first (the search page's first results) holds link prefetching, so that
// chunk prefetches do not compete with that download. The prefetcher (plugins/route-prefetch) imports this module
// too, so both read the same count.
let holds = 0;

/** Holds prefetching until the returned function is called (once; later calls do nothing). */
export function holdPrefetch(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

/** Whether a page holds prefetching now. */
export const isPrefetchHeld = (): boolean => holds > 0;
