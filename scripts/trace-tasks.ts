/**
 * Reads a Chromium performance trace (the JSON that DevTools, Lighthouse and Playwright's tracing write) and lists the
 * page's main-thread tasks: when each ran, how long, how much of it blocked input (the part beyond 50 ms), and what it
 * was made of: the kinds of work inside it, the scripts it ran, and, when the trace has V8's CPU profile, the functions
 * its samples fell in. scripts/blocking-time.ts records such traces and prints this.
 */

/** One event as the trace format writes it (times in microseconds). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event: the time it ran, without the time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string | number;
  args?: Record<string, unknown> & {data?: Record<string, unknown>; name?: string};
}

/** A complete event and the events it encloses on the same thread. */
interface Node {
  event: TraceEvent;
  start: number;
  end: number;
  children: Node[];
}

/** A call frame of V8's CPU profile. */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** One CPU-profile sample: when, and the stack from the outermost frame to the one running. */
export interface Sample {
  ts: number;
  stack: CallFrame[];
}

/** What one slice of a task's time went to. */
export interface Share {
  label: string;
  ms: number;
}

export interface Task {
  /** Milliseconds since the navigation started. */
  startMs: number;
  durationMs: number;
  /** The part beyond 50 ms, counted when the task starts after the first contentful paint (as TBT counts it). */
  blockingMs: number;
  /**
   * The task's time on the thread's own clock (times `cpuScale`): its duration without the time the thread waited for a
   * core that other processes held; null when the trace has no thread times. Chromium's CPU throttling spins the
   * thread, so a throttled trace's thread times include the slowdown; an unthrottled trace's times 4 are what
   * Lighthouse's simulation counts.
   */
  cpuMs: number | null;
  /** The part of cpuMs beyond 50 ms, counted as blockingMs is. */
  cpuBlockingMs: number;
  /** Self time by kind of work (script evaluation, style and layout, ...), largest first. */
  kinds: Share[];
  /** Self time by the script whose code ran or was compiled (the nearest enclosing event naming one), largest first. */
  scripts: Share[];
  /** Profile samples by the function running (leaf frame), largest first; empty without a profile. */
  functions: Share[];
  /** Profile samples by the outermost frame of the site's code (what the task was started for), largest first. */
  entries: Share[];
  /** Profile samples by the source file of the function running (a module's own code), largest first. */
  files: Share[];
  /**
   * Profile samples inside a module's first evaluation, by module: the innermost frame of the bundler's module
   * functions (named by their numeric ids), so a module's figure leaves out the modules it imports. Largest first.
   */
  modules: Share[];
}

export interface PageTrace {
  /** Milliseconds since the navigation started; null when the trace has no first contentful paint. */
  fcpMs: number | null;
  tasks: Task[];
  /** Sum of the blocking parts of tasks starting after the first contentful paint. */
  blockingMs: number;
  /** The same sum from the tasks' CPU times: what the load would have blocked on a core of its own. */
  cpuBlockingMs: number;
}

const LONG_TASK_MS = 50;

/** The bundler names each module's function by the module's numeric id. */
const MODULE_FUNCTION = /^\d+$/;

