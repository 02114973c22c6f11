import {readdirSync, readFileSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DECLARED_SUBSETS, fallbackMetrics, fontFaceCss, parseFontFaces, unicodeRangeCovers} from './font-faces';

const require = createRequire(import.meta.url);
const fontsourceCss = readFileSync(require.resolve('@fontsource-variable/inter/index.css'), 'utf8');

describe('font faces', () => {
  it('reads every upright subset of the installed Fontsource stylesheet, latin among them', () => {
    const faces = parseFontFaces(fontsourceCss);
    expect(faces.map((f) => f.subset)).toEqual(expect.arrayContaining(['latin', 'latin-ext', 'cyrillic', 'greek', 'vietnamese']));
    expect(faces.find((f) => f.subset === 'latin')).toMatchObject({file: 'inter-latin-wght-normal.woff2', unicodeRange: expect.stringContaining('U+0000-00FF')});
  });

  it('writes optional faces at the given URLs and a fallback scaled to Inter', () => {
    const css = fontFaceCss([{file: 'inter-latin-wght-normal.woff2', subset: 'latin', unicodeRange: 'U+0000-00FF', url: '/fonts/inter-latin.abc.woff2'}]);
    expect(css).toContain("font-family: 'Inter Variable';");
    expect(css).toContain('font-display: optional;');
    expect(css).toContain("src: url(/fonts/inter-latin.abc.woff2) format('woff2-variations');");
    expect(css).toContain("font-family: 'Inter Fallback';");
    expect(css).toContain('size-adjust: 106.72%;');
    expect(fallbackMetrics.ascent).toBeCloseTo(0.9077, 3);
  });
});

describe('declared subsets', () => {
  const faces = parseFontFaces(fontsourceCss);
  const declared = faces.filter((face) => DECLARED_SUBSETS.includes(face.subset));
  const undeclared = faces.filter((face) => !DECLARED_SUBSETS.includes(face.subset));

  it('reads unicode ranges as CSS does: single points, spans and wildcards', () => {
    expect(unicodeRangeCovers('U+0000-00FF, U+0131', 0xe9)).toBe(true);
    expect(unicodeRangeCovers('U+0000-00FF, U+0131', 0x131)).toBe(true);
    expect(unicodeRangeCovers('U+0000-00FF, U+0131', 0x132)).toBe(false);
    expect(unicodeRangeCovers('U+1F??', 0x1f4a)).toBe(true);
    expect(unicodeRangeCovers('U+1F??', 0x2000)).toBe(false);
  });

  it("leave no character of the site's own text to a subset the pages do not declare", () => {
    const root = path.resolve(__dirname, '../..');
    const sources = ['docs', 'data', 'src', 'docusaurus.config.ts', 'sidebars.ts'].flatMap((entry) => filesUnder(path.join(root, entry)));
    expect(sources.length).toBeGreaterThan(300);
    const needing: string[] = [];
    for (const file of sources) {
      for (const character of new Set(readFileSync(file, 'utf8'))) {
        const codePoint = character.codePointAt(0)!;
        if (declared.some((face) => unicodeRangeCovers(face.unicodeRange, codePoint))) continue;
        const subsets = undeclared.filter((face) => unicodeRangeCovers(face.unicodeRange, codePoint)).map((face) => face.subset);
        if (subsets.length) needing.push(`${path.relative(root, file)}: "${character}" (U+${codePoint.toString(16).toUpperCase()}) needs ${subsets.join(' or ')}; add it to DECLARED_SUBSETS`);
      }
    }
    expect(needing).toEqual([]);
  });
});

/** Files whose text can reach a page. */
const TEXT_FILE = /\.(md|mdx|ts|tsx|css|scss|ya?ml|json|graphql|tsv)$/;

/** The text files under a folder (or the file itself). */
function filesUnder(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return TEXT_FILE.test(entry) ? [entry] : [];
  return readdirSync(entry, {withFileTypes: true}).flatMap((child) => filesUnder(path.join(entry, child.name)));
}
