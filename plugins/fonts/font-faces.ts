/** One @font-face of the variable Inter package: a subset file and the characters it covers. */
export interface FontFace {
  /** File name inside @fontsource-variable/inter/files. */
  file: string;
  /** Subset name, e.g. latin, latin-ext, cyrillic. */
  subset: string;
  unicodeRange: string;
}

/** The upright (wght-normal) faces of a Fontsource variable stylesheet, in its order. */
export function parseFontFaces(css: string): FontFace[] {
  return Array.from(css.matchAll(/@font-face\s*{([^}]*)}/g), ([, body]) => {
    const file = body.match(/url\(\.\/files\/([^)]+\.woff2)\)/)?.[1];
    const unicodeRange = body.match(/unicode-range:\s*([^;]+);/)?.[1].trim();
    const subset = file?.match(/^inter-(.+)-wght-normal\.woff2$/)?.[1];
    return file && unicodeRange && subset && /font-style:\s*normal/.test(body) ? {file, subset, unicodeRange} : null;
  }).filter((face): face is FontFace => face !== null);
}

/**
 * The subsets the pages declare. Every character of the site's own text is in the latin subset or in none of Inter's
 * (emoji, arrows, box drawing), and each further unicode-range face costs every page's first layout: in Chromium's
 * trace, unthrottled, the home page's first layout took 35-49 ms with the seven faces and 14-19 ms with latin alone.
 * A character of another subset (in a reader's query, say) is drawn in the fallback font. font-faces.test.ts checks
 * the pages' sources against this list.
 */
export const DECLARED_SUBSETS: readonly string[] = ['latin'];

/** Whether a CSS unicode-range (`U+0-FF, U+131, U+4??`) covers a code point. */
export function unicodeRangeCovers(unicodeRange: string, codePoint: number): boolean {
  return unicodeRange.split(',').some((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    const low = parseInt(from.replace(/\?/g, '0'), 16);
    const high = parseInt(to.replace(/\?/g, 'F'), 16);
    return codePoint >= low && codePoint <= high;
  });
}

/** Family name the site's stylesheet asks for. */
export const FAMILY = 'Inter Variable';
/** Local font sized to Inter's metrics, drawn when Inter has not arrived by the first layout. */
export const FALLBACK_FAMILY = 'Inter Fallback';

/**
 * Inter measured against Arial / Liberation Sans (same widths) in Chromium: 6.72% wider. The vertical overrides are
 * Inter's own (ascender 1984, descender 494 of 2048 units) divided by that factor, as size-adjust scales them too.
 */
export const fallbackMetrics = {sizeAdjust: 1.0672, ascent: 1984 / 2048 / 1.0672, descent: 494 / 2048 / 1.0672};

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * @font-face rules for the given faces at their public URLs, plus the metric-matched fallback face. `optional`: Inter
 * is drawn when it has arrived by the page's first layout (it is preloaded, so it usually has, and it is cached for
 * the next page); when it arrives later the page keeps the fallback. With `swap` a late Inter laid the whole page out
 * again: 390 ms of a phone's main thread on /docs/features in Chromium 156 (4x CPU throttling).
 */
export function fontFaceCss(faces: Array<FontFace & {url: string}>): string {
  const rules = faces.map(
    (face) =>
      `@font-face {\n  font-family: '${FAMILY}';\n  font-style: normal;\n  font-display: optional;\n  font-weight: 100 900;\n` +
      `  src: url(${face.url}) format('woff2-variations');\n  unicode-range: ${face.unicodeRange};\n}`,
  );
  const fallback =
    `@font-face {\n  font-family: '${FALLBACK_FAMILY}';\n  src: local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans');\n` +
    `  size-adjust: ${percent(fallbackMetrics.sizeAdjust)};\n  ascent-override: ${percent(fallbackMetrics.ascent)};\n` +
    `  descent-override: ${percent(fallbackMetrics.descent)};\n  line-gap-override: 0%;\n}`;
  return `${[...rules, fallback].join('\n\n')}\n`;
}
