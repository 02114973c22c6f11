export type ColorScheme = 'light' | 'dark';
/** How a route was checked: in Chromium in one colour mode, or as the HTML the server sends. */
export type VisitMode = ColorScheme | 'served HTML';

/** What one page visit of the crawler found. */
export interface Visit {
  route: string;
  mode: VisitMode;
  /** Every reason the route fails; empty when it passes. */
  problems: string[];
  ms: number;
}

/** The site-relative paths of a sitemap.xml, in its order, without duplicates. */
export function sitemapRoutes(xml: string): string[] {
  const locs = Array.from(xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g), (m) => new URL(m[1]).pathname);
  return [...new Set(locs)];
}

/** One message listing every offending route (sorted) with its reasons, or '' when every visit passed. */
export function crawlReport(visits: Visit[]): string {
  const failing = visits.filter((v) => v.problems.length > 0).sort((a, b) => a.route.localeCompare(b.route) || a.mode.localeCompare(b.mode));
  if (failing.length === 0) return '';
  const lines = failing.map((v) => `${v.route} (${v.mode}):\n${[...new Set(v.problems)].map((p) => `    - ${p}`).join('\n')}`);
  return `${failing.length} of ${visits.length} page visits have problems:\n${lines.join('\n')}`;
}
