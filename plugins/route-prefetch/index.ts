import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * Swaps Docusaurus's route prefetcher (the client module of @docusaurus/core that puts prefetch() and preload() on
 * window.docusaurus) for one with the same behaviour and a precomputed route -> chunks index (`./client`). The
 * original scans every route of the site, with a regular expression, for each link that scrolls into view: at 340
 * routes that was the longest task after a doc page loaded (about 400 ms at Lighthouse's mobile CPU throttling).
 */
export default function routePrefetchPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-route-prefetch',
    module: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus(\.js)?$/,
    replacement: path.join(__dirname, 'client.js'),
    browserOnly: true,
  });
}
