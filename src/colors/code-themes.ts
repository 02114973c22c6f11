import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code block colours for light and dark mode. They keep the layout of prism-react-renderer's github and dracula
 * themes, whose comment, keyword and string colours fall below WCAG AA (4.5:1); every colour here reaches it on the
 * block background and on a highlighted line (checked in code-themes.test.ts).
 */
export const lightCodeTheme: PrismTheme = {
  plain: {color: '#24292f', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#57606a', fontStyle: 'italic'}},
    {types: ['string', 'attr-value', 'char'], style: {color: '#0a3069'}},
    {types: ['punctuation', 'operator', 'namespace'], style: {color: '#24292f'}},
    {
      types: ['entity', 'url', 'symbol', 'number', 'boolean', 'variable', 'constant', 'property', 'regex', 'attr-name', 'builtin'],
      style: {color: '#0550ae'},
    },
    {types: ['atrule', 'keyword', 'important'], style: {color: '#a40e26'}},
    {types: ['function', 'function-variable', 'class-name'], style: {color: '#6639ba'}},
    {types: ['tag', 'selector'], style: {color: '#116329'}},
    {types: ['inserted'], style: {color: '#116329'}},
    {types: ['deleted'], style: {color: '#82071e'}},
    {types: ['changed'], style: {color: '#953800'}},
  ],
};

export const darkCodeTheme: PrismTheme = {
  plain: {color: '#f8f8f2', backgroundColor: '#282a36'},
  styles: [
    {types: ['prolog', 'constant', 'builtin'], style: {color: '#bd93f9'}},
    {types: ['inserted', 'function'], style: {color: '#50fa7b'}},
    {types: ['deleted'], style: {color: '#ff6e6e'}},
    {types: ['changed'], style: {color: '#ffb86c'}},
    {types: ['punctuation', 'symbol', 'namespace'], style: {color: '#f8f8f2'}},
    {types: ['string', 'char', 'tag', 'selector'], style: {color: '#ff79c6'}},
    {types: ['keyword', 'variable'], style: {color: '#bd93f9', fontStyle: 'italic'}},
    {types: ['comment'], style: {color: '#9aa3cc'}},
    {types: ['attr-name'], style: {color: '#f1fa8c'}},
  ],
};

/** Background of a highlighted code line per mode (Infima's --docusaurus-highlighted-code-line-bg, set in custom.scss). */
export const highlightedLineBackground = {light: 'rgba(0, 0, 0, 0.08)', dark: 'rgba(0, 0, 0, 0.3)'} as const;
