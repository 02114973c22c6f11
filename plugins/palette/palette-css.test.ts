import {describe, expect, it} from 'vitest';
import {palette} from '../../src/site';
import {paletteCss} from './palette-css';

describe('paletteCss', () => {
  const css = paletteCss();

  it('declares 10 shades for each of the 13 base colours in both modes', () => {
    for (const color of palette.baseColors) {
      for (let i = 1; i <= 10; i++) {
        expect(css.match(new RegExp(`--dh-${color}-${i}:`, 'g'))).toHaveLength(2);
      }
    }
  });

  it('uses the spec icon primary as the sixth blue shade', () => {
    expect(css).toContain('--dh-blue-6: #1890ff;');
    expect(css).toContain('--dh-icon-primary: #1890ff;');
    expect(css).toContain('--dh-dark-background: #141414;');
  });
});
