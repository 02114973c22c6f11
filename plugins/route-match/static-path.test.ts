import {describe, expect, it} from 'vitest';
import pathToRegexp from 'path-to-regexp';
import {staticPathPattern} from './static-path';

const paths = ['/', '/docs', '/docs/', '/docs/features', '/docs/generated/ingestion/sources/snowflake', '/search/', '/a.b', '/with-dash_and.dot/'];
const inputs = [
  '', '/', '//', '/docs', '/docs/', '/docs//', '/DOCS', '/Docs/Features', '/docs/features', '/docs/features/', '/docs/features/x',
  '/docs/featuresx', '/docsx', '/docs/generated/ingestion/sources/snowflake', '/docs/generated/ingestion/sources/snowflake/',
  '/search', '/search/', '/search/x', '/a.b', '/axb', '/with-dash_and.dot', '/with-dash_and.dot/', '/with-dash_and.dot/more',
  '/docs/caf\u00e9', '/\u017fearch', '/DOCS/FEATURES/',
];
const optionSets = [
  {end: true, strict: false, sensitive: false},
  {end: false, strict: false, sensitive: false},
  {end: true, strict: false, sensitive: true},
  {end: false, strict: false, sensitive: true},
];

const plain = (match: RegExpExecArray | null) => (match ? [...match] : null);

describe('staticPathPattern', () => {
  it('matches exactly what path-to-regexp matches for static paths', () => {
    let compared = 0;
    for (const path of paths)
      for (const options of optionSets) {
        const pattern = staticPathPattern(path, options, () => pathToRegexp(path, [], options));
        expect(pattern, `${path} ${JSON.stringify(options)}`).toBeDefined();
        const regexp = pathToRegexp(path, [], options);
        for (const input of inputs) {
          expect(plain(pattern!.exec(input)), `${path} on ${input} with ${JSON.stringify(options)}`).toEqual(plain(regexp.exec(input)));
          compared++;
        }
      }
    expect(compared).toBe(paths.length * optionSets.length * inputs.length);
  });

  it('leaves parameters, wildcards, groups, strict matching and non-ASCII paths to path-to-regexp', () => {
    const build = () => /x/;
    for (const path of ['/docs/:id', '/docs/*', '/docs/(a|b)', '/docs\\:x', '/caf\u00e9'])
      expect(staticPathPattern(path, {end: true}, build), path).toBeUndefined();
    expect(staticPathPattern('/docs', {end: true, strict: true}, build)).toBeUndefined();
  });
});
