// Stands in for @docusaurus/core/lib/client/docusaurus.js (swapped in by ./index.ts): the same window.docusaurus
// prefetch() and preload(), the same connection checks, with a cheaper chunk lookup and the work of a prefetch done
// in short slices when the main thread is idle, each chunk looked up and requested once.
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

/**
 * Prefetching waits for idle time and works in slices of at most SLICE_MS, one step at a time (a route's chunk lookup,
 * or one chunk's prefetch link), so that it never makes a long task: on a phone's CPU, looking a route up and adding
 * its seven links in one idle callback took over 20 ms.
 */
const SLICE_MS = 3;
const steps = [];
let scheduled = false;

function scheduleSteps() {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(runSteps, {timeout: 2000});
  else setTimeout(runSteps, 1);
}

function runSteps() {
  scheduled = false;
  if (isPrefetchHeld()) {
    setTimeout(scheduleSteps, 100);
    return;
  }
  const start = performance.now();
  try {
    // A slice scheduled after a hold may find the steps already run by another slice.
    while (steps.length > 0) {
      steps.shift()();
      if (performance.now() - start >= SLICE_MS) break;
    }
  } finally {
    if (steps.length > 0) scheduleSteps();
  }
}

/** Runs `step` in a slice of idle time and resolves with its result. */
const inIdleSteps = (step) =>
  new Promise((resolve) => {
    steps.push(() => resolve(step()));
    scheduleSteps();
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

/**
 * Chunk names looked up already. __webpack_require__.gca (Docusaurus's ChunkAssetPlugin) maps a chunk name to its URL
 * by building the table of every chunk's name and file on each call, so a name shared by many routes is looked up once.
 */
const lookedUp = new Set();

/** URLs of a route's chunks that no earlier prefetch or page script requested; a chunk merged into another has none. */
function newChunkUrls(routePath) {
  return matchRoutes(routes, routePath)
    .flatMap((match) => chunkNamesOf(match.route.path))
    .filter((chunkName) => !lookedUp.has(chunkName) && lookedUp.add(chunkName))
    .map((chunkName) => __webpack_require__.gca(chunkName))
    .filter((chunkAsset) => chunkAsset && !chunkAsset.includes('undefined') && isNewChunk(chunkAsset));
}

const prefetch = (routePath) => {
  if (!canPrefetch(routePath)) return false;
  fetched.add(routePath);
  return inIdleSteps(() => Promise.all(newChunkUrls(routePath).map((url) => inIdleSteps(() => prefetchHelper(url)))));
};

const preload = (routePath) => {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath);
};

export default Object.freeze({prefetch, preload});
