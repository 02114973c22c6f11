import {describe, expect, it} from 'vitest';
import {overflows} from './overflow';

describe('overflows', () => {
  it('is true when the content is wider or taller than the box', () => {
    expect(overflows({scrollWidth: 900, clientWidth: 600, scrollHeight: 100, clientHeight: 100})).toBe(true);
    expect(overflows({scrollWidth: 600, clientWidth: 600, scrollHeight: 300, clientHeight: 100})).toBe(true);
  });

  it('ignores a pixel of rounding', () => {
    expect(overflows({scrollWidth: 601, clientWidth: 600, scrollHeight: 100, clientHeight: 100})).toBe(false);
  });
});
