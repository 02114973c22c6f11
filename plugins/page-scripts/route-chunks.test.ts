import {mkdtempSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {EAGER_SCRIPTS_ATTRIBUTE, FIRST_SCRIPT_ATTRIBUTE, firstScriptUrl, PAGE_SCRIPTS_ID, pageScriptUrls} from './loader';
import {addRouteChunks, routeChunkScripts, routeChunkStylesheets} from './route-chunks';

const routesChunkNames = {
  '/search/-21b': {__comp: 'd2e62d7d', __context: {plugin: 'a7456010'}, config: '5e9f5e1a'},
  '/docs/features-3a1': {__comp: '0058b4c6'},
  '/integrations-f00': {__comp: '1df93b7f'},
};
const manifest = {
  origins: {d2e62d7d: ['4014', '988', '728'], a7456010: ['3056'], '0058b4c6': ['111'], '1df93b7f': ['4014', '9452']},
  assets: {
    // The shared "styles" chunk, under its name before pruning: every page links it already.
    '4014': {css: [{publicPath: '/assets/css/styles.0123abcd.css'}]},
    '9452': {js: [{publicPath: '/assets/js/1df93b7f.ee.js'}], css: [{publicPath: '/assets/css/1df93b7f.ff.css'}]},
    '988': {js: [{publicPath: '/assets/js/988.aa.js'}]},
    '728': {js: [{publicPath: '/assets/js/d2e62d7d.bb.js'}]},
    '3056': {js: [{publicPath: '/assets/js/a7456010.cc.js'}]},
    '111': {js: [{publicPath: '/assets/js/0058b4c6.dd.js'}]},
  },
};

/** A page whose scripts start at once (eager), after its first script (first), or after the first paint (null). */
const page = (start: 'eager' | 'first' | null) =>
  `<html lang=en${start === 'eager' ? ` ${EAGER_SCRIPTS_ATTRIBUTE}=""` : start === 'first' ? ` ${FIRST_SCRIPT_ATTRIBUTE}=/assets/js/first.1.js` : ''}><head><link rel=stylesheet href=/assets/css/styles.89abcdef.css /></head><body><script type=application/json id=${PAGE_SCRIPTS_ID}>["/assets/js/runtime~main.1.js","/assets/js/main.2.js"]</script></body></html>`;

describe('route chunks of eager pages', () => {
  it('finds the script files of a route, with or without its trailing slash', () => {
    const expected = ['/assets/js/988.aa.js', '/assets/js/d2e62d7d.bb.js', '/assets/js/a7456010.cc.js'];
    expect(routeChunkScripts('/search', routesChunkNames, manifest)).toEqual(expected);
    expect(routeChunkScripts('/search/', routesChunkNames, manifest)).toEqual(expected);
    expect(routeChunkScripts('/nowhere', routesChunkNames, manifest)).toEqual([]);
  });

  it('finds the stylesheets of a route, leaving out the shared one', () => {
    expect(routeChunkStylesheets('/integrations', routesChunkNames, manifest)).toEqual(['/assets/css/1df93b7f.ff.css']);
    expect(routeChunkStylesheets('/search', routesChunkNames, manifest)).toEqual([]);
  });

  it('links every page\'s route stylesheets, and appends the route scripts to the page scripts of pages that do not wait for a paint only', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'route-chunks-'));
    const generated = mkdtempSync(path.join(tmpdir(), 'route-chunks-gen-'));
    writeFileSync(path.join(generated, 'client-manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(generated, 'routesChunkNames.json'), JSON.stringify(routesChunkNames));
    mkdirSync(path.join(outDir, 'search'));
    mkdirSync(path.join(outDir, 'docs/features'), {recursive: true});
    mkdirSync(path.join(outDir, 'integrations'));
    mkdirSync(path.join(outDir, 'assets/css'), {recursive: true});
    writeFileSync(path.join(outDir, 'assets/css/1df93b7f.ff.css'), '.layout_x{display:grid}');
    const search = path.join(outDir, 'search/index.html');
    const doc = path.join(outDir, 'docs/features/index.html');
    const integrations = path.join(outDir, 'integrations/index.html');
    writeFileSync(search, page('first'));
    writeFileSync(doc, page('eager'));
    writeFileSync(integrations, page(null));
    expect(await addRouteChunks(outDir, generated, [search, doc, integrations])).toEqual({styled: 1, eager: 2});
    const styled = readFileSync(integrations, 'utf8');
    expect(styled).toContain('<style data-href="/assets/css/1df93b7f.ff.css">.layout_x{display:grid}</style></head>');
    expect(pageScriptUrls(styled)).toEqual(['/assets/js/runtime~main.1.js', '/assets/js/main.2.js']);
    // Run again on the same build (a second postBuild): nothing is linked twice.
    expect(await addRouteChunks(outDir, generated, [integrations])).toEqual({styled: 0, eager: 0});
    expect(pageScriptUrls(readFileSync(search, 'utf8'))).toEqual([
      '/assets/js/runtime~main.1.js', '/assets/js/main.2.js', '/assets/js/988.aa.js', '/assets/js/d2e62d7d.bb.js', '/assets/js/a7456010.cc.js',
    ]);
    expect(firstScriptUrl(readFileSync(search, 'utf8'))).toBe('/assets/js/first.1.js');
    expect(pageScriptUrls(readFileSync(doc, 'utf8'))).toEqual(['/assets/js/runtime~main.1.js', '/assets/js/main.2.js', '/assets/js/0058b4c6.dd.js']);
    expect(firstScriptUrl(readFileSync(doc, 'utf8'))).toBeNull();
  });
});
