import {describe, expect, it} from 'vitest';
import {cpuAt, perfSteps, runMeasuredTree} from './scale-build';

describe('scale build measurement', () => {
  it('reads each step of the performance log with its wall time and when it ended, colours and all', () => {
    const steps = perfSteps([
      {at: 3, text: '[INFO] [en] Creating an optimized production build...'},
      {at: 31.5, text: '\u001b[33m[PERF]\u001b[39m Build > en > Load site - \u001b[31m31.56 seconds!\u001b[39m - \u001b[2m(Heap 79mb -> 195mb / Total 477mb)\u001b[22m'},
      {at: 32, text: '[PERF] Build > en > Creating rspack bundler configs - 420.12 ms - (Heap 195mb -> 192mb / Total 475mb)'},
      {at: 90, text: '[PERF] Build > en > postBuild() - 18.11 seconds! - (Heap 215mb -> 206mb / Total 305mb)'},
    ]);
    expect([...steps.keys()]).toEqual(['Build > en > Load site', 'Build > en > Creating rspack bundler configs', 'Build > en > postBuild()']);
    expect(steps.get('Build > en > Load site')).toEqual({seconds: 31.56, endedAt: 31.5});
    expect(steps.get('Build > en > Creating rspack bundler configs')!.seconds).toBeCloseTo(0.42012);
    expect(steps.get('Build > en > postBuild()')).toEqual({seconds: 18.11, endedAt: 90});
  });

  it('interpolates the CPU time between samples, and holds the last one after them', () => {
    const samples = [{at: 0, cpu: 0}, {at: 1, cpu: 2}, {at: 3, cpu: 3}];
    expect(cpuAt(samples, 0.5)).toBe(1);
    expect(cpuAt(samples, 2)).toBe(2.5);
    expect(cpuAt(samples, 3)).toBe(3);
    expect(cpuAt(samples, 10)).toBe(3);
    expect(cpuAt(samples, -1)).toBe(0);
  });

  it.runIf(process.platform === 'linux')('counts the CPU time and memory of a child process, not only the parent', async () => {
    // The parent idles while a child it starts spends about 0.6 s of CPU and holds about 200 MiB.
    const child = `const b = Buffer.alloc(200 * 2 ** 20, 1); const end = Date.now() + 600; while (Date.now() < end) b[0]++;`;
    const parent = `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(child)}]); console.log('done');`;
    const usage = await runMeasuredTree(['-e', parent], process.cwd(), {});
    expect(usage.status).toBe(0);
    expect(usage.processes).toBe(2);
    expect(usage.cpuSeconds).toBeGreaterThan(0.5);
    expect(usage.peakProcessMiB).toBeGreaterThan(200);
    expect(usage.lines.map((l) => l.text)).toEqual(['done']);
  });
});
