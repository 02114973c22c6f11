import {describe, expect, it} from 'vitest';
import {robotsTxt} from './index';

describe('robotsTxt', () => {
  it('allows the site, keeps crawlers out of the given paths and names the sitemap', () => {
    expect(robotsTxt('https://datahubproject.io', '/', ['/diagnostics/'])).toBe(
      'User-agent: *\nDisallow: /diagnostics/\n\nSitemap: https://datahubproject.io/sitemap.xml\n',
    );
  });

  it('prefixes a base URL', () => {
    expect(robotsTxt('https://example.org', '/docs-site/', ['/diagnostics/'])).toContain('Disallow: /docs-site/diagnostics/\n\nSitemap: https://example.org/docs-site/sitemap.xml');
  });
});
