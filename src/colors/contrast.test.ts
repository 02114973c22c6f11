import {describe, expect, it} from 'vitest';
import {composite, contrastRatio, parseColor} from './contrast';

describe('contrast', () => {
  it('parses hex and rgb() colours, and rejects what it cannot read', () => {
    expect(parseColor('#fff')).toEqual({r: 255, g: 255, b: 255, a: 1});
    expect(parseColor('#00000080').a).toBeCloseTo(0.5, 2);
    expect(parseColor('rgb(98, 114, 164)')).toEqual({r: 98, g: 114, b: 164, a: 1});
    expect(parseColor('rgba(0, 0, 0, 0.08)').a).toBe(0.08);
    expect(() => parseColor('hsl(1, 2%, 3%)')).toThrow(/Unsupported colour/);
  });

  it('gives the WCAG ratio: 21 for black on white, 4.5 near #767676 on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('blends a translucent overlay onto its background', () => {
    const overlay = composite(parseColor('rgba(0, 0, 0, 0.05)'), parseColor('#ffffff'));
    expect(Math.round(overlay.r)).toBe(242);
    expect(contrastRatio('#096dd9', overlay)).toBeLessThan(4.5);
  });
});
