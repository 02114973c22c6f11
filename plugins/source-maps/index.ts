import type {Plugin} from '@docusaurus/types';

/** Environment variable that asks the production build for source maps of the browser bundle. */
export const SOURCE_MAPS_ENV = 'BUNDLE_SOURCE_MAPS';

/**
 * With BUNDLE_SOURCE_MAPS=1, the browser bundle gets hidden source maps (`<chunk>.js.map` beside each chunk, no
 * comment pointing at them in the chunk), which `npm run analyze` reads to attribute each chunk's bytes to its
 * modules. The chunks themselves are the same bytes as without maps, so the budgets measured on such a build hold.
 */
export default function sourceMapsPlugin(): Plugin {
  return {
    name: 'datahub-source-maps',
    configureWebpack(_config, isServer) {
      if (isServer || process.env[SOURCE_MAPS_ENV] !== '1') return {};
      return {devtool: 'hidden-source-map'};
    },
  };
}
