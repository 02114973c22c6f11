import {mkdtempSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {EAGER_SCRIPTS_ATTRIBUTE, PAGE_SCRIPTS_ID, pageScriptUrls} from './loader';
import {addRouteChunksToEagerPages, routeChunkScripts} from './route-chunks';

const routesChunkNames = {
  '/search/-21b': {__comp: 'd2e62d7d', __context: {plugin: 'a7456010'}, config: '5e9f5e1a'},
  '/docs/features-3a1': {__comp: '0058b4c6'},
};
const manifest = {
  origins: {d2e62d7d: ['4014', '988', '728'], a7456010: ['3056'], '0058b4c6': ['111']},
  assets: {
    '4014': {},
    '988': {js: [{publicPath: '/assets/js/988.aa.js'}]},
    '728': {js: [{publicPath: '/assets/js/d2e62d7d.bb.js'}]},
    '3056': {js: [{publicPath: '/assets/js/a7456010.cc.js'}]},
    '111': {js: [{publicPath: '/assets/js/0058b4c6.dd.js'}]},
  },
};

const page = (eager: boolean) =>
  `<html lang=en${eager ? ` ${EAGER_SCRIPTS_ATTRIBUTE}=""` : ''}><body><script type=application/json id=${PAGE_SCRIPTS_ID}>["/assets/js/runtime~main.1.js","/assets/js/main.2.js"]</script></body></html>`;

describe('route chunks of eager pages', () => {
  it('finds the script files of a route, with or without its trailing slash', () => {
    const expected = ['/assets/js/988.aa.js', '/assets/js/d2e62d7d.bb.js', '/assets/js/a7456010.cc.js'];
    expect(routeChunkScripts('/search', routesChunkNames, manifest)).toEqual(expected);
    expect(routeChunkScripts('/search/', routesChunkNames, manifest)).toEqual(expected);
    expect(routeChunkScripts('/nowhere', routesChunkNames, manifest)).toEqual([]);
  });

  it('appends them to the page scripts of eager pages only', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'route-chunks-'));
    const generated = mkdtempSync(path.join(tmpdir(), 'route-chunks-gen-'));
    writeFileSync(path.join(generated, 'client-manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(generated, 'routesChunkNames.json'), JSON.stringify(routesChunkNames));
    mkdirSync(path.join(outDir, 'search'));
    mkdirSync(path.join(outDir, 'docs/features'), {recursive: true});
    const search = path.join(outDir, 'search/index.html');
    const doc = path.join(outDir, 'docs/features/index.html');
    writeFileSync(search, page(true));
    writeFileSync(doc, page(false));
    expect(await addRouteChunksToEagerPages(outDir, generated, [search, doc])).toBe(1);
    expect(pageScriptUrls(readFileSync(search, 'utf8'))).toEqual([
      '/assets/js/runtime~main.1.js', '/assets/js/main.2.js', '/assets/js/988.aa.js', '/assets/js/d2e62d7d.bb.js', '/assets/js/a7456010.cc.js',
    ]);
    expect(readFileSync(doc, 'utf8')).toBe(page(false));
  });
});
