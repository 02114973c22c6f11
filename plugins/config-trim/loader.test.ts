import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);
const {trimConfigSource, BUILD_ONLY_FIELDS} = require('./loader.js') as {trimConfigSource: (source: string) => string; BUILD_ONLY_FIELDS: string[]};

const configOf = (source: string) => JSON.parse(source.replace(/^[\s\S]*?export default/, '').trim().replace(/;\s*$/, '')) as Record<string, unknown>;

describe('trimConfigSource', () => {
  it('drops the build-only fields and keeps everything the browser reads', () => {
    const source = `/* generated */\nexport default ${JSON.stringify({title: 'DataHub', ssrTemplate: '<html>', presets: [['classic', {}]], plugins: ['x'], themes: [], future: {experimental_router: 'browser'}, customFields: {api: {}}, themeConfig: {navbar: {}}}, null, 2)};\n`;
    expect(configOf(trimConfigSource(source))).toEqual({title: 'DataHub', future: {experimental_router: 'browser'}, customFields: {api: {}}, themeConfig: {navbar: {}}});
  });

  it('stops the build when the generated module is not the object it expects', () => {
    expect(() => trimConfigSource('module.exports = {}')).toThrow(/config-trim/);
  });

  it('no browser code, the site\'s or the theme\'s, reads a dropped field', () => {
    const roots = ['src', 'node_modules/@docusaurus/core/lib/client', 'node_modules/@docusaurus/theme-classic/lib/theme', 'node_modules/@docusaurus/theme-common/lib'];
    const files = roots.flatMap((root) => readdirSync(root, {recursive: true, encoding: 'utf8'}).filter((f) => /\.(tsx?|jsx?)$/.test(f)).map((f) => path.join(root, f)));
    expect(files.length).toBeGreaterThan(100);
    const reads = new RegExp(`siteConfig\\??\\.(${BUILD_ONLY_FIELDS.join('|')})\\b`);
    expect(files.filter((file) => reads.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});

const {trimSiteMetadataSource} = require('./metadata-loader.js') as {trimSiteMetadataSource: (source: string) => string};

describe('trimSiteMetadataSource', () => {
  it('keeps the Docusaurus and site versions and empties the plugin list', () => {
    const source = JSON.stringify({docusaurusVersion: '3.10.2', siteVersion: '0.1.0', pluginVersions: {'docusaurus-plugin-content-docs': {type: 'package', name: '@docusaurus/plugin-content-docs', version: '3.10.2'}}}, null, 2);
    expect(JSON.parse(trimSiteMetadataSource(source))).toEqual({docusaurusVersion: '3.10.2', siteVersion: '0.1.0', pluginVersions: {}});
  });

  it('stops the build when the generated metadata has no plugin list', () => {
    expect(() => trimSiteMetadataSource('{"docusaurusVersion": "4.0.0"}')).toThrow(/config-trim/);
  });

  it('no browser code, the site\'s or the theme\'s, reads the plugin list', () => {
    const roots = ['src', 'node_modules/@docusaurus/core/lib/client', 'node_modules/@docusaurus/theme-classic/lib/theme', 'node_modules/@docusaurus/theme-common/lib', 'node_modules/@docusaurus/theme-search-algolia/lib'];
    const files = roots.flatMap((root) => readdirSync(root, {recursive: true, encoding: 'utf8'}).filter((f) => /\.(tsx?|jsx?)$/.test(f)).map((f) => path.join(root, f)));
    expect(files.filter((file) => /pluginVersions/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
