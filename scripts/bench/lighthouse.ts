import {defaultRoutes, measure, type PageScore} from '../lighthouse';
import type {BenchRow} from './report';

/** Lighthouse runs per page; the median run is reported, as Lighthouse advises for variable scores. */
const RUNS = 3;

/** Vanilla pages compared with ours: its landing page with ours, its first doc page with each of our doc pages. */
const baselineRouteOf = (route: string): string | null => (route === '/' ? '/' : route.startsWith('/docs/') ? '/docs/intro' : null);

/**
 * Lighthouse mobile scores of the five pages of the issue, served by the production server, with the baseline site
 * (scripts/bench/build.ts) measured in the same run where it has a comparable page and was built.
 */
export async function benchLighthouse(buildDir: string, baselineBuildDir: string | null): Promise<BenchRow[]> {
  const log = (line: string) => console.error(`lighthouse ${line}`);
  const ours = await measure(buildDir, defaultRoutes, RUNS, log);
  const baselineRoutes = [...new Set(defaultRoutes.map(baselineRouteOf).filter((r): r is string => r !== null))];
  const theirs = new Map(
    (baselineBuildDir ? await measure(baselineBuildDir, baselineRoutes, RUNS, log) : []).map((s): [string, PageScore] => [s.route, s]),
  );
  return ours.flatMap((score): BenchRow[] => {
    const baseline = theirs.get(baselineRouteOf(score.route) ?? '');
    const vs = baseline ? `; baseline: classic preset alone, ${baseline.route}` : '';
    const note = `median of ${RUNS} runs${vs}; accessibility ${score.scores.accessibility}, best practices ${score.scores['best-practices']}, SEO ${score.scores.seo}`;
    return [
      {area: 'Lighthouse', metric: `Performance, mobile: ${score.route}`, value: score.scores.performance, unit: '/ 100', baseline: baseline?.scores.performance, note},
      {area: 'Lighthouse', metric: `LCP: ${score.route}`, value: Math.round(score.metrics.LCP), unit: 'ms', baseline: baseline && Math.round(baseline.metrics.LCP)},
      {area: 'Lighthouse', metric: `TBT: ${score.route}`, value: Math.round(score.metrics.TBT), unit: 'ms', baseline: baseline && Math.round(baseline.metrics.TBT)},
    ];
  });
}
