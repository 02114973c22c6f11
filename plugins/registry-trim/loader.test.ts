import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);
const {trimRegistrySource} = require('./loader.js') as {trimRegistrySource: (source: string) => string};

describe('trimRegistrySource', () => {
  it('empties the module path of every registry entry and keeps its loader and weak id', () => {
    const source = [
      'export default {',
      '  "002096b6": [() => import(/* webpackChunkName: "002096b6" */ "@site/docs/how/add.md"), "@site/docs/how/add.md", require.resolveWeak("@site/docs/how/add.md")],',
      '  "0058b4c6": [() => import(/* webpackChunkName: "0058b4c6" */ "@generated/p/docs-175.json"), "@generated/p/docs-175.json", require.resolveWeak("@generated/p/docs-175.json")],',
      '};',
    ].join('\n');
    expect(trimRegistrySource(source)).toBe(
      [
        'export default {',
        '  "002096b6": [() => import(/* webpackChunkName: "002096b6" */ "@site/docs/how/add.md"), "", require.resolveWeak("@site/docs/how/add.md")],',
        '  "0058b4c6": [() => import(/* webpackChunkName: "0058b4c6" */ "@generated/p/docs-175.json"), "", require.resolveWeak("@generated/p/docs-175.json")],',
        '};',
      ].join('\n'),
    );
  });

  it('leaves an entry alone when its path is not the one imported', () => {
    const odd = '"x": [() => import("a.md"), "b.md", require.resolveWeak("a.md")],';
    expect(trimRegistrySource(odd)).toBe(odd);
  });
});