/** Kinds of work, after Lighthouse's task groups; events of no kind count as their enclosing event's. */
const KINDS: Array<[string, RegExp]> = [
  ['garbage collection', /^(MinorGC|MajorGC|V8\.GC|BlinkGC|GCEvent|ThreadState::|CppGC|V8\.GC_)/],
  ['script parse and compile', /^(v8\.compile|v8\.compileModule|V8\.CompileCode|V8\.CompileLazy|v8\.parseOnBackground|v8\.produceCache|v8\.produceModuleCache|v8\.deserializeOnBackground|CacheScript|V8\.ScriptCompiler)/],
  ['script evaluation', /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|FireIdleCallback|XHRReadyStateChange|XHRLoad|v8\.run|v8\.callFunction|V8\.Execute|V8\.RunMicrotasks|WebAssembly|ParseOnBackground)/],
  // Chromium 156 names much of a layout by the frame view's and document's methods (a forced one has no Layout event
  // of its own at the top): those are style and layout, the frame view's other phases paint.
  ['style and layout', /^(UpdateLayoutTree|RecalculateStyles|Layout|InvalidateLayout|ScheduleStyleRecalculation|LayoutShift|IntersectionObserverController::computeIntersections|StyleRecalc|UpdateLayout|Document::(UpdateStyleAndLayout|updateStyleAndLayout|updateStyle|recalcStyle|rebuildLayoutTree)|LocalFrameView::(layout|performLayout|UpdateStyleAndLayout|RunStyleAndLayoutLifecyclePhases)|Blink\.(Style|Layout|ForcedStyleAndLayout)\.|InlineNode::)/],
  ['parse HTML and CSS', /^(ParseHTML|ParseAuthorStyleSheet|HTMLDocumentParser)/],
  ['paint and composite', /^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|PaintImage|Decode Image|ImageDecodeTask|Rasterize|Animation|LocalFrameView::)/],
];

const kindOf = (name: string): string | null => KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? null;

/** The script an event names: EvaluateScript and compile events carry its URL, FunctionCall its URL and function. */
function scriptOf(event: TraceEvent): string | null {
  const data = event.args?.data ?? {};
  const url = (data.url ?? data.fileName ?? data.scriptName ?? (event.args as Record<string, unknown> | undefined)?.fileName) as string | undefined;
  if (!url) return null;
  return String(url);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Self times added up by label, largest first, without the ones under 1 ms. */
function ranked(totals: Map<string, number>, limit: number): Share[] {
  return [...totals]
    .map(([label, ms]) => ({label, ms: round(ms)}))
    .filter((share) => share.ms >= 1)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);
}

const add = (totals: Map<string, number>, label: string, ms: number) => totals.set(label, (totals.get(label) ?? 0) + ms);

/** Complete events of one thread, begin/end pairs joined, as a forest by time (the roots are the thread's tasks). */
function threadTree(events: TraceEvent[]): Node[] {
  const complete: Node[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph === 'X' && typeof event.dur === 'number') {
      complete.push({event, start: event.ts, end: event.ts + event.dur, children: []});
    } else if (event.ph === 'B') {
      open.set(event.name, [...(open.get(event.name) ?? []), event]);
    } else if (event.ph === 'E') {
      const begun = open.get(event.name)?.pop();
      if (begun) complete.push({event: {...begun, args: {...begun.args, ...event.args}}, start: begun.ts, end: event.ts, children: []});
    }
  }
  complete.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const node of complete) {
    while (stack.length && stack[stack.length - 1].end <= node.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && node.end <= parent.end) parent.children.push(node);
    else if (!parent) roots.push(node);
    else continue; // overlaps its would-be parent: a malformed pair, left out
    stack.push(node);
  }
  return roots;
}

/** Self time of tasks' events by kind of work and by the script they ran (the nearest enclosing event naming one). */
function workOf(roots: readonly Node[]): Pick<Task, 'kinds' | 'scripts'> {
  const kinds = new Map<string, number>();
  const scripts = new Map<string, number>();
  const walk = (node: Node, kind: string, script: string | null) => {
    const ownKind = kindOf(node.event.name) ?? kind;
    const ownScript = scriptOf(node.event) ?? script;
    const childTime = node.children.reduce((sum, child) => sum + (child.end - child.start), 0);
    const self = Math.max(0, node.end - node.start - childTime) / 1000;
    add(kinds, ownKind, self);
    if (ownScript) add(scripts, shortUrl(ownScript), self);
    for (const child of node.children) walk(child, ownKind, ownScript);
  };
  for (const root of roots) walk(root, 'other (outside any event Chromium names)', null);
  return {kinds: ranked(kinds, 8), scripts: ranked(scripts, 6)};
}

/** What one task's trace events (the task's own event and those inside it) were made of: kinds of work and scripts. */
export function taskWork(events: TraceEvent[]): Pick<Task, 'kinds' | 'scripts'> {
  return workOf(threadTree(events));
}

