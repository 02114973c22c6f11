import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cacheControlFor, canonicalPath, resolveBuildFile} from './static-site';

const build = mkdtempSync(path.join(tmpdir(), 'build-'));
mkdirSync(path.join(build, 'docs/features'), {recursive: true});
writeFileSync(path.join(build, 'docs/features/index.html'), 'x');
writeFileSync(path.join(build, 'sitemap.xml'), 'x');

describe('resolveBuildFile', () => {
  it('serves clean URLs from index.html', () => {
    expect(resolveBuildFile(build, '/docs/features')).toBe('docs/features/index.html');
    expect(resolveBuildFile(build, '/sitemap.xml')).toBe('sitemap.xml');
  });

  it('refuses traversal, encoded traversal, NUL bytes and malformed escapes', () => {
    for (const bad of ['/../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/docs/%00', '/%E0%A4%A', '/docs/..%2f..%2fetc']) {
      expect(resolveBuildFile(build, bad)).toBeNull();
    }
  });

  it('returns null for directories without an index and for missing files', () => {
    expect(resolveBuildFile(build, '/docs')).toBeNull();
    expect(resolveBuildFile(build, '/nope')).toBeNull();
  });
});

describe('canonicalPath', () => {
  it('strips .html and /index.html', () => {
    expect(canonicalPath('/docs/features.html')).toBe('/docs/features');
    expect(canonicalPath('/docs/features/index.html')).toBe('/docs/features');
    expect(canonicalPath('/index.html')).toBe('/');
    expect(canonicalPath('/docs/features')).toBeNull();
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets, the index and its shards for a year, and revalidates pages', () => {
    // @fastify/static passes absolute file paths.
    const year = 'public, max-age=31536000, immutable';
    expect(cacheControlFor('/srv/build/assets/js/main.abc123.js')).toBe(year);
    expect(cacheControlFor('/srv/build/search-index.0123456789.json.br')).toBe(year);
    expect(cacheControlFor('/srv/build/search-shards/lexicon.0123456789.json')).toBe(year);
    expect(cacheControlFor('/srv/build/search-shards/0123456789.txt.gz')).toBe(year);
    expect(cacheControlFor('/srv/build/search/index.html')).toBe('public, max-age=0, must-revalidate');
  });
});
