import {useCallback, useRef, useState} from 'react';
import {useLocationChange, useScrollPosition} from '@docusaurus/theme-common/internal';
import {navbarVisibleAfterScroll} from './navbar-visibility';

/**
 * The navbar hides while the reader scrolls down past its own height and comes back on any scroll up or near the
 * page end. Docusaurus's own hook keeps it hidden near the end of a long page, even on scrolling up.
 */
export function useHideOnScroll(enabled: boolean) {
  const [visible, setVisible] = useState(true);
  const navbarHeight = useRef(0);
  const jumpedToAnchor = useRef(false);
  const navbarRef = useCallback((node: HTMLElement | null) => {
    if (node) navbarHeight.current = node.getBoundingClientRect().height;
  }, []);

  useScrollPosition(({scrollY}, lastPosition) => {
    if (!enabled) return;
    // The scroll that follows a jump to an anchor is not the reader scrolling: keep the navbar off the heading.
    if (jumpedToAnchor.current && scrollY >= navbarHeight.current) {
      jumpedToAnchor.current = false;
      return;
    }
    const next = navbarVisibleAfterScroll({
      scrollY,
      lastScrollY: lastPosition?.scrollY,
      viewportHeight: window.innerHeight,
      documentHeight: document.documentElement.scrollHeight,
      navbarHeight: navbarHeight.current,
    });
    if (next !== null) setVisible(next);
  });

  useLocationChange(({location}) => {
    if (!enabled) return;
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    jumpedToAnchor.current = anchor !== null;
    setVisible(anchor === null);
  });

  return {navbarRef, visible};
}
