import {describe, expect, it} from 'vitest';
import {crawlReport, sitemapRoutes} from '../e2e/crawl-report';

describe('sitemapRoutes', () => {
  it('returns the paths of every <loc> once, in order', () => {
    const xml = `<?xml version="1.0"?><urlset><url><loc>https://example.org/docs/a</loc></url>
      <url><loc> https://example.org/ </loc></url><url><loc>https://example.org/docs/a</loc></url></urlset>`;
    expect(sitemapRoutes(xml)).toEqual(['/docs/a', '/']);
  });
});

describe('crawlReport', () => {
  it('is empty when every visit passed', () => {
    expect(crawlReport([{route: '/', mode: 'light', problems: [], ms: 1}])).toBe('');
  });

  it('lists every failing route with all its reasons, not only the first', () => {
    const report = crawlReport([
      {route: '/docs/b', mode: 'light', problems: ['2 h1 elements (expected exactly one)'], ms: 1},
      {route: '/', mode: 'light', problems: [], ms: 1},
      {route: '/docs/a', mode: 'dark', problems: ['console error: x', 'console error: x', 'axe color-contrast'], ms: 1},
    ]);
    expect(report).toBe(
      '2 of 3 page visits have problems:\n' +
        '/docs/a (dark):\n    - console error: x\n    - axe color-contrast\n' +
        '/docs/b (light):\n    - 2 h1 elements (expected exactly one)',
    );
  });
});
