import {describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, highlightedLineBackground, lightCodeTheme} from './code-themes';
import {composite, contrastRatio, parseColor} from './contrast';

const AA = 4.5;

function failures(theme: PrismTheme, overlay: string): string[] {
  const block = parseColor(theme.plain.backgroundColor!);
  const highlighted = composite(parseColor(overlay), block);
  const colors = [{types: ['plain'], color: theme.plain.color!}, ...theme.styles.map((s) => ({types: s.types, color: s.style.color}))];
  return colors.flatMap(({types, color}) => {
    if (!color) return [];
    const worst = Math.min(contrastRatio(color, block), contrastRatio(color, highlighted));
    return worst < AA ? [`${types.join('/')} ${color}: ${worst.toFixed(2)}`] : [];
  });
}

describe('code themes', () => {
  it('reach 4.5:1 for every token in light mode, also on a highlighted line', () => {
    expect(failures(lightCodeTheme, highlightedLineBackground.light)).toEqual([]);
  });

  it('reach 4.5:1 for every token in dark mode, also on a highlighted line', () => {
    expect(failures(darkCodeTheme, highlightedLineBackground.dark)).toEqual([]);
  });

  it('dim no token with opacity, which would lower its contrast', () => {
    for (const theme of [lightCodeTheme, darkCodeTheme]) {
      for (const {style} of theme.styles) expect(style.opacity).toBeUndefined();
    }
  });

  it('match the highlighted-line backgrounds the stylesheet sets', () => {
    const css = readFileSync(path.join(__dirname, '../css/custom.scss'), 'utf8');
    const values = Array.from(css.matchAll(/--docusaurus-highlighted-code-line-bg:\s*([^;]+);/g), (m) => m[1].trim());
    expect(values).toEqual([highlightedLineBackground.light, highlightedLineBackground.dark]);
  });
});
