import * as simpleIcons from 'simple-icons';
import type {SimpleIcon} from 'simple-icons';
import {composite, contrastRatio, parseColor, type Rgba} from '../../src/colors/contrast';
import type {IntegrationLogo, LogoColors} from './types';

/** Logos are graphics: 3:1 against their tile, the WCAG 1.4.11 bar, in both colour modes. */
export const MIN_LOGO_CONTRAST = 3;
/**
 * The tile behind a logo in each mode: Infima's --ifm-color-emphasis-100 (gray 100 light, gray 900 dark), which
 * src/components/IntegrationLogo/styles.module.css paints. The browser test measures the real pair in both modes.
 */
export const LOGO_TILES = {light: '#f5f6f7', dark: '#1c1e21'} as const;
/** How far a brand colour may be shaded toward black (light mode) or white (dark mode) before it stops being the brand's. */
const MAX_SHADE = 0.5;

const iconsBySlug = new Map<string, SimpleIcon>(
  Object.values(simpleIcons)
    .filter((value): value is SimpleIcon => typeof value === 'object' && value !== null && 'slug' in value && 'path' in value)
    .map((icon) => [icon.slug, icon]),
);

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The brand colour, shaded toward `toward` just enough to reach 3:1 on `tile`; null when that would take too much. */
function readableOn(color: string, tile: string, toward: Rgba): string | null {
  const base = parseColor(color);
  for (let share = 0; share <= MAX_SHADE + 1e-9; share += 0.05) {
    const shaded = composite({...toward, a: share}, base);
    const hex = `#${hex2(shaded.r)}${hex2(shaded.g)}${hex2(shaded.b)}`;
    if (contrastRatio(hex, tile) >= MIN_LOGO_CONTRAST) return hex;
  }
  return null;
}

/** The brand colour per colour mode, shaded where needed to stay visible on the tile; null falls back to the text colour. */
export function logoColors(hex: string): LogoColors {
  const color = `#${hex.toLowerCase()}`;
  return {
    light: readableOn(color, LOGO_TILES.light, {r: 0, g: 0, b: 0, a: 1}),
    dark: readableOn(color, LOGO_TILES.dark, {r: 255, g: 255, b: 255, a: 1}),
  };
}

/** Letters for a generated mark: the initials of a multi-word name, or the start of a single word. */
export function markLetters(name: string): string {
  const words = name.match(/[A-Za-z0-9]+/g) ?? ['?'];
  const letters = words.length > 1 ? words.map((w) => w[0]).join('') : words[0].slice(0, words[0].length <= 3 ? 3 : 2);
  return letters.slice(0, 3).toUpperCase();
}

/** Resolves a registry logo at build time; an unknown simple-icons slug falls back to a generated mark. */
export function resolveLogo(logo: {simpleIcon: string} | {mark: string}, name: string): IntegrationLogo {
  if ('mark' in logo) return {kind: 'mark', letters: logo.mark};
  const icon = iconsBySlug.get(logo.simpleIcon);
  if (!icon) return {kind: 'mark', letters: markLetters(name)};
  return {kind: 'icon', title: icon.title, path: icon.path, colors: logoColors(icon.hex)};
}
