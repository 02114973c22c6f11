import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {generatedRewritePlugin} from '../generated-rewrite';

/**
 * Takes the module paths out of the chunk registry's browser copy (see ./loader.js): about a third of its bytes,
 * in every page's first load, that only the server render reads.
 */
export default function registryTrimPlugin(): Plugin {
  return generatedRewritePlugin({name: 'datahub-registry-trim', file: /[\\/]\.docusaurus[\\/]registry\.js$/, loader: path.join(__dirname, 'loader.js')});
}
