import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** React Router's import of path-to-regexp (the only one in the browser bundle). */
const PATH_TO_REGEXP = /^path-to-regexp$/;

/**
 * Gives React Router a path-to-regexp whose patterns for static paths compare strings instead of running a RegExp
 * (`./path-to-regexp.js`), so matching a URL against the site's 340 routes no longer compiles hundreds of them.
 */
export default function routeMatchPlugin(): Plugin {
  const replacement = path.join(__dirname, 'path-to-regexp.js');
  return {
    name: 'datahub-route-match',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(PATH_TO_REGEXP, replacement)]};
    },
  };
}
