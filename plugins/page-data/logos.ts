import * as simpleIcons from 'simple-icons';
import type {SimpleIcon} from 'simple-icons';
import {contrastRatio} from '../../src/colors/contrast';
import {palette} from '../../src/site';
import type {IntegrationLogo, LogoColors} from './types';

/**
 * Below this contrast a brand colour gives way to the text colour. Logos are exempt from WCAG 1.4.11 and always
 * sit beside their name, so the bar is visibility (yellow on white, black on dark), not the 3:1 for graphics.
 */
const MIN_LOGO_CONTRAST = 2;
const LIGHT_SURFACE = '#ffffff';

const iconsBySlug = new Map<string, SimpleIcon>(
  Object.values(simpleIcons)
    .filter((value): value is SimpleIcon => typeof value === 'object' && value !== null && 'slug' in value && 'path' in value)
    .map((icon) => [icon.slug, icon]),
);

/** The brand colour per colour mode, or null where it would be too faint on that mode's background. */
export function logoColors(hex: string): LogoColors {
  const color = `#${hex.toLowerCase()}`;
  return {
    light: contrastRatio(color, LIGHT_SURFACE) >= MIN_LOGO_CONTRAST ? color : null,
    dark: contrastRatio(color, palette.darkBackground) >= MIN_LOGO_CONTRAST ? color : null,
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
