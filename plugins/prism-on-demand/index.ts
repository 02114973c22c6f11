import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const require = createRequire(path.join(process.cwd(), 'package.json'));

/**
 * Keeps Prism out of every page's main bundle. The classic theme registers Prism languages from a client module,
 * which imports all of prism-react-renderer (about 25 KB gzip) into the first load of every page, code or not. This
 * plugin swaps that client module for an empty one; the CodeBlock wrapper (src/theme/CodeBlock) registers the
 * same languages, so Prism ships with the code block's chunk and only pages that show code load it.
 */
export default function prismOnDemandPlugin(context: LoadContext): Plugin {
  const themeDir = path.dirname(require.resolve('@docusaurus/theme-classic'));
  const clientModule = path.join(themeDir, 'prism-include-languages');
  const empty = path.join(context.siteDir, 'plugins/prism-on-demand/empty-client-module.js');
  return {
    name: 'datahub-prism-on-demand',
    configureWebpack() {
      return {resolve: {alias: {[`${clientModule}$`]: empty, [`${clientModule}.js$`]: empty}}};
    },
  };
}
