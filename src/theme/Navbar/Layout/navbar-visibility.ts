/** Whether the navbar should show, given the scroll position now and before (spec §2: hide-on-scroll navbar). */
export function navbarVisibleAfterScroll(
  {scrollY, lastScrollY, viewportHeight, documentHeight, navbarHeight}:
  {scrollY: number; lastScrollY: number | undefined; viewportHeight: number; documentHeight: number; navbarHeight: number},
): boolean | null {
  if (scrollY < navbarHeight) return true;
  // Near the page end there is nothing left to reveal by hiding it, and the footer links sit under the reader.
  if (scrollY + viewportHeight >= documentHeight - navbarHeight) return true;
  if (lastScrollY === undefined || scrollY === lastScrollY) return null;
  return scrollY < lastScrollY;
}
