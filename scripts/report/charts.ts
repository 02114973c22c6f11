import * as Plot from '@observablehq/plot';
import type {MaintainerReport} from './maintainer-report';

/**
 * The report's charts, drawn by Observable Plot at report time into the page's server-side DOM: plain SVG, no script.
 * Axes and labels are drawn in `currentColor`, so they follow the page's text colour in light and dark; the series
 * colours are mid-tones that read on both backgrounds.
 */

/** Colours of the series, one per meaning, the same in every chart. */
export const SERIES_COLOURS = {answered: '#3b78d8', dontKnow: '#e07b00', helpful: '#2e9e57', unhelpful: '#d64545', cited: '#3b78d8'} as const;

/** A chart ready for the page: its drawings and legend, what it shows in a sentence, and its numbers as a table. */
export interface Chart {
  id: string;
  title: string;
  /** One sentence a screen reader hears in place of the drawing. */
  summary: string;
  /** Period covered, totals, and how the numbers were computed: the line under the chart. */
  method: string;
  legend: Element | null;
  /**
   * The chart drawn for a wide page and for a phone's (classes `chart-wide` and `chart-narrow`; the page's CSS shows
   * one): a drawing scaled down to a phone's width would shrink its text to a few pixels.
   */
  svgs: [Element, Element];
  table: {head: string[]; rows: string[][]};
}

/** Widths the charts are drawn at: the page's column at 60rem, and a phone's column (390 px less the page's margins). */
export const CHART_WIDTHS = {wide: 720, narrow: 340} as const;
type Width = (typeof CHART_WIDTHS)[keyof typeof CHART_WIDTHS];

/** The page's chart text is 12 px (page-style.ts); an average character of a page path or a number takes about this. */
const CHAR_PX = 7.2;
/** Height of one line of chart text. */
const LINE_PX = 15;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/**
 * A count axis from 0 that ends on a tick at or past the largest count (a bar of 9 on an axis to 10, never past a last
 * tick of 8): whole-number steps of 1, 2 or 5 times a power of ten, at most `most` steps.
 */
export function countAxis(largest: number, most: number): {domain: [number, number]; ticks: number[]} {
  const max = Math.max(1, Math.ceil(largest));
  let step = 1;
  for (let power = 1; Math.ceil(max / step) > most; power *= 10) {
    step = [1, 2, 5].map((m) => m * power).find((s) => Math.ceil(max / s) <= most) ?? 10 * power;
  }
  const end = Math.ceil(max / step) * step;
  return {domain: [0, end], ticks: Array.from({length: end / step + 1}, (_, i) => i * step)};
}

/**
 * A page path in lines of at most `maxChars`, broken after a "/" or "-" where it can be, so the whole path is shown
 * above its bar at any width (a path that does not fit is never cut). Joined, the lines are the path again.
 */
export function wrapPath(path: string, maxChars: number): string[] {
  const pieces = path.match(/[^/-]*[/-]|[^/-]+$/g) ?? [path];
  const lines: string[] = [];
  let line = '';
  for (let piece of pieces) {
    while (piece.length > maxChars) {
      // A piece longer than a line on its own: broken where the line ends.
      if (line) lines.push(line);
      lines.push(piece.slice(0, maxChars));
      piece = piece.slice(maxChars);
      line = '';
    }
    if (line.length + piece.length > maxChars) {
      lines.push(line);
      line = '';
    }
    line += piece;
  }
  if (line) lines.push(line);
  return lines;
}

/** Plot's output as the page's element, named for assistive technology as one image described by its caption. */
function finish(plot: Element, id: string, title: string, width: Width): Element {
  plot.setAttribute('class', `${plot.getAttribute('class') ?? ''} ${width === CHART_WIDTHS.wide ? 'chart-wide' : 'chart-narrow'}`.trim());
  plot.setAttribute('role', 'img');
  plot.setAttribute('aria-label', title);
  plot.setAttribute('aria-describedby', `${id}-summary`);
  plot.removeAttribute('aria-description');
  // Plot names its groups ("bar", "y-axis tick"); inside one image they name nothing a reader can reach, and a name on
  // a plain group is not allowed (axe: aria-prohibited-attr). The chart's numbers are in the table under it.
  for (const part of Array.from(plot.querySelectorAll('[aria-label], [aria-description]'))) {
    part.removeAttribute('aria-label');
    part.removeAttribute('aria-description');
  }
  return plot;
}

