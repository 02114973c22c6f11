/** Edit distance between two strings (insertions, deletions and substitutions of one character each). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** A path as routes are written: lowercase, without ".html", "/index" or a trailing slash. */
const normalized = (path: string) =>
  path
    .toLowerCase()
    .replace(/(\/index)?\.html?$/, '')
    .replace(/\/+$/, '');

/**
 * The route a mistyped path most likely meant: the nearest by edit distance, when it differs by at most a third of
 * the path's last segment (a typo or two, a missing letter), or null when no route is that close.
 */
export function closestRoute(path: string, routes: readonly string[]): string | null {
  const target = normalized(path);
  const lastSegment = target.slice(target.lastIndexOf('/') + 1);
  const allowed = Math.max(1, Math.floor(lastSegment.length / 3));
  let best: {route: string; distance: number} | null = null;
  for (const route of routes) {
    const distance = editDistance(target, normalized(route));
    if (distance <= allowed && (!best || distance < best.distance)) best = {route, distance};
  }
  return best?.route ?? null;
}
