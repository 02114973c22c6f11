import {describe, expect, it} from 'vitest';
import {forwardingPage, parseRedirects, redirectProblems} from './redirects';

describe('redirects of moved routes', () => {
  const routes = new Set(['/docs/new', '/docs/other']);

  it('accepts a gone route pointing at a live one', () => {
    expect(redirectProblems([{from: '/docs/old', to: '/docs/new'}], routes)).toEqual([]);
  });

  it('names each entry that does not fit the routes', () => {
    const problems = redirectProblems(
      [
        {from: '/docs/other', to: '/docs/new'},
        {from: '/docs/old', to: '/docs/missing'},
        {from: '/docs/a', to: '/docs/b'},
        {from: '/docs/b', to: '/docs/new'},
        {from: '/docs/b', to: '/docs/new'},
      ],
      routes,
    );
    expect(problems).toEqual([
      '/docs/other: is still a route of data/routes.tsv; remove the route or the redirect',
      '/docs/old: its target /docs/missing is not a route of data/routes.tsv',
      '/docs/a: its target /docs/b is not a route of data/routes.tsv',
      '/docs/b: is listed twice',
      '/docs/a: its target /docs/b redirects again; point it at the final route',
    ]);
  });

  it('refuses paths that are not lowercase doc routes, naming the entry and field', () => {
    expect(() => parseRedirects('- from: /docs/Old\n  to: /docs/new\n')).toThrow(/^data\/redirects\.yaml: entry 0\.from: must be a lowercase \/docs\/ path/);
    expect(() => parseRedirects('- from: /docs/old\n  to: https://elsewhere.example/docs/new\n')).toThrow(/entry 0\.to: /);
    expect(parseRedirects('')).toEqual([]);
  });

  it('forwards with a meta refresh and a link, without any script', () => {
    const page = forwardingPage('/docs/new');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/docs/new">');
    expect(page).toContain('<link rel="canonical" href="/docs/new">');
    expect(page).toContain('<a href="/docs/new">/docs/new</a>');
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).not.toContain('<script');
  });
});
