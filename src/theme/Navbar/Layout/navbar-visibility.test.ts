import {describe, expect, it} from 'vitest';
import {navbarVisibleAfterScroll} from './navbar-visibility';

const page = {viewportHeight: 800, documentHeight: 5000, navbarHeight: 60};

describe('navbarVisibleAfterScroll', () => {
  it('shows the navbar at the top of the page', () => {
    expect(navbarVisibleAfterScroll({...page, scrollY: 30, lastScrollY: 10})).toBe(true);
  });

  it('hides it on scrolling down and shows it again on any scroll up, however small', () => {
    expect(navbarVisibleAfterScroll({...page, scrollY: 1200, lastScrollY: 1100})).toBe(false);
    expect(navbarVisibleAfterScroll({...page, scrollY: 1198, lastScrollY: 1200})).toBe(true);
  });

  it('shows it at the end of a long page, scrolling either way', () => {
    expect(navbarVisibleAfterScroll({...page, scrollY: 4200, lastScrollY: 4100})).toBe(true);
    expect(navbarVisibleAfterScroll({...page, scrollY: 4195, lastScrollY: 4200})).toBe(true);
  });

  it('changes nothing when the position did not move', () => {
    expect(navbarVisibleAfterScroll({...page, scrollY: 2000, lastScrollY: 2000})).toBe(null);
  });
});
