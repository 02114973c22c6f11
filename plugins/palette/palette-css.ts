import {presetDarkPalettes, presetPalettes} from '@ant-design/colors';
import {palette} from '../../src/site';

type Shades = readonly string[];

function declarations(prefix: string, palettes: Record<string, Shades>): string[] {
  return palette.baseColors.flatMap((color) => {
    const shades = palettes[color];
    if (!shades || shades.length !== palette.shadesPerColor) {
      throw new Error(`Palette "${color}" must have ${palette.shadesPerColor} shades; @ant-design/colors returned ${shades?.length ?? 0}.`);
    }
    return shades.map((shade, i) => `${prefix}--dh-${color}-${i + 1}: ${shade};`);
  });
}

/**
 * CSS custom properties for every base colour x 10 shades, light shades on
 * :root and the library's dark-mode shades under [data-theme='dark'].
 */
export function paletteCss(): string {
  const light = declarations('  ', presetPalettes);
  const dark = declarations('  ', presetDarkPalettes);
  return [
    ':root {',
    ...light,
    `  --dh-icon-primary: ${palette.iconPrimary};`,
    `  --dh-dark-background: ${palette.darkBackground};`,
    '}',
    "[data-theme='dark'] {",
    ...dark,
    '}',
    '',
  ].join('\n');
}
