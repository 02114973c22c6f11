/**
 * The report page's stylesheet, inline in the page: system fonts only (no request), light and dark from the reader's
 * `prefers-color-scheme`, and a print layout that keeps each chart on one page.
 */
export const PAGE_STYLE = `
:root {
  color-scheme: light dark;
  --text: #1c1e21;
  --muted: #4b5058;
  --background: #ffffff;
  --rule: #d0d4da;
  --band: #f3f5f8;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6e7e9;
    --muted: #b4b8bf;
    --background: #1b1b1d;
    --rule: #44474d;
    --band: #25262a;
  }
}
body { margin: 0; color: var(--text); background: var(--background); }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 0.75rem; padding-top: 0.75rem; border-top: 1px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 1.25rem 0 0.5rem; }
h4 { font-size: 1rem; margin: 1rem 0 0.25rem; }
.lede, .method, .none, footer { color: var(--muted); }
.method { font-size: 0.9rem; }
.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); gap: 0.75rem; margin: 0; }
.totals div { background: var(--band); border-radius: 6px; padding: 0.6rem 0.8rem; }
.totals dt { font-size: 0.85rem; color: var(--muted); }
.totals dd { margin: 0; font-size: 1.1rem; font-weight: 600; }
figure { margin: 1.5rem 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { max-width: 100%; height: auto; overflow: visible; }
/* Plot draws at 10 px; the page reads better at 12 px, which the margins and line heights in charts.ts allow for. */
svg.chart { font-size: 12px; }
/* Each chart is drawn twice (charts.ts): 720 px wide for the page's column, 340 px for a phone's, whose text would
   otherwise shrink with the drawing to a few pixels. The wide one shows where the column holds it whole. */
svg.chart-narrow { display: none; }
@media (max-width: 751.98px) {
  svg.chart-wide { display: none; }
  svg.chart-narrow { display: block; }
}
.chart-legend-swatches { font-size: 0.9rem; }
.summary { margin: 0.25rem 0; }
/* A page path in a sentence is one long word: it wraps rather than widen the page on a phone. */
.summary, .method { overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; margin: 0.5rem 0; }
caption { text-align: left; color: var(--muted); padding-bottom: 0.25rem; }
/* A reader's word may be thousands of letters without a space: it wraps anywhere rather than widen the table. */
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--rule); overflow-wrap: anywhere; }
th[scope="row"] { font-weight: normal; }
/* Column headings are the page's own short words: they wrap between words, never inside one ("Tim|es ask|ed"). */
th[scope="col"] { overflow-wrap: normal; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.terms { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.wordings { margin: 0; padding-left: 1.1rem; }
.typed { white-space: pre-wrap; overflow-wrap: anywhere; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
details { margin-top: 0.5rem; }
summary { cursor: pointer; }
.comments ul { margin: 0; padding-left: 1.1rem; }
footer { margin-top: 3rem; font-size: 0.9rem; border-top: 1px solid var(--rule); padding-top: 1rem; }
@media print {
  :root { --text: #000; --muted: #333; --background: #fff; --band: #f3f3f3; --rule: #999; }
  main { max-width: none; padding: 0; }
  h2 { break-after: avoid; }
  details:not([open]) { display: none; }
  svg.chart-wide { display: block; }
  svg.chart-narrow { display: none; }
}
`;
