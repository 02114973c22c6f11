import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The theme's React helpers; they hold useShallowMemoObject, the only localeCompare call on a page load. */
const REACT_UTILS = /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/;

/**
 * Serves the theme's React helpers through `./react-utils.js`, which re-exports them with a useShallowMemoObject
 * that does not call localeCompare (see there). The replacement itself still imports the original module.
 */
export default function shallowMemoPlugin(): Plugin {
  const replacement = path.join(__dirname, 'react-utils.js');
  const original = path.join(path.dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'reactUtils.js');
  return {
    name: 'datahub-shallow-memo',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        resolve: {alias: {'@docusaurus/theme-common/react-utils-original': original}},
        plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(REACT_UTILS, replacement)],
      };
    },
  };
}
