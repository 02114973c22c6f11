import {REPORT_COMMENTS_PER_PAGE, type QueryLogReport} from './store';

// Characters that could move the cursor, recolour or reorder a terminal line: C0 and C1 controls, DEL, and the
// bidirectional and line/paragraph separators of Unicode. A reader's comment is shown as plain text, never run.
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Terminal escape sequences (colours, cursor moves), dropped whole so no `[31m` is left behind. */
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A reader's text on one line: line breaks and tabs become a space, other control characters go, spaces collapse. */
export function oneLine(text: string): string {
  return text.replace(ESCAPES, '').replace(LINE_BREAKS, ' ').replace(CONTROLS, '').replace(/ {2,}/g, ' ').trim();
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The report as `npm run report` prints it. */
export function formatReport(report: QueryLogReport, kind: string, days: number): string {
  const none = '  (none)';
  const list = (rows: Array<{query: string; count: number}>) => rows.map((r) => `  ${String(r.count).padStart(5)}  ${oneLine(r.query)}`).join('\n') || none;
  const ratingRow = (share: string, yes: string, no: string, page: string) => `  ${share.padStart(8)}  ${yes.padStart(5)}  ${no.padStart(5)}  ${page}`;
  const ratings = report.pageRatings.length
    ? [ratingRow('No share', 'yes', 'no', 'page'), ...report.pageRatings.map((r) => ratingRow(percent(r.noShare), String(r.yes), String(r.no), r.page))].join('\n')
    : none;
  const comments =
    report.latestComments
      .map(({page, comments}) =>
        [`  ${page}`, ...comments.map((c) => `    ${c.createdAt.toISOString().slice(0, 10)}  ${c.helpful ? 'Yes' : 'No '}  ${oneLine(c.comment)}`)].join('\n'),
      )
      .join('\n') || none;
  const inDoubt = report.inDoubt.map((q) => `  ${String(q.count).padStart(5)}  ${oneLine(q.question)}\n         ${q.pages.join('  |  ')}`).join('\n') || none;
  return [
    `Query log (${kind}) since ${report.since.toISOString().slice(0, 10)} (${days} days)\n`,
    // Two sources: what the dialog posts to the query log (questions and ratings from readers' browsers), and what the
    // completions endpoint records itself (every answer it served, from the dialog, `curl` or a script alike).
    `Most asked in the dialog (queries table, posted by readers' browsers):\n${list(report.topQueries)}\n`,
    `Rated unhelpful in the dialog (queries table):\n${list(report.negativeQueries)}\n`,
    `Answers served by the completions endpoint (completions table, any client): ${report.completions}; ` +
      `answered "don't know": ${percent(report.iDontKnowShare)}\n`,
    `Answers in doubt (completions table: the first two pages scored close, so the answer quoted both; a page may be missing):\n${inDoubt}\n`,
    `"Was this page helpful?" by share of "No" (page_feedback table; pages with at least one answer, highest share first):\n${ratings}\n`,
    `Latest comments (page_feedback table; most recently commented pages first, up to ${REPORT_COMMENTS_PER_PAGE} per page, newest first):\n${comments}`,
  ].join('\n');
}