/** The page's renderer main thread: the CrRendererMain that painted the first contentful paint, else the busiest one. */
function mainThread(events: TraceEvent[]): {pid: number; tid: number} {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && mains.some((m) => m.pid === e.pid));
  if (fcp) {
    const main = mains.find((m) => m.pid === fcp.pid);
    if (main) return {pid: main.pid, tid: main.tid};
  }
  const busy = new Map<string, number>();
  for (const event of events) {
    if (event.ph === 'X' && mains.some((m) => m.pid === event.pid && m.tid === event.tid)) add(busy, `${event.pid}:${event.tid}`, event.dur ?? 0);
  }
  const [busiest] = [...busy].sort((a, b) => b[1] - a[1]);
  if (!busiest) throw new Error('The trace has no renderer main thread (CrRendererMain).');
  const [pid, tid] = busiest[0].split(':').map(Number);
  return {pid, tid};
}

/** CPU-profile samples of one thread, from the trace's Profile and ProfileChunk events. */
export function profileSamples(events: TraceEvent[], thread: {pid: number; tid: number}): Sample[] {
  const starts = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'Profile' && event.pid === thread.pid) starts.set(String(event.id), Number(event.args?.data?.startTime ?? event.ts));
  }
  const samples: Sample[] = [];
  for (const [id, startTime] of starts) {
    const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === thread.pid && String(e.id) === id);
    // A profile of another thread of the renderer (a worker) has its own id; keep the main thread's.
    if (chunks.length && chunks.every((chunk) => chunk.tid !== thread.tid) && starts.size > 1) continue;
    const nodes = new Map<number, ProfileNode>();
    let time = startTime;
    for (const chunk of chunks) {
      const data = chunk.args?.data as {cpuProfile?: {nodes?: ProfileNode[]; samples?: number[]}; timeDeltas?: number[]} | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      ids.forEach((nodeId, index) => {
        time += deltas[index] ?? 0;
        const stack: CallFrame[] = [];
        for (let node = nodes.get(nodeId); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) stack.unshift(node.callFrame);
        samples.push({ts: time, stack});
      });
    }
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** Names a call frame; `resolve` may map a minified position to its source (scripts/blocking-time.ts reads maps). */
export type FrameNamer = (frame: CallFrame) => string;

/** The source file of a call frame (FrameNamer's counterpart). */
export type FrameFile = (frame: CallFrame) => string;

export const plainFrameFile: FrameFile = (frame) => (frame.url ? shortUrl(frame.url) : frame.functionName || '(native)');

export const plainFrameName: FrameNamer = (frame) =>
  frame.url ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : frame.functionName || '(native)';

