/** One benchmark figure; `baseline` and `ratio` where a natural baseline was measured in the same run. */
export interface BenchRow {
  area: string;
  metric: string;
  value: number;
  unit: string;
  baseline?: number;
  note?: string;
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toFixed(3));

/** Markdown table of the rows, with the ratio ours / baseline where there is one. */
export function toMarkdown(rows: BenchRow[], header: string): string {
  const lines = [
    header,
    '',
    '| Area | Metric | Value | Baseline | Ratio (ours / baseline) | Note |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.area} | ${r.metric} | ${fmt(r.value)} ${r.unit} | ${r.baseline === undefined ? '' : `${fmt(r.baseline)} ${r.unit}`} | ${r.baseline ? (r.value / r.baseline).toFixed(2) : ''} | ${r.note ?? ''} |`),
  ];
  return `${lines.join('\n')}\n`;
}
