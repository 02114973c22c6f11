/**
 * The vanilla site's page compared with one of ours (scripts/bench/build.ts builds it): its landing page with ours,
 * its one doc page with each of our doc pages; our other pages have no counterpart there.
 */
export const baselineRouteOf = (route: string): string | null => (route === '/' ? '/' : route.startsWith('/docs/') ? '/docs/intro' : null);
