import {describe, expect, it} from 'vitest';
import {meetsTarget, missedTargets, skipReason, toMarkdown, type BenchRow} from './report';

const row = (value: number, note?: string, extra: Partial<BenchRow> = {}): BenchRow => ({area: 'Chat', metric: 'Completions/s', value, unit: 'req/s', note, ...extra});

describe('bench report', () => {
  it('prints a missed target as missed, a met one as met', () => {
    const missed = row(178, 'target >= 300/s, 0 errors');
    const met = row(4.2, 'target < 5 ms', {metric: 'Keystroke p95', unit: 'ms'});
    expect(meetsTarget(missed)).toBe(false);
    expect(meetsTarget(met)).toBe(true);
    const table = toMarkdown([missed, met], 'Header');
    expect(table).toContain('| 178 req/s |  |  | MISSED (target >= 300) |');
    expect(table).toContain('| 4.20 ms |  |  | met |');
    expect(missedTargets([missed, met])).toEqual(['MISSED: Chat / Completions/s: 178 req/s, target >= 300']);
  });

  it('says "skipped: no PostgreSQL" or "skipped: no Redis" instead of NaN', () => {
    const postgres = row(NaN, 'not measured: set TEST_DATABASE_URL', {metric: 'PostgreSQL inserts/s', unit: 'rows/s'});
    const redis = row(NaN, undefined, {skipped: 'no Redis (install redis-server)'});
    expect(skipReason(postgres)).toBe('no PostgreSQL (set TEST_DATABASE_URL)');
    const table = toMarkdown([postgres, redis], 'Header');
    expect(table).not.toContain('NaN');
    expect(table).toContain('| skipped: no PostgreSQL (set TEST_DATABASE_URL) |');
    expect(table).toContain('| skipped: no Redis (install redis-server) |');
    // A skipped row neither meets nor misses its target.
    expect(missedTargets([row(NaN, 'target >= 300/s', {skipped: 'no Redis'})])).toEqual([]);
  });
});
