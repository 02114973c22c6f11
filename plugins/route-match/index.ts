import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * Gives React Router (the only importer of path-to-regexp in the browser bundle) a path-to-regexp whose patterns for
 * static paths compare strings instead of running a RegExp (`./path-to-regexp.js`), so matching a URL against the
 * site's 340 routes no longer compiles hundreds of them.
 */
export default function routeMatchPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-route-match',
    module: /^path-to-regexp$/,
    replacement: path.join(__dirname, 'path-to-regexp.js'),
    browserOnly: true,
  });
}
