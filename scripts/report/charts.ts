import * as Plot from '@observablehq/plot';
import type {MaintainerReport} from './maintainer-report';

/**
 * The report's charts, drawn by Observable Plot at report time into the page's server-side DOM: plain SVG, no script.
 * Axes and labels are drawn in `currentColor`, so they follow the page's text colour in light and dark; the series
 * colours are mid-tones that read on both backgrounds.
 */

/** Colours of the series, one per meaning, the same in every chart. */
export const SERIES_COLOURS = {answered: '#3b78d8', dontKnow: '#e07b00', helpful: '#2e9e57', unhelpful: '#d64545', cited: '#3b78d8'} as const;

/** A chart ready for the page: its SVG and legend, what it shows in a sentence, and its numbers as a table. */
export interface Chart {
  id: string;
  title: string;
  /** One sentence a screen reader hears in place of the drawing. */
  summary: string;
  /** Period covered, totals, and how the numbers were computed: the line under the chart. */
  method: string;
  legend: Element | null;
  svg: Element;
  table: {head: string[]; rows: string[][]};
}

const WIDTH = 720;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Room on the left for the longest page path of a horizontal bar chart, at the page's 12 px sans-serif (page-style.ts). */
const marginForLabels = (labels: string[]) => Math.min(400, Math.max(80, 16 + 6.8 * Math.max(0, ...labels.map((l) => l.length))));
/** Whole-number ticks for counts: no more ticks than the largest count, so small numbers get no "0.5". */
const countTicks = (max: number) => Math.max(1, Math.min(6, Math.ceil(max)));

/** Plot's output as the page's element, named for assistive technology as one image described by its caption. */
function finish(plot: Element, id: string, title: string): Element {
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
  const svg = Plot.plot({
    document,
    className: 'chart',
    width: WIDTH,
    height: 300,
    marginLeft: 56,
    marginBottom: 48,
    x: {type: 'utc', label: 'Day (UTC)', labelAnchor: 'center', labelArrow: 'none'},
    y: {label: 'Questions', grid: true, labelArrow: 'none', ticks: countTicks(Math.max(0, ...report.questionsPerDay.map((d) => d.answered + d.dontKnow)))},
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
    svg: finish(svg, id, title),
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
  const svg = Plot.plot({
    document,
    className: 'chart',
    width: WIDTH,
    height: 260,
    marginLeft: 56,
    marginBottom: 48,
    // The whole period on the axis, so a day without ratings shows as a gap, not as a missing day.
    x: {type: 'utc', label: 'Day (UTC)', labelAnchor: 'center', labelArrow: 'none', domain: [asDate(first), new Date(asDate(last).getTime() + 86_400_000)]},
    y: {label: 'Share of the day\'s ratings (%)', percent: true, domain: [0, 100], grid: true, labelArrow: 'none'},
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
    svg: finish(svg, id, title),
    table: {head: ['Day (UTC)', 'Thumbs up', 'Thumbs down', 'Share down'], rows: report.ratingsPerDay.map((d) => [d.day, String(d.up), String(d.down), percent(d.downShare)])},
  };
}

/** Pages by share of "No" to "Was this page helpful?", with their counts. */
export function worstRatedPagesChart(report: MaintainerReport, document: Document): Chart {
  const id = 'chart-worst-pages';
  const title = 'Docs pages readers rate worst: share of "No" to "Was this page helpful?"';
  const rows = report.pageRatings;
  const svg = Plot.plot({
    document,
    className: 'chart',
    width: WIDTH,
    height: 40 + 26 * Math.max(1, rows.length),
    marginLeft: marginForLabels(rows.map((r) => r.page)),
    marginRight: 80,
    x: {label: 'Share of "No" answers (%)', percent: true, domain: [0, 100], grid: true, labelAnchor: 'center', labelArrow: 'none', axis: 'top'},
    y: {label: null, domain: rows.map((r) => r.page)},
    marks: [
      Plot.barX(rows, {y: 'page', x: 'noShare', fill: SERIES_COLOURS.unhelpful, inset: 2}),
      Plot.text(rows, {y: 'page', x: 'noShare', text: (r: {yes: number; no: number}) => `${r.no} of ${r.yes + r.no} No`, textAnchor: 'start', dx: 6, fill: 'currentColor'}),
      Plot.ruleX([0]),
    ],
  }) as unknown as Element;
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
    svg: finish(svg, id, title),
    table: {head: ['Page', 'Yes', 'No', 'Share of No'], rows: rows.map((r) => [r.page, String(r.yes), String(r.no), percent(r.noShare)])},
  };
}

/** Doc pages by the number of answers that cite them. */
export function citedPagesChart(report: MaintainerReport, document: Document): Chart {
  const id = 'chart-cited-pages';
  const title = 'Pages chat answers cite most';
  const rows = report.citedPages;
  const svg = Plot.plot({
    document,
    className: 'chart',
    width: WIDTH,
    height: 40 + 26 * Math.max(1, rows.length),
    marginLeft: marginForLabels(rows.map((r) => r.page)),
    marginRight: 48,
    x: {label: 'Answers citing the page', grid: true, labelAnchor: 'center', labelArrow: 'none', axis: 'top', ticks: countTicks(rows[0]?.answers ?? 1)},
    y: {label: null, domain: rows.map((r) => r.page)},
    marks: [
      Plot.barX(rows, {y: 'page', x: 'answers', fill: SERIES_COLOURS.cited, inset: 2}),
      Plot.text(rows, {y: 'page', x: 'answers', text: (r: {answers: number}) => String(r.answers), textAnchor: 'start', dx: 6, fill: 'currentColor'}),
      Plot.ruleX([0]),
    ],
  }) as unknown as Element;
  return {
    id,
    title,
    summary: rows.length ? `${plural(rows.length, 'page')} shown; ${rows[0].page} is cited by ${plural(rows[0].answers, 'answer')}.` : 'No answer cited a page in the period.',
    method:
      `Completions table: the references of the ${report.totals.answered} answers that were not "don't know" in the period; ` +
      `a page counts once per answer that cites any of its sections.`,
    legend: null,
    svg: finish(svg, id, title),
    table: {head: ['Page', 'Answers citing it'], rows: rows.map((r) => [r.page, String(r.answers)])},
  };
}
