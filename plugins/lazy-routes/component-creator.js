// Stands in for @docusaurus/core/lib/client/exports/ComponentCreator.js in the browser (swapped in by ./index.ts).
// The generated routes call ComponentCreator once per route (about 340 here) while their module is evaluated, and
// each call builds a react-loadable component with its chunk loaders: the longest step of starting the site. This
// returns at once a component that makes the original's on its first render or preload, then renders it unchanged.
import React from 'react';
// The query keeps this import of the original from matching the replacement rule (see ./index.ts).
import createRouteComponent from '@docusaurus/core/lib/client/exports/ComponentCreator.js?original';

export default function ComponentCreator(path, hash) {
  let made = null;
  const routeComponent = () => (made ??= createRouteComponent(path, hash));
  function LazyRouteComponent(props) {
    const RouteComponent = routeComponent();
    return <RouteComponent {...props} />;
  }
  // preload.js and link prefetching call route.component.preload() before the route renders.
  LazyRouteComponent.preload = () => routeComponent().preload();
  return LazyRouteComponent;
}
