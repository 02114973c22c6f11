import {mkdtempSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);
const {compactGlobalDataSource} = require('./loader.js') as {compactGlobalDataSource: (source: string) => string};

/** Runs the loader's output as the browser would, and returns its default export. */
async function load(source: string): Promise<unknown> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'global-data-')), 'globalData.mjs');
  writeFileSync(file, compactGlobalDataSource(source));
  return (await import(pathToFileURL(file).href)).default;
}

const globalData = {
  'docusaurus-plugin-content-docs': {
    default: {
      path: '/docs',
      versions: [
        {
          name: 'current',
          path: '/docs',
          mainDocId: 'features',
          docs: [
            {id: 'features', path: '/docs/features', sidebar: 'overview'},
            {id: 'advanced/backfilling', path: '/docs/advanced/backfilling'},
            {id: 'intro', path: '/docs/', sidebar: 'overview'},
            {id: 'how/other', path: '/docs/how/other', sidebar: 'api'},
          ],
          draftIds: [],
          sidebars: {overview: {link: {path: '/docs/features', label: 'features'}}, api: {}},
        },
      ],
      breadcrumbs: true,
    },
  },
  'datahub-search-index': {default: {lexicon: '/search/lexicon.json'}},
};

describe('compactGlobalDataSource', () => {
  it('rebuilds exactly the global data it was given', async () => {
    expect(await load(JSON.stringify(globalData))).toEqual(globalData);
  });

  it('stores fewer bytes than the JSON it replaces when paths repeat the ids', () => {
    const docs = Array.from({length: 300}, (_, i) => ({id: `guides/page-${i}`, path: `/docs/guides/page-${i}`, sidebar: 'overview'}));
    const many = {'docusaurus-plugin-content-docs': {default: {path: '/docs', versions: [{...globalData['docusaurus-plugin-content-docs'].default.versions[0], docs}]}}};
    expect(compactGlobalDataSource(JSON.stringify(many)).length).toBeLessThan(JSON.stringify(many).length * 0.5);
  });

  it('stops the build when the docs plugin\'s data is not the shape it packs', () => {
    expect(() => compactGlobalDataSource(JSON.stringify({'docusaurus-plugin-content-docs': {default: {path: '/docs'}}}))).toThrow(/global-data-compact/);
  });
});
