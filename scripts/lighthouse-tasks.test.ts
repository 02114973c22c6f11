import {calculateSumOfBlockingTime} from '@paulirish/trace_engine/models/trace/lantern/metrics/TBTUtils.js';
import {describe, expect, it} from 'vitest';
import {countedTasks, describeCounted, type SimulatedTask} from './lighthouse-tasks';
import type {TraceEvent} from './trace-tasks';

const task = (start: number, end: number, events: TraceEvent[] = []): SimulatedTask => ({start, end, observedMs: (end - start) / 4, events});
const event = (name: string, ts: number, dur: number, url?: string): TraceEvent => ({name, ph: 'X', ts, dur, pid: 1, tid: 1, ...(url ? {args: {data: {url}}} : {})});

describe('lighthouse-tasks', () => {
  it("gives each kind of work the time spent in it, less the events nested inside, and names the task's scripts", () => {
    const url = 'http://127.0.0.1:1/assets/js/main.1.js';
    const [counted] = countedTasks(
      [
        task(1000, 1200, [
          event('RunTask', 0, 50_000),
          event('EvaluateScript', 1000, 10_000, url),
          event('v8.compile', 2000, 4000),
          event('FunctionCall', 6000, 3000),
          event('v8.compile', 6500, 1000),
          event('Layout', 20_000, 2000),
        ]),
      ],
      900,
      3000,
    );
    expect(counted.kinds).toEqual([
      {label: 'other (outside any event Chromium names)', ms: 38},
      {label: 'script evaluation', ms: 5},
      {label: 'script parse and compile', ms: 5},
      {label: 'style and layout', ms: 2},
    ]);
    expect(counted.scripts).toEqual([{label: '/assets/js/main.1.js', ms: 10}]);
  });

  it("counts what Lighthouse counts between the simulated paint and interactive time, largest first, with each task's scripts", () => {
    const tasks = [
      task(100, 400),
      task(900, 1200, [event('ParseHTML', 0, 60_000)]),
      task(1300, 1340),
      task(1500, 1650, [event('FunctionCall', 0, 50_000, 'http://127.0.0.1:1/assets/js/main.1.js')]),
      task(2900, 3200),
    ];
    const fcp = 1000;
    const interactive = 3000;
    const counted = countedTasks(tasks, fcp, interactive);
    const total = counted.reduce((sum, t) => sum + t.blockingMs, 0);
    expect(total).toBeCloseTo(calculateSumOfBlockingTime(tasks.map((t) => ({start: t.start, end: t.end, duration: t.end - t.start})), fcp, interactive));
    expect(counted.map((t) => t.start)).toEqual([900, 1500, 2900]);
    expect(counted[0].blockingMs).toBeGreaterThan(counted[1].blockingMs);
    expect(counted[1].scripts).toEqual([{label: '/assets/js/main.1.js', ms: 50}]);
    expect(counted.every((t) => t.start !== 100 && t.start !== 1300)).toBe(true);
    expect(describeCounted('optimistic', total, counted)[1]).toMatch(/^ {4}\d+ ms blocking: simulated at 900 ms for 300 ms, observed 75\.0 ms; parse HTML and CSS 60\.0$/);
  });
});
