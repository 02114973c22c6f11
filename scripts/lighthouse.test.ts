import {describe, expect, it} from 'vitest';
import {benchmarkRange, cpuSlowdownArgs, imperfect, median, parseCpuSlowdown, summarize, table, type PageScore} from './lighthouse';

const report = (performance: number) => ({
  categories: {
    performance: {score: performance, auditRefs: []},
    accessibility: {score: 0.96, auditRefs: [{id: 'color-contrast', weight: 7}, {id: 'tabindex', weight: 0}]},
    'best-practices': {score: 1, auditRefs: [{id: 'errors-in-console', weight: 1}]},
    seo: {score: 1, auditRefs: [{id: 'robots-txt', weight: 1}]},
  },
  audits: {
    'first-contentful-paint': {score: 0.9, numericValue: 1512.4},
    'largest-contentful-paint': {score: 0.3, numericValue: 5004},
    'total-blocking-time': {score: 0.3, numericValue: 1032},
    'cumulative-layout-shift': {score: 1, numericValue: 0},
    'speed-index': {score: 1, numericValue: 1512},
    'color-contrast': {score: 0},
    tabindex: {score: 0},
    'errors-in-console': {score: 1},
    'robots-txt': {score: null},
  },
});

describe('lighthouse summary', () => {
  it('rounds category scores and lists the weighted audits below 100', () => {
    const score = summarize('/docs/features', report(0.59));
    expect(score.scores).toEqual({performance: 59, accessibility: 96, 'best-practices': 100, seo: 100});
    expect(score.metrics.TBT).toBe(1032);
    expect(score.failedAudits).toEqual(['color-contrast']);
  });

  it('takes the run with the median performance score', () => {
    const runs = [0.7, 0.5, 0.6].map((p) => summarize('/', report(p)));
    expect(median(runs).scores.performance).toBe(60);
  });

  it('prints one Markdown row per page', () => {
    const rows: PageScore[] = [summarize('/', report(0.76))];
    expect(table(rows).split('\n')[2]).toBe('| / | 76 | 96 | 100 | 100 | 1512 ms | 5004 ms | 1032 ms | 0.000 | 1512 ms |');
  });

  it('shows a category left out of the run as "-" and still checks the others', () => {
    const {performance, ...checked} = report(0.5).categories;
    expect(performance.score).toBe(0.5);
    const score = summarize('/', {...report(0.5), categories: checked});
    expect(Number.isNaN(score.scores.performance)).toBe(true);
    expect(table([score]).split('\n')[2]).toMatch(/^\| \/ \| - \| 96 \| 100 \| 100 \|/);
    expect(imperfect([score])).toHaveLength(1);
  });

  it('flags pages below 100 in accessibility, best practices or SEO, whatever their performance', () => {
    const perfect = summarize('/docs/features', {...report(0.42), categories: {...report(0.42).categories, accessibility: {score: 1, auditRefs: []}}});
    expect(imperfect([perfect])).toEqual([]);
    expect(imperfect([summarize('/', report(0.99))])).toEqual(['/: accessibility 96, best-practices 100, seo 100; audits below 100: color-contrast']);
  });

  it("reads the machine's benchmark index of each run and gives the range of the runs shown", () => {
    const run = (benchmarkIndex?: number) => summarize('/', {...report(0.9), environment: {hostUserAgent: 'HeadlessChrome/156.0.0.0', ...(benchmarkIndex === undefined ? {} : {benchmarkIndex})}});
    expect(run(1972.4).benchmarkIndex).toBe(1972.4);
    expect(benchmarkRange([run(3942.5), run(1310.2), run(1972.4)])).toBe('1,310–3,943');
    expect(benchmarkRange([run(1500), run(1500.2)])).toBe('1,500');
    expect(benchmarkRange([run()])).toBe('unknown');
  });

  it("passes a CPU multiplier other than Lighthouse's default on, and refuses one below 1 with the option's name", () => {
    expect(cpuSlowdownArgs(parseCpuSlowdown(undefined))).toEqual([]);
    expect(cpuSlowdownArgs(parseCpuSlowdown('10'))).toEqual(['--throttling.cpuSlowdownMultiplier=10']);
    expect(() => parseCpuSlowdown('0.5')).toThrow(/--cpu-slowdown takes a multiplier of 1 or more.*got "0.5"/);
    expect(() => parseCpuSlowdown('fast')).toThrow(/--cpu-slowdown/);
  });
});