/** A chart's colour key as HTML swatches. */
function swatches(document: Document, domain: string[], range: string[]): Element {
  // Plot.legend reads `document` as Plot.plot does (its typings list it for plot only).
  const options: Plot.LegendScales & {document: Document} = {document, className: 'chart-legend', color: {type: 'categorical', domain, range}};
  return Plot.legend(options) as unknown as Element;
}

/** Draws a chart at both widths, each finished as the page's image. */
const atBothWidths = (id: string, title: string, draw: (width: Width) => Element): [Element, Element] => [
  finish(draw(CHART_WIDTHS.wide), id, title, CHART_WIDTHS.wide),
  finish(draw(CHART_WIDTHS.narrow), id, title, CHART_WIDTHS.narrow),
];

/**
 * The frame of a chart of days: the value axis's title above its top tick, the day axis's title below its two-line
 * tick labels ("1" over "Nov"), each with a line of room at 12 px so no title touches a tick label.
 */
const dayChartFrame = (width: Width, height: number) => ({
  width,
  height,
  marginTop: 2 * LINE_PX + 4,
  marginLeft: 8 + 4 * CHAR_PX,
  marginRight: 16,
  marginBottom: 9 + 2 * LINE_PX + LINE_PX + 10,
});

/** The day axis of a chart over the report's period: ticks every few days, fewer on a phone. */
const dayAxis = (width: Width, domain?: [Date, Date]) => ({
  type: 'utc' as const,
  label: 'Day (UTC)',
  labelAnchor: 'center' as const,
  labelArrow: 'none' as const,
  // Below the tick labels (tick 6 + padding 3 + two lines), with the title's own line under them.
  labelOffset: 9 + 2 * LINE_PX + LINE_PX,
  ticks: width === CHART_WIDTHS.wide ? 8 : 4,
  ...(domain ? {domain} : {}),
});

/** Questions per day, answered and don't know stacked. */
export function questionsPerDayChart(report: MaintainerReport, document: Document): Chart {
  const id = 'chart-questions';
  const title = 'Questions per day: answered and "don\'t know"';
  const {questions, dontKnow, dontKnowShare} = report.totals;
  const busiest = report.questionsPerDay.reduce((a, b) => (b.answered + b.dontKnow > a.answered + a.dontKnow ? b : a), report.questionsPerDay[0]);
  const domain = ['Answered', 'Don\'t know'];
  const data = report.questionsPerDay.flatMap((d) => [
    {day: asDate(d.day), outcome: domain[0], count: d.answered},
    {day: asDate(d.day), outcome: domain[1], count: d.dontKnow},
  ]);
  const most = Math.max(0, ...report.questionsPerDay.map((d) => d.answered + d.dontKnow));
  const draw = (width: Width) =>
    Plot.plot({
      document,
      className: 'chart',
      ...dayChartFrame(width, 300),
      x: dayAxis(width),
      // The axis ends on a tick at or past the busiest day, so no bar stands above the last tick.
      y: {label: 'Questions', grid: true, labelArrow: 'none', ...countAxis(most, 6), tickFormat: 'd'},
      color: {domain, range: [SERIES_COLOURS.answered, SERIES_COLOURS.dontKnow]},
      marks: [
        Plot.rectY(data, {x: 'day', interval: 'day', y: 'count', fill: 'outcome', inset: 1, title: (d: {day: Date; outcome: string; count: number}) => `${d.day.toISOString().slice(0, 10)}: ${d.count} ${d.outcome.toLowerCase()}`}),
        Plot.ruleY([0]),
      ],
    }) as unknown as Element;
  return {
    id,
    title,
    summary:
      `${plural(questions, 'question')} over ${plural(report.questionsPerDay.length, 'day')}, ${dontKnow} of them (${percent(dontKnowShare)}) answered "don't know"` +
      (busiest && busiest.answered + busiest.dontKnow > 0 ? `; the busiest day was ${busiest.day} with ${busiest.answered + busiest.dontKnow}.` : '.'),
    method:
      `Completions table: every answer the chat endpoint served between ${report.questionsPerDay[0]?.day} and ${report.questionsPerDay.at(-1)?.day} (UTC), ` +
      `from the dialog, curl or a script alike, by the day it was asked; "don't know" means the answer was the don't-know message. ` +
      `Total ${questions}: ${report.totals.answered} answered, ${dontKnow} "don't know".`,
    legend: swatches(document, domain, [SERIES_COLOURS.answered, SERIES_COLOURS.dontKnow]),
    svgs: atBothWidths(id, title, draw),
    table: {head: ['Day (UTC)', 'Answered', 'Don\'t know'], rows: report.questionsPerDay.map((d) => [d.day, String(d.answered), String(d.dontKnow)])},
  };
}

