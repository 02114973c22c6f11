import type {PrismTheme} from 'prism-react-renderer';

type Style = PrismTheme['plain'];

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function declarations(style: Style): string {
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${kebab(name)}: ${String(value)};`)
    .join(' ');
}

/** One mode's rules: the block colours as the variables the code block container reads, then one rule per token type. */
function modeRules(scope: string, theme: PrismTheme): string[] {
  const {color, backgroundColor, ...plainRest} = theme.plain;
  const rules = [`${scope} { --prism-color: ${color}; --prism-background-color: ${backgroundColor}; }`];
  if (Object.keys(plainRest).length) rules.push(`${scope} .prism-code { ${declarations(plainRest)} }`);
  for (const entry of theme.styles) {
    const languages = entry.languages?.map((language) => `.language-${language}`) ?? [''];
    const selectors = languages.flatMap((language) => entry.types.map((type) => `${scope} ${language ? `${language} ` : ''}.token.${type}`));
    rules.push(`${selectors.join(', ')} { ${declarations(entry.style)} }`);
  }
  return rules;
}

/**
 * The light and dark code themes as a stylesheet keyed on the page's colour mode. Code tokens carry only Prism's
 * class names, so the same static HTML is right in both modes and the browser never re-tokenises a block.
 */
export function codeThemeCss(light: PrismTheme, dark: PrismTheme): string {
  return [...modeRules("html[data-theme='light']", light), ...modeRules("html[data-theme='dark']", dark), ''].join('\n');
}