/** The file name of a script URL without the origin: `/assets/js/main.1a2b.js`. */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/** Tasks of the page's main thread from the navigation on, the long ones (50 ms or more) with what they were made of. */
export function readTrace(
  events: TraceEvent[],
  options: {nameFrame?: FrameNamer; fileOf?: FrameFile; isOwnScript?: (url: string) => boolean; minimumMs?: number; cpuScale?: number} = {},
): PageTrace {
  const nameFrame = options.nameFrame ?? plainFrameName;
  const fileOf = options.fileOf ?? plainFrameFile;
  const isOwnScript = options.isOwnScript ?? ((url: string) => url.startsWith('http'));
  const thread = mainThread(events);
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && e.pid === thread.pid && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'))
    .at(-1);
  const origin = navigation?.ts ?? Math.min(...events.filter((e) => e.pid === thread.pid && e.ts > 0).map((e) => e.ts));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid && e.ts >= origin);
  const roots = threadTree(events.filter((e) => e.pid === thread.pid && e.tid === thread.tid)).filter((root) => root.start >= origin);
  const samples = profileSamples(events, thread);
  const minimumMs = options.minimumMs ?? LONG_TASK_MS;
  const cpuScale = options.cpuScale ?? 1;

  const tasks: Task[] = [];
  let sampleIndex = 0;
  for (const root of roots) {
    const durationMs = (root.end - root.start) / 1000;
    const cpuMs = typeof root.event.tdur === 'number' ? (root.event.tdur / 1000) * cpuScale : null;
    if (Math.max(durationMs, cpuMs ?? 0) < minimumMs) continue;
    const {kinds, scripts} = workOf([root]);

    const functions = new Map<string, number>();
    const entries = new Map<string, number>();
    const files = new Map<string, number>();
    const modules = new Map<string, number>();
    while (sampleIndex < samples.length && samples[sampleIndex].ts < root.start) sampleIndex++;
    let previous = root.start;
    for (let i = sampleIndex; i < samples.length && samples[i].ts <= root.end; i++) {
      const {ts, stack} = samples[i];
      const ms = (ts - previous) / 1000;
      previous = ts;
      const leaf = stack.at(-1);
      if (!leaf || leaf.functionName === '(root)') continue;
      add(functions, nameFrame(leaf), ms);
      add(files, fileOf(leaf), ms);
      const module = [...stack].reverse().find((frame) => MODULE_FUNCTION.test(frame.functionName));
      if (module) add(modules, fileOf(module), ms);
      const entry = stack.find((frame) => frame.url && isOwnScript(frame.url));
      add(entries, entry ? nameFrame(entry) : leaf.functionName || '(native)', ms);
    }

    const startMs = (root.start - origin) / 1000;
    const afterFcp = fcp ? root.start >= fcp.ts : true;
    tasks.push({
      startMs: round(startMs),
      durationMs: round(durationMs),
      blockingMs: afterFcp ? round(Math.max(0, durationMs - LONG_TASK_MS)) : 0,
      cpuMs: cpuMs === null ? null : round(cpuMs),
      cpuBlockingMs: afterFcp && cpuMs !== null ? round(Math.max(0, cpuMs - LONG_TASK_MS)) : 0,
      kinds,
      scripts,
      functions: ranked(functions, 10),
      entries: ranked(entries, 6),
      files: ranked(files, 8),
      modules: ranked(modules, 8),
    });
  }
  return {
    fcpMs: fcp ? round((fcp.ts - origin) / 1000) : null,
    tasks,
    blockingMs: round(tasks.reduce((sum, task) => sum + task.blockingMs, 0)),
    cpuBlockingMs: round(tasks.reduce((sum, task) => sum + task.cpuBlockingMs, 0)),
  };
}

/** The page's tasks as indented text lines. */
export function describeTasks(trace: PageTrace): string[] {
  const shares = (list: Share[]) => list.map((s) => `${s.label} ${Math.round(s.ms)} ms`).join('; ');
  const lines = [
    `first contentful paint ${trace.fcpMs === null ? '-' : `${Math.round(trace.fcpMs)} ms`}; blocking time ${Math.round(trace.blockingMs)} ms in ${trace.tasks.filter((t) => t.blockingMs > 0).length} long task(s) after it; from CPU time ${Math.round(trace.cpuBlockingMs)} ms in ${trace.tasks.filter((t) => t.cpuBlockingMs > 0).length}`,
  ];
  trace.tasks.forEach((task, index) => {
    const cpu = task.cpuMs === null ? '' : `, CPU ${Math.round(task.cpuMs)} ms (${Math.round(task.cpuBlockingMs)} blocking)`;
    lines.push(`  task ${index + 1} at ${Math.round(task.startMs)} ms: ${Math.round(task.durationMs)} ms (${Math.round(task.blockingMs)} blocking)${cpu}`);
    lines.push(`    kinds: ${shares(task.kinds)}`);
    if (task.scripts.length) lines.push(`    scripts: ${shares(task.scripts)}`);
    if (task.entries.length) lines.push(`    started from: ${shares(task.entries)}`);
    if (task.functions.length) lines.push(`    functions (CPU samples): ${shares(task.functions)}`);
    if (task.files.length) lines.push(`    by source file: ${shares(task.files)}`);
    if (task.modules.length) lines.push(`    module evaluation: ${shares(task.modules)}`);
  });
  return lines;
}
