import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {generatedRewritePlugin} from '../generated-rewrite';

/**
 * Drops the build-only fields (the page template, the plugin, preset and theme options) from the browser's copy of
 * the site config (see ./loader.js): about 1 KiB gzip of every page's first load that no client code reads.
 */
export default function configTrimPlugin(): Plugin {
  return generatedRewritePlugin({name: 'datahub-config-trim', file: /[\\/]\.docusaurus[\\/]docusaurus\.config\.mjs$/, loader: path.join(__dirname, 'loader.js')});
}
