import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * `@docusaurus/utils-common`'s entry is compiled with TypeScript's `importHelpers`: its one `require("tslib")` puts all
 * of tslib (about 3 KB gzip) in every page's first load for a single interop call. In the browser bundle the entry is
 * `./utils-common.js`, which re-exports the same functions from the package's own files without tslib.
 */
export default function utilsCommonEsmPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-utils-common-esm',
    module: /[\\/]@docusaurus[\\/]utils-common[\\/]lib[\\/]index\.js$/,
    replacement: path.join(__dirname, 'utils-common.js'),
    browserOnly: true,
  });
}
