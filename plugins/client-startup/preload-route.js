// Stands in for @docusaurus/core/lib/client/preload.js in the browser (swapped in by ./index.ts), which the entry's
// first render and a client-side navigation wait for: each route layer matching a path, and its decoded form, loads
// its chunks, as there, but the first time a path is preloaded each layer starts in a task of its own: adding all of
// a doc page's chunk scripts and stylesheets in one task made it a long one on a phone.
import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';

/** Paths whose route layers have been preloaded: their chunks are there, so preloading them again takes no task. */
const preloaded = new Set();

export default async function preloadRoute(pathname) {
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((path) => matchRoutes(routes, path));
  // A navigation that changes only the query or the hash (a filter typed into the URL) renders once this resolves,
  // so it must not wait for other tasks: keys typed meanwhile would be rendered over by the older URL.
  const again = preloaded.has(pathname);
  preloaded.add(pathname);
  const loads = [];
  for (const {route} of matches) {
    // A new task, as the entry's yieldToBrowser starts one.
    if (!again) await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0)));
    loads.push(route.component.preload?.());
  }
  return Promise.all(loads);
}
