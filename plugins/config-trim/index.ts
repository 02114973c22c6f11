import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Drops the build-only fields (the page template, the plugin, preset and theme options) from the browser's copy of
 * the site config (see ./loader.js): about 1 KiB gzip of every page's first load that no client code reads.
 */
export default function configTrimPlugin(): Plugin {
  return {
    name: 'datahub-config-trim',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {module: {rules: [{test: /[\\/]\.docusaurus[\\/]docusaurus\.config\.mjs$/, enforce: 'pre', use: [{loader: path.join(__dirname, 'loader.js')}]}]}};
    },
  };
}
