import {mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {darkCodeTheme, lightCodeTheme} from '../../src/colors/code-themes';
import {codeThemeCss} from './code-theme-css';

const require = createRequire(path.join(process.cwd(), 'package.json'));

/**
 * Keeps Prism out of the browser's page loads. Code blocks are tokenised when the site is rendered to HTML; their
 * tokens carry class names only, coloured per mode by a generated stylesheet, so the browser keeps the static
 * tokens as they are (src/theme/CodeBlock/Content) and never re-mounts a block for the other colour mode.
 *
 * - The classic theme registers Prism languages from a client module, which would put all of prism-react-renderer
 *   (about 25 KB gzip) in every page's first load: that module is swapped for an empty one, and the languages
 *   register with src/features/code/PrismLines instead.
 * - `code-block-lines` is PrismLines on the server and LazyPrismLines in the browser, which loads Prism only for a
 *   block that was not in the page's HTML (after a client-side navigation).
 */
export default function prismOnDemandPlugin(context: LoadContext): Plugin {
  const themeDir = path.dirname(require.resolve('@docusaurus/theme-classic'));
  const clientModule = path.join(themeDir, 'prism-include-languages');
  const empty = path.join(context.siteDir, 'plugins/prism-on-demand/empty-client-module.js');
  const codeDir = path.join(context.siteDir, 'src/features/code');
  const stylesheet = path.join(context.generatedFilesDir, 'code-theme', 'code-theme.css');
  mkdirSync(path.dirname(stylesheet), {recursive: true});
  writeFileSync(stylesheet, codeThemeCss(lightCodeTheme, darkCodeTheme));
  return {
    name: 'datahub-prism-on-demand',
    getClientModules: () => [stylesheet],
    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            [`${clientModule}$`]: empty,
            [`${clientModule}.js$`]: empty,
            'code-block-lines$': path.join(codeDir, isServer ? 'PrismLines.tsx' : 'LazyPrismLines.tsx'),
          },
        },
      };
    },
  };
}