/** Thumbs up and down per day, as shares of that day's ratings. */
export function ratingsPerDayChart(report: MaintainerReport, document: Document): Chart {
  const id = 'chart-ratings';
  const title = 'Answer ratings per day: share of thumbs up and thumbs down';
  const {ratingsUp, ratingsDown} = report.totals;
  const rated = ratingsUp + ratingsDown;
  const domain = ['Thumbs up', 'Thumbs down'];
  const data = report.ratingsPerDay.flatMap((d) => [
    {day: asDate(d.day), rating: domain[0], share: 1 - d.downShare, count: d.up},
    {day: asDate(d.day), rating: domain[1], share: d.downShare, count: d.down},
  ]);
  const [first, last] = [report.questionsPerDay[0].day, report.questionsPerDay[report.questionsPerDay.length - 1].day];
  const draw = (width: Width) =>
    Plot.plot({
      document,
      className: 'chart',
      ...dayChartFrame(width, 260),
      // The whole period on the axis, so a day without ratings shows as a gap, not as a missing day.
      x: dayAxis(width, [asDate(first), new Date(asDate(last).getTime() + 86_400_000)]),
      y: {label: 'Share of the day\'s ratings (%)', percent: true, domain: [0, 100], grid: true, labelArrow: 'none', ticks: width === CHART_WIDTHS.wide ? 5 : 4},
      color: {domain, range: [SERIES_COLOURS.helpful, SERIES_COLOURS.unhelpful]},
      marks: [
        Plot.rectY(data, {x: 'day', interval: 'day', y: 'share', fill: 'rating', inset: 1, title: (d: {day: Date; rating: string; count: number; share: number}) => `${d.day.toISOString().slice(0, 10)}: ${d.count} ${d.rating.toLowerCase()} (${percent(d.share)})`}),
        Plot.ruleY([0]),
      ],
    }) as unknown as Element;
  const worst = report.ratingsPerDay.reduce<MaintainerReport['ratingsPerDay'][number] | undefined>((a, b) => (!a || b.downShare > a.downShare ? b : a), undefined);
  return {
    id,
    title,
    summary:
      `${plural(rated, 'rating')} on ${plural(report.ratingsPerDay.length, 'day')}: ${ratingsUp} thumbs up, ${ratingsDown} thumbs down (${percent(rated ? ratingsDown / rated : 0)} down)` +
      (worst ? `; the worst day was ${worst.day} with ${percent(worst.downShare)} down.` : '.'),
    method:
      `Queries table: the "Was this answer helpful?" ratings readers gave in the dialog between ${first} and ${last} (UTC), by the day they rated; ` +
      `each bar is one day's thumbs up and down as shares of that day's ratings (days without ratings have no bar). Total ${rated}.`,
    legend: swatches(document, domain, [SERIES_COLOURS.helpful, SERIES_COLOURS.unhelpful]),
    svgs: atBothWidths(id, title, draw),
    table: {head: ['Day (UTC)', 'Thumbs up', 'Thumbs down', 'Share down'], rows: report.ratingsPerDay.map((d) => [d.day, String(d.up), String(d.down), percent(d.downShare)])},
  };
}

/**
 * A horizontal bar per page, its path written above the bar (wrapped at "/" and "-" to the chart's width, so a long
 * path is shown whole at any width, never cut at the left), its value beside it, and the value axis on top with its
 * title above the tick labels.
 */
