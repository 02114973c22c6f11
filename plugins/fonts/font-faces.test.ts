import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {fallbackMetrics, fontFaceCss, parseFontFaces} from './font-faces';

const require = createRequire(import.meta.url);
const fontsourceCss = readFileSync(require.resolve('@fontsource-variable/inter/index.css'), 'utf8');

describe('font faces', () => {
  it('reads every upright subset of the installed Fontsource stylesheet, latin among them', () => {
    const faces = parseFontFaces(fontsourceCss);
    expect(faces.map((f) => f.subset)).toEqual(expect.arrayContaining(['latin', 'latin-ext', 'cyrillic', 'greek', 'vietnamese']));
    expect(faces.find((f) => f.subset === 'latin')).toMatchObject({file: 'inter-latin-wght-normal.woff2', unicodeRange: expect.stringContaining('U+0000-00FF')});
  });

  it('writes swap faces at the given URLs and a fallback scaled to Inter', () => {
    const css = fontFaceCss([{file: 'inter-latin-wght-normal.woff2', subset: 'latin', unicodeRange: 'U+0000-00FF', url: '/fonts/inter-latin.abc.woff2'}]);
    expect(css).toContain("font-family: 'Inter Variable';");
    expect(css).toContain('font-display: swap;');
    expect(css).toContain("src: url(/fonts/inter-latin.abc.woff2) format('woff2-variations');");
    expect(css).toContain("font-family: 'Inter Fallback';");
    expect(css).toContain('size-adjust: 106.72%;');
    expect(fallbackMetrics.ascent).toBeCloseTo(0.9077, 3);
  });
});
