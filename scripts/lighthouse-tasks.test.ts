import {calculateSumOfBlockingTime} from '@paulirish/trace_engine/models/trace/lantern/metrics/TBTUtils.js';
import {describe, expect, it} from 'vitest';
import {countedTasks, describeCounted, selfTimes, type SimulatedTask} from './lighthouse-tasks';

const task = (start: number, end: number, events: SimulatedTask['events'] = []): SimulatedTask => ({start, end, observedMs: (end - start) / 4, events});

describe('lighthouse-tasks', () => {
  it('gives each kind of work the time spent in it, less the events nested inside', () => {
    const events = [
      {name: 'EvaluateScript', ts: 1000, dur: 10_000, args: {data: {url: 'http://127.0.0.1:1/assets/js/main.1.js'}}},
      {name: 'v8.compile', ts: 2000, dur: 4000},
      {name: 'FunctionCall', ts: 6000, dur: 3000},
      {name: 'v8.compile', ts: 6500, dur: 1000},
      {name: 'Layout', ts: 20_000, dur: 2000},
    ];
    expect(selfTimes(events)).toEqual([
      ['v8.compile', 5],
      ['EvaluateScript', 3],
      ['FunctionCall', 2],
      ['Layout', 2],
    ]);
  });

  it("counts what Lighthouse counts between the simulated paint and interactive time, largest first, with each task's scripts", () => {
    const tasks = [
      task(100, 400),
      task(900, 1200, [{name: 'ParseHTML', ts: 0, dur: 60_000}]),
      task(1300, 1340),
      task(1500, 1650, [{name: 'FunctionCall', ts: 0, dur: 50_000, args: {data: {url: 'http://127.0.0.1:1/assets/js/main.1.js'}}}]),
      task(2900, 3200),
    ];
    const fcp = 1000;
    const interactive = 3000;
    const counted = countedTasks(tasks, fcp, interactive);
    const total = counted.reduce((sum, t) => sum + t.blockingMs, 0);
    expect(total).toBeCloseTo(calculateSumOfBlockingTime(tasks.map((t) => ({start: t.start, end: t.end, duration: t.end - t.start})), fcp, interactive));
    expect(counted.map((t) => t.start)).toEqual([900, 1500, 2900]);
    expect(counted[0].blockingMs).toBeGreaterThan(counted[1].blockingMs);
    expect(counted[1].scripts).toEqual(['/assets/js/main.1.js']);
    expect(counted.every((t) => t.start !== 100 && t.start !== 1300)).toBe(true);
    expect(describeCounted('optimistic', total, counted)[1]).toMatch(/^ {4}\d+ ms blocking: simulated at 900 ms for 300 ms, observed 75\.0 ms; ParseHTML 60\.0$/);
  });
});