function pageBars<Row extends {page: string}>(
  document: Document,
  rows: Row[],
  options: {width: Width; value: (row: Row) => number; valueText: (row: Row) => string; fill: string; x: Plot.ScaleOptions & {label: string}},
): Element {
  const {width} = options;
  const marginLeft = 12;
  const marginRight = 16 + CHAR_PX * Math.max(1, ...rows.map((r) => options.valueText(r).length));
  const labels = new Map(rows.map((r) => [r.page, wrapPath(r.page, Math.floor((width - marginLeft - 4) / CHAR_PX))]));
  const labelLines = Math.max(1, ...[...labels.values()].map((lines) => lines.length));
  const bar = 18;
  const row = labelLines * LINE_PX + 4 + bar + 12;
  const marginTop = 9 + LINE_PX + 6 + LINE_PX + 4;
  // Each row is a band: its bar at the bottom, the label just above the bar, the value beside the bar's middle.
  const barTop = -row / 2 + labelLines * LINE_PX + 4;
  return Plot.plot({
    document,
    className: 'chart',
    width,
    height: marginTop + row * Math.max(1, rows.length) + 8,
    marginTop,
    marginLeft,
    marginRight,
    marginBottom: 8,
    x: {grid: true, labelAnchor: 'center', labelArrow: 'none', axis: 'top', labelOffset: 9 + LINE_PX + 6 + LINE_PX - 4, ...options.x},
    y: {domain: rows.map((r) => r.page), axis: null, padding: 0},
    marks: [
      Plot.barX(rows, {y: 'page', x: options.value, fill: options.fill, insetTop: labelLines * LINE_PX + 4, insetBottom: 12}),
      Plot.text(rows, {y: 'page', text: (r: Row) => labels.get(r.page)!.join('\n'), frameAnchor: 'left', textAnchor: 'start', lineAnchor: 'bottom', dy: barTop - 3, lineHeight: LINE_PX / 12, fill: 'currentColor'}),
      Plot.text(rows, {y: 'page', x: options.value, text: options.valueText, textAnchor: 'start', dx: 6, dy: barTop + bar / 2, fill: 'currentColor'}),
      Plot.ruleX([0]),
    ],
  }) as unknown as Element;
}

/** Pages by share of "No" to "Was this page helpful?", with their counts. */
export function worstRatedPagesChart(report: MaintainerReport, document: Document): Chart {
  const id = 'chart-worst-pages';
  const title = 'Docs pages readers rate worst: share of "No" to "Was this page helpful?"';
  const rows = report.pageRatings;
  const draw = (width: Width) =>
    pageBars(document, rows, {
      width,
      value: (r) => r.noShare,
      valueText: (r) => `${r.no} of ${r.yes + r.no} No`,
      fill: SERIES_COLOURS.unhelpful,
      x: {label: 'Share of "No" answers (%)', percent: true, domain: [0, 100], ticks: width === CHART_WIDTHS.wide ? 5 : 3},
    });
  const {pagesYes, pagesNo} = report.totals;
  return {
    id,
    title,
    summary: rows.length
      ? `${plural(rows.length, 'page')} shown; the worst is ${rows[0].page} with ${rows[0].no} "No" of ${rows[0].yes + rows[0].no} (${percent(rows[0].noShare)}).`
      : 'No page was rated in the period.',
    method:
      `Page_feedback table: every "Was this page helpful?" answer from ${report.questionsPerDay[0]?.day} to ${report.questionsPerDay.at(-1)?.day} (UTC), per page; ` +
      `share of "No" = No / (Yes + No); pages ordered by that share, then by number of "No"; at most ${plural(rows.length, 'page')} shown. ` +
      `Total over all pages: ${pagesYes} Yes, ${pagesNo} No.`,
    legend: null,
    svgs: atBothWidths(id, title, draw),
    table: {head: ['Page', 'Yes', 'No', 'Share of No'], rows: rows.map((r) => [r.page, String(r.yes), String(r.no), percent(r.noShare)])},
  };
}

/** Doc pages by the number of answers that cite them. */
export function citedPagesChart(report: MaintainerReport, document: Document): Chart {
  const id = 'chart-cited-pages';
  const title = 'Pages chat answers cite most';
  const rows = report.citedPages;
  const most = rows[0]?.answers ?? 1;
  const draw = (width: Width) =>
    pageBars(document, rows, {
      width,
      value: (r) => r.answers,
      valueText: (r) => String(r.answers),
      fill: SERIES_COLOURS.cited,
      x: {label: 'Answers citing the page', ...countAxis(most, width === CHART_WIDTHS.wide ? 6 : 4), tickFormat: 'd'},
    });
  return {
    id,
    title,
    summary: rows.length ? `${plural(rows.length, 'page')} shown; ${rows[0].page} is cited by ${plural(rows[0].answers, 'answer')}.` : 'No answer cited a page in the period.',
    method:
      `Completions table: the references of the ${report.totals.answered} answers that were not "don't know" in the period; ` +
      `a page counts once per answer that cites any of its sections.`,
    legend: null,
    svgs: atBothWidths(id, title, draw),
    table: {head: ['Page', 'Answers citing it'], rows: rows.map((r) => [r.page, String(r.answers)])},
  };
}
