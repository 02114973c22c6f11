/** An sRGB colour with alpha in [0, 1]. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Parses #rgb, #rrggbb, #rrggbbaa, rgb() and rgba(); throws on anything else so a typo cannot pass a check. */
export function parseColor(color: string): Rgba {
  const value = color.trim().toLowerCase();
  const hex = value.match(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const [r, g, b, a = 255] = (full.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
    return {r, g, b, a: a / 255};
  }
  const fn = value.match(/^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/);
  if (fn) {
    const alpha = fn[4] === undefined ? 1 : fn[4].endsWith('%') ? parseFloat(fn[4]) / 100 : parseFloat(fn[4]);
    return {r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: alpha};
  }
  throw new Error(`Unsupported colour "${color}": use #rrggbb or rgb()/rgba().`);
}

/** The opaque colour seen when `top` is painted over the opaque `bottom`. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return {r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1};
}

function luminance({r, g, b}: Rgba): number {
  const [lr, lg, lb] = [r, g, b].map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG 2 contrast ratio of a text colour on a background; a translucent text colour is blended onto it first. */
export function contrastRatio(text: string | Rgba, background: string | Rgba): number {
  const bg = typeof background === 'string' ? parseColor(background) : background;
  const fgRaw = typeof text === 'string' ? parseColor(text) : text;
  const fg = fgRaw.a < 1 ? composite(fgRaw, bg) : fgRaw;
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
