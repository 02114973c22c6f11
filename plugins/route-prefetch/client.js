// Stands in for @docusaurus/core/lib/client/docusaurus.js (swapped in by ./index.ts): the same window.docusaurus
// prefetch() and preload(), the same connection checks, with a cheaper chunk lookup and the work of a prefetch done
// when the main thread is idle, each chunk URL requested once.
import {matchRoutes} from 'react-router-config';
import routesChunkNames from '@generated/routesChunkNames';
import routes from '@generated/routes';
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';
import preloadHelper from '@docusaurus/core/lib/client/preload';
import flat from '@docusaurus/core/lib/client/flat';
import {isPrefetchHeld} from '../../src/features/prefetch/hold';

const fetched = new Set();
const loaded = new Set();

// Prefetching is skipped on 2g connections and when the reader asked the browser to save data (spec 4).
const isSlowConnection = () => navigator.connection?.effectiveType?.includes('2g') || navigator.connection?.saveData;
const canPrefetch = (routePath) => !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath) => !isSlowConnection() && !loaded.has(routePath);

/**
 * Chunk names of one route path. Keys of routesChunkNames are route paths plus "-<hash>"; scanning them for one path
 * costs a fraction of a millisecond, where indexing every route at the first prefetch made that idle task the longest
 * after a page loaded.
 */
function chunkNamesOf(routePath) {
  const names = [];
  for (const [routeNameWithHash, routeChunks] of Object.entries(routesChunkNames)) {
    if (routeNameWithHash.slice(0, routeNameWithHash.lastIndexOf('-')) === routePath) names.push(...Object.values(flat(routeChunks)));
  }
  return names;
}

const whenIdle = (task) =>
  new Promise((resolve) => {
    const run = () => (isPrefetchHeld() ? setTimeout(schedule, 100) : resolve(task()));
    const schedule = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, {timeout: 2000}) : setTimeout(run, 1));
    schedule();
  });

/** Chunk URLs already on the page or already prefetched: routes share their parents' chunks (layouts, sidebars). */
let requestedChunks;
function isNewChunk(url) {
  requestedChunks ??= new Set(Array.from(document.scripts, (script) => script.src && new URL(script.src).pathname));
  const {pathname} = new URL(url, window.location.href);
  if (requestedChunks.has(pathname)) return false;
  requestedChunks.add(pathname);
  return true;
}

const prefetch = (routePath) => {
  if (!canPrefetch(routePath)) return false;
  fetched.add(routePath);
  return whenIdle(() =>
    Promise.all(
      matchRoutes(routes, routePath)
        .flatMap((match) => chunkNamesOf(match.route.path))
        .map((chunkName) => {
          // __webpack_require__.gca (Docusaurus's ChunkAssetPlugin) maps a chunk name to its URL; a chunk merged
          // into another one has no URL of its own.
          const chunkAsset = __webpack_require__.gca(chunkName);
          return chunkAsset && !chunkAsset.includes('undefined') && isNewChunk(chunkAsset) ? prefetchHelper(chunkAsset) : Promise.resolve();
        }),
    ),
  );
};

const preload = (routePath) => {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath);
};

export default Object.freeze({prefetch, preload});
