// Stands in for @docusaurus/theme-common/lib/hooks/useWindowSize.js in the browser (swapped in by ./index.ts): the
// same values ("ssr" while the page hydrates, then "mobile" or "desktop" on either side of the theme's breakpoint),
// with the first measurement after hydration set in a transition (see ./index.ts). A resize is answered at once.
import {startTransition, useEffect, useState} from 'react';
import {site} from '@site/src/site';

/** The window's size now, on either side of the breakpoint (the theme's by default); browser only. */
export const windowSizeNow = (breakpoint = site.mobileBreakpoint) => (window.innerWidth > breakpoint ? 'desktop' : 'mobile');

export function useWindowSize({desktopBreakpoint: breakpoint = site.mobileBreakpoint} = {}) {
  const [windowSize, setWindowSize] = useState('ssr');
  useEffect(() => {
    const update = () => setWindowSize(windowSizeNow(breakpoint));
    startTransition(update);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [breakpoint]);
  return windowSize;
}
