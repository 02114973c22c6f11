/** One benchmark figure; `baseline` and `ratio` where a natural baseline was measured in the same run. */
export interface BenchRow {
  area: string;
  metric: string;
  value: number;
  unit: string;
  baseline?: number;
  note?: string;
  /** Why the figure was not measured ("no PostgreSQL"); the table shows "skipped: <reason>" instead of a value. */
  skipped?: string;
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toFixed(3));

/**
 * Why a row has no figure: its `skipped`, else (a row without a number, from a bench that only notes what was
 * missing) the missing service its note names.
 */
export function skipReason(row: BenchRow): string | null {
  if (row.skipped) return row.skipped;
  if (!Number.isNaN(row.value)) return null;
  const note = row.note ?? '';
  if (/TEST_DATABASE_URL|PostgreSQL/i.test(note)) return 'no PostgreSQL (set TEST_DATABASE_URL)';
  if (/redis/i.test(note)) return 'no Redis (install redis-server)';
  return 'not measured';
}

/** A target written in a row's note, such as "target >= 300/s" or "target < 5 ms". */
export interface Target {
  comparison: '<' | '<=' | '>' | '>=';
  bound: number;
}

export function targetOf(row: BenchRow): Target | null {
  const match = /\btarget\s*(<=|>=|<|>|≤|≥)\s*([\d.,]+)/.exec(row.note ?? '');
  if (!match) return null;
  const symbols: Record<string, Target['comparison']> = {'≤': '<=', '≥': '>='};
  const comparison = symbols[match[1]] ?? (match[1] as Target['comparison']);
  return {comparison, bound: Number(match[2].replace(/,/g, ''))};
}

/** Whether a measured row meets the target in its note; null when it has none or was not measured. */
export function meetsTarget(row: BenchRow): boolean | null {
  const target = targetOf(row);
  if (!target || skipReason(row) !== null) return null;
  const {comparison, bound} = target;
  const v = row.value;
  return comparison === '<' ? v < bound : comparison === '<=' ? v <= bound : comparison === '>' ? v > bound : v >= bound;
}

/** "skipped: <reason>" or the figure with its unit. */
const valueText = (row: BenchRow) => {
  const reason = skipReason(row);
  return reason !== null ? `skipped: ${reason}` : `${fmt(row.value)} ${row.unit}`.trim();
};

/** "met" or "MISSED (target >= 300)" for a row with a target, empty otherwise. */
function targetText(row: BenchRow): string {
  const met = meetsTarget(row);
  if (met === null) return '';
  const {comparison, bound} = targetOf(row)!;
  return met ? 'met' : `MISSED (target ${comparison} ${bound})`;
}

/** One line per row that missed its target, for the end of the run. */
export function missedTargets(rows: BenchRow[]): string[] {
  return rows.filter((row) => meetsTarget(row) === false).map((row) => `MISSED: ${row.area} / ${row.metric}: ${valueText(row)}, ${targetText(row).replace(/^MISSED \((.*)\)$/, '$1')}`);
}

/** Markdown table of the rows, with the ratio ours / baseline where there is one and whether each target was met. */
export function toMarkdown(rows: BenchRow[], header: string): string {
  const lines = [
    header,
    '',
    '| Area | Metric | Value | Baseline | Ratio (ours / baseline) | Target | Note |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => {
      const baseline = r.baseline === undefined || Number.isNaN(r.baseline) ? '' : `${fmt(r.baseline)} ${r.unit}`.trim();
      const ratio = r.baseline && skipReason(r) === null ? (r.value / r.baseline).toFixed(2) : '';
      return `| ${r.area} | ${r.metric} | ${valueText(r)} | ${baseline} | ${ratio} | ${targetText(r)} | ${r.note ?? ''} |`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}
