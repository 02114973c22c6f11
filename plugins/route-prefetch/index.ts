import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * Swaps Docusaurus's route prefetcher (the client module of @docusaurus/core that puts prefetch() and preload() on
 * window.docusaurus) for one with the same behaviour (`./client`). The original scans every route of the site, with a
 * regular expression, for each route a link that scrolls into view matches, all in the observer's task: at 340
 * routes that was the longest task after a doc page loaded (about 400 ms at Lighthouse's mobile CPU throttling). This
 * one prefetches each link in an idle callback of its own and compares route keys without a regular expression.
 */
export default function routePrefetchPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-route-prefetch',
    module: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus(\.js)?$/,
    replacement: path.join(__dirname, 'client.js'),
    browserOnly: true,
  });
}
