import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Takes the module paths out of the chunk registry's browser copy (see ./loader.js): about a third of its bytes,
 * in every page's first load, that only the server render reads.
 */
export default function registryTrimPlugin(): Plugin {
  return {
    name: 'datahub-registry-trim',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {module: {rules: [{test: /[\\/]\.docusaurus[\\/]registry\.js$/, enforce: 'pre', use: [{loader: path.join(__dirname, 'loader.js')}]}]}};
    },
  };
}
