import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * Swaps the browser entry of @docusaurus/core (it evaluates the app, preloads the route and hydrates the page) for
 * one that takes the same steps with a yield to the browser between them (`./entry.js`), so that starting the site
 * is several short tasks instead of one long one.
 */
export default function clientStartupPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-client-startup',
    module: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry(\.js)?$/,
    replacement: path.join(__dirname, 'entry.js'),
    browserOnly: true,
  });
}
