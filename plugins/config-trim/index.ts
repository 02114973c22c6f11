import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

type WebpackConfig = Exclude<ReturnType<NonNullable<Plugin['configureWebpack']>>, void>;
import {generatedRewritePlugin} from '../generated-rewrite';

/**
 * Drops what no client code reads from two generated files of every page's first load: the build-only fields (the
 * page template, the plugin, preset and theme options) of the browser's copy of the site config, about 1 KiB gzip
 * (./loader.js), and the plugin list of the site metadata, about 0.4 KiB (./metadata-loader.js).
 */
const rewrites = [
  generatedRewritePlugin({name: 'datahub-config-trim', file: /[\\/]\.docusaurus[\\/]docusaurus\.config\.mjs$/, loader: path.join(__dirname, 'loader.js')}),
  generatedRewritePlugin({name: 'datahub-site-metadata-trim', file: /[\\/]\.docusaurus[\\/]site-metadata\.json$/, loader: path.join(__dirname, 'metadata-loader.js')}),
];

export default function configTrimPlugin(): Plugin {
  return {
    name: 'datahub-config-trim',
    configureWebpack(...args) {
      const results = rewrites.map((rewrite) => rewrite.configureWebpack?.(...args) as WebpackConfig | undefined);
      return {module: {rules: results.flatMap((result) => result?.module?.rules ?? [])}};
    },
  };
}
