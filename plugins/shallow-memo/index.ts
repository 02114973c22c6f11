import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * Serves the theme's React helpers (they hold useShallowMemoObject, the only localeCompare call on a page load)
 * through `./react-utils.js`, which re-exports them with a useShallowMemoObject that does not call localeCompare (see
 * there). The replacement reaches the original through an alias, past the package's exports map.
 */
export default function shallowMemoPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-shallow-memo',
    module: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    replacement: path.join(__dirname, 'react-utils.js'),
    browserOnly: false,
    alias: {'@docusaurus/theme-common/react-utils-original': path.join(path.dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'reactUtils.js')},
  });
}
