import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The client module of @docusaurus/core that puts prefetch() and preload() on window.docusaurus. */
const CORE_CLIENT = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus(\.js)?$/;

/**
 * Swaps Docusaurus's route prefetcher for one with the same behaviour and a precomputed route -> chunks index
 * (`./client`). The original scans every route of the site, with a regular expression, for each link that scrolls
 * into view: at 340 routes that was the longest task after a doc page loaded (about 400 ms at Lighthouse's mobile
 * CPU throttling).
 */
export default function routePrefetchPlugin(): Plugin {
  // Plain JavaScript: the replacement is compiled with the loaders chosen for the module it replaces.
  const replacement = path.join(__dirname, 'client.js');
  return {
    name: 'datahub-route-prefetch',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(CORE_CLIENT, replacement),
        ],
      };
    },
  };
}
