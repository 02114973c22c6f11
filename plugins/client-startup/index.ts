import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The browser entry of @docusaurus/core: it evaluates the app, preloads the route and hydrates the page. */
const CLIENT_ENTRY = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry(\.js)?$/;

/**
 * Swaps the browser entry for one that takes the same steps with a yield to the browser between them (`./entry.js`),
 * so that starting the site is several short tasks instead of one long one.
 */
export default function clientStartupPlugin(): Plugin {
  // Plain JavaScript with JSX: the replacement is compiled with the loaders chosen for the module it replaces.
  const replacement = path.join(__dirname, 'entry.js');
  return {
    name: 'datahub-client-startup',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(CLIENT_ENTRY, replacement)]};
    },
  };
}
