import {describe, expect, it} from 'vitest';
import {contentHash, pruneStylesheet} from './prune';

const css = [
  '.navbar{display:flex}',
  '.navbar-sidebar--show .navbar-sidebar{transform:none}',
  '.margin-top--xl{margin-top:5rem}',
  '.alert--danger{color:red}',
  '.token.keyword{color:blue}',
  '[data-theme=dark] .navbar{background:#000}',
  '@layer docusaurus.infima{.pagination-nav{display:grid}}',
  '@media (max-width:996px){.navbar{padding:0}.hero{padding:1rem}}',
  ':root{--ifm-color-primary:#1890ff}',
].join('\n');

describe('pruneStylesheet', () => {
  it('keeps the rules whose classes a page, a script or the runtime list names, and drops the others', async () => {
    const {css: out, removed} = await pruneStylesheet({
      css,
      html: ['<html data-theme="light"><nav class="navbar">x</nav></html>'],
      // The mobile menu's open state is added by the theme's script, never in a page's HTML.
      scripts: ['e.classList.add("navbar-sidebar--show");n.className="navbar-sidebar"'],
      runtimeClasses: ['token', 'keyword', /^alert--/],
    });
    expect(out).toContain('.navbar{display:flex}');
    expect(out).toContain('.navbar-sidebar--show .navbar-sidebar');
    expect(out).toContain('.alert--danger');
    expect(out).toContain('.token.keyword');
    expect(out).toContain('[data-theme=dark] .navbar');
    expect(out).toContain('--ifm-color-primary');
    expect(out).not.toContain('margin-top--xl');
    expect(out).not.toContain('pagination-nav');
    expect(out).not.toContain('.hero');
    expect(removed).toEqual(expect.arrayContaining(['.margin-top--xl', '.pagination-nav', '.hero']));
  });
});

describe('contentHash', () => {
  it('names a stylesheet after its content', () => {
    expect(contentHash('a{}')).toMatch(/^[0-9a-f]{8}$/);
    expect(contentHash('a{}')).toBe(contentHash('a{}'));
    expect(contentHash('a{}')).not.toBe(contentHash('b{}'));
  });
});
