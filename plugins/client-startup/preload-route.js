// Stands in for @docusaurus/core/lib/client/preload.js in the browser (swapped in by ./index.ts), which the entry's
// first render and a client-side navigation wait for: each route layer matching a path, and its decoded form, loads
// its chunks, as there, but each layer starts in a task of its own: adding all of a doc page's chunk scripts and
// stylesheets in one task made it a long one on a phone.
import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';

export default async function preloadRoute(pathname) {
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((path) => matchRoutes(routes, path));
  const loads = [];
  for (const {route} of matches) {
    // A new task, as the entry's yieldToBrowser starts one.
    await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0)));
    loads.push(route.component.preload?.());
  }
  return Promise.all(loads);
}
