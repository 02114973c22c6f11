import {baselineRoutes, benchmarkRange, defaultRoutes, loadAverage, measureSites, type PageScore} from '../lighthouse';
import {baselineRouteOf} from './baseline-routes';
import type {BenchRow} from './report';

/** Lighthouse runs per page; the median run is reported, as Lighthouse advises for variable scores. */
const RUNS = 3;
/** Issue 52's targets on the current browser: performance 95 or more, total blocking time 150 ms or less. */
const SCORE_TARGET = 95;
const TBT_TARGET_MS = 150;

/**
 * Lighthouse mobile scores of the five pages of the issue, served by the production server, with the baseline site
 * (scripts/bench/build.ts) measured in the same run, each of its pages right after our first comparable one, run
 * after run, on the same browser. The notes name the browser and version, Lighthouse's benchmark index of the machine
 * and the load average.
 */
export async function benchLighthouse(buildDir: string, baselineBuildDir: string | null): Promise<BenchRow[]> {
  const log = (line: string) => console.error(`lighthouse ${line}`);
  const startLoad = loadAverage();
  const sites = [{buildDir, routes: defaultRoutes}, ...(baselineBuildDir ? [{buildDir: baselineBuildDir, routes: baselineRoutes(defaultRoutes)}] : [])];
  const [ours, baselineScores = []] = await measureSites(sites, RUNS, log);
  const theirs = new Map(baselineScores.map((s): [string, PageScore] => [s.route, s]));
  const load = `Lighthouse's benchmark index ${benchmarkRange([...ours, ...baselineScores])} in the median runs; load average ${startLoad} at the start, ${loadAverage()} at the end`;
  return ours.flatMap((score): BenchRow[] => {
    const baseline = theirs.get(baselineRouteOf(score.route) ?? '');
    const vs = baseline ? `; baseline: classic preset alone, ${baseline.route}, same run and browser` : '';
    const note = `median of ${RUNS} runs on ${score.browser}, Lighthouse ${score.lighthouse}; ${load}${vs}; accessibility ${score.scores.accessibility}, best practices ${score.scores['best-practices']}, SEO ${score.scores.seo}`;
    return [
      {area: 'Lighthouse', metric: `Performance, mobile: ${score.route}`, value: score.scores.performance, unit: '/ 100', baseline: baseline?.scores.performance, note: `target >= ${SCORE_TARGET}; ${note}`},
      {area: 'Lighthouse', metric: `LCP: ${score.route}`, value: Math.round(score.metrics.LCP), unit: 'ms', baseline: baseline && Math.round(baseline.metrics.LCP)},
      {area: 'Lighthouse', metric: `TBT: ${score.route}`, value: Math.round(score.metrics.TBT), unit: 'ms', baseline: baseline && Math.round(baseline.metrics.TBT), note: `target <= ${TBT_TARGET_MS}`},
    ];
  });
}
