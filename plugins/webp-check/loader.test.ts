import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {IDEAL_IMAGE_HELPERS} from './index';

const require = createRequire(import.meta.url);
const {rewriteWebpCheck} = require('./loader.js') as {rewriteWebpCheck: (source: string) => string};
const helpersFile = path.join(path.dirname(require.resolve('@docusaurus/plugin-ideal-image/package.json')), 'lib/theme/IdealImageLegacy/components/helpers.js');

describe('the WebP check of the ideal-image helpers', () => {
  it('matches the installed helpers module', () => {
    expect(IDEAL_IMAGE_HELPERS.test(helpersFile)).toBe(true);
  });

  it('encodes a 1 x 1 canvas instead of the default 300 x 150 one, and changes nothing else', () => {
    const source = readFileSync(helpersFile, 'utf8');
    const rewritten = rewriteWebpCheck(source);
    expect(rewritten).toContain("Object.assign(document.createElement('canvas'), {width: 1, height: 1})");
    expect(rewritten.replace(/Object\.assign\((document\.createElement\('canvas'\)), \{width: 1, height: 1\}\)/, '$1')).toBe(source);
  });

  it('stops the build when the check is written differently', () => {
    expect(() => rewriteWebpCheck('export const supportsWebp = true;')).toThrow(/no longer create their WebP canvas/);
  });
});
