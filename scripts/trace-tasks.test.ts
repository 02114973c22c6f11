import {describe, expect, it} from 'vitest';
import {readTrace, type TraceEvent} from './trace-tasks';

const PID = 7;
const MAIN = 1;
const X = (name: string, tsMs: number, durMs: number, data: Record<string, unknown> = {}, tid = MAIN): TraceEvent => ({name, ph: 'X', ts: tsMs * 1000, dur: durMs * 1000, pid: PID, tid, args: {data}});

/** A load: navigation at 1000 ms, first paint at 1100 ms, and the tasks each test adds. */
const trace = (tasks: TraceEvent[], extra: TraceEvent[] = []): TraceEvent[] => [
  {name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: MAIN, args: {name: 'CrRendererMain'}},
  {name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: 2, args: {name: 'DedicatedWorker thread'}},
  {name: 'navigationStart', ph: 'R', ts: 1_000_000, pid: PID, tid: MAIN, args: {data: {documentLoaderURL: 'http://127.0.0.1:3000/'}}},
  {name: 'firstContentfulPaint', ph: 'R', ts: 1_100_000, pid: PID, tid: MAIN, args: {data: {}}},
  ...tasks,
  ...extra,
];

describe('main-thread tasks of a trace', () => {
  it('counts the part beyond 50 ms of the tasks after the first contentful paint, and only those of 50 ms or more', () => {
    const result = readTrace(trace([X('RunTask', 1050, 120), X('RunTask', 1200, 80), X('RunTask', 1300, 30), X('RunTask', 1400, 200, {}, 2)]));
    expect(result.fcpMs).toBe(100);
    expect(result.tasks.map((t) => [t.startMs, t.durationMs, t.blockingMs])).toEqual([[50, 120, 0], [200, 80, 30]]);
    expect(result.blockingMs).toBe(30);
  });

  it('splits a task into kinds of work and scripts by self time', () => {
    const result = readTrace(trace([
      X('RunTask', 1200, 100),
      X('EvaluateScript', 1200, 70, {url: 'http://127.0.0.1:3000/assets/js/main.js'}),
      X('v8.compile', 1200, 10, {url: 'http://127.0.0.1:3000/assets/js/main.js'}),
      X('MinorGC', 1230, 5),
      X('Layout', 1275, 20),
    ]));
    const [task] = result.tasks;
    expect(Object.fromEntries(task.kinds.map((k) => [k.label, k.ms]))).toEqual({
      'script evaluation': 55,
      'style and layout': 20,
      'script parse and compile': 10,
      'garbage collection': 5,
      'other (outside any event Chromium names)': 10,
    });
    expect(task.kinds[0].label).toBe('script evaluation');
    expect(task.scripts).toEqual([{label: '/assets/js/main.js', ms: 70}]);
  });

  it("counts a forced layout named by the frame view's methods as style and layout, and the frame view's paint phase as paint", () => {
    const result = readTrace(trace([
      X('RunTask', 1200, 100),
      X('Document::UpdateStyleAndLayout', 1200, 90),
      X('LocalFrameView::UpdateStyleAndLayout', 1200, 90),
      X('LocalFrameView::performLayout', 1210, 60),
      X('InlineNode::ShapeTextIncludingFirstLine', 1220, 30),
      X('LocalFrameView::RunPaintLifecyclePhase', 1290, 10),
    ]));
    const [task] = result.tasks;
    expect(Object.fromEntries(task.kinds.map((k) => [k.label, k.ms]))).toEqual({'style and layout': 90, 'paint and composite': 10});
  });

  it('names the functions the CPU profile sampled inside a task, and the site code that started them', () => {
    const frame = (functionName: string, url = '', lineNumber = 0) => ({functionName, url, lineNumber, columnNumber: 0, scriptId: '1'});
    const nodes = [
      {id: 1, callFrame: frame('(root)')},
      {id: 2, parent: 1, callFrame: frame('start', 'http://127.0.0.1:3000/assets/js/main.js', 9)},
      {id: 3, parent: 2, callFrame: frame('render', 'http://127.0.0.1:3000/assets/js/main.js', 99)},
      {id: 4, parent: 1, callFrame: frame('(garbage collector)')},
    ];
    const profile: TraceEvent[] = [
      {name: 'Profile', ph: 'P', ts: 1_200_000, pid: PID, tid: MAIN, id: '0x1', args: {data: {startTime: 1_200_000}}},
      {name: 'ProfileChunk', ph: 'P', ts: 1_300_000, pid: PID, tid: MAIN, id: '0x1', args: {data: {cpuProfile: {nodes, samples: [3, 3, 3, 4]}, timeDeltas: [20_000, 20_000, 20_000, 20_000]}}},
    ];
    const [task] = readTrace(trace([X('RunTask', 1200, 100)], profile)).tasks;
    expect(task.functions).toEqual([{label: 'render /assets/js/main.js:100:1', ms: 60}, {label: '(garbage collector)', ms: 20}]);
    expect(task.entries).toEqual([{label: 'start /assets/js/main.js:10:1', ms: 60}, {label: '(garbage collector)', ms: 20}]);
  });
});
