import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * Makes each route's loadable component when the route is first rendered or preloaded, not while the generated
 * routes module is evaluated (see ./component-creator.js). Browser bundle only: the server render keeps the original.
 */
export default function lazyRoutesPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-lazy-routes',
    module: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]ComponentCreator(\.js)?$/,
    replacement: path.join(__dirname, 'component-creator.js'),
    browserOnly: true,
  });
}
