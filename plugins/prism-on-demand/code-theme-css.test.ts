import {describe, expect, it} from 'vitest';
import {darkCodeTheme, lightCodeTheme} from '../../src/colors/code-themes';
import {codeThemeCss} from './code-theme-css';

describe('codeThemeCss', () => {
  const css = codeThemeCss(lightCodeTheme, darkCodeTheme);

  it('sets the block colours of each mode as the variables the code block container reads', () => {
    expect(css).toContain("html[data-theme='light'] { --prism-color: #24292f; --prism-background-color: #f6f8fa; }");
    expect(css).toContain("html[data-theme='dark'] { --prism-color: #f8f8f2; --prism-background-color: #282a36; }");
  });

  it('gives every token type of a theme its colour and font style, scoped to that mode', () => {
    expect(css).toMatch(/html\[data-theme='light'\] \.token\.keyword[^{]*\{ color: #a40e26; \}/);
    expect(css).toMatch(/html\[data-theme='dark'\] \.token\.variable \{ color: #bd93f9; font-style: italic; \}/);
    expect(css).toContain("html[data-theme='light'] .token.comment, html[data-theme='light'] .token.prolog");
  });

  it('scopes language-specific styles to that language', () => {
    const scoped = codeThemeCss({plain: {color: '#000', backgroundColor: '#fff'}, styles: [{types: ['key'], languages: ['yaml'], style: {color: '#111'}}]}, darkCodeTheme);
    expect(scoped).toContain("html[data-theme='light'] .language-yaml .token.key { color: #111; }");
  });
});
