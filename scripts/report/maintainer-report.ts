import {isOffTopic, type DontKnowGroup} from './dont-know-groups';
import type {Day, LogRows} from './read-log';
import {referencesOf, type InDoubtQuestion} from '../../server/query-log/store';

/** What `npm run report -- --html` draws and `--json` prints: where readers' questions go and where the docs fail them. */
export interface MaintainerReport {
  store: 'sqlite' | 'postgres';
  period: {since: Date; until: Date; days: number};
  totals: {
    /** Answers the completions endpoint served (completions table, any client). */
    questions: number;
    answered: number;
    dontKnow: number;
    /** dontKnow / questions, 0 without questions. */
    dontKnowShare: number;
    /** Thumbs up and down given in the dialog (queries table). */
    ratingsUp: number;
    ratingsDown: number;
    /** "Was this page helpful?" answers and the comments left with them (page_feedback table). */
    pagesYes: number;
    pagesNo: number;
    comments: number;
  };
  /** Every UTC day of the period, the days without questions included. */
  questionsPerDay: Array<{day: Day; answered: number; dontKnow: number}>;
  /** The days with at least one rating. */
  ratingsPerDay: Array<{day: Day; up: number; down: number; downShare: number}>;
  /** Pages to write: the don't-know questions about these docs, grouped by wording, most asked first. */
  dontKnowGroups: DontKnowGroup[];
  /**
   * Don't-know questions about something else (see isOffTopic), set apart from the pages to write; null when the
   * site's words could not be read, and then every don't-know question is under dontKnowGroups.
   */
  offTopicGroups: DontKnowGroup[] | null;
  /** Why off-topic questions are not set apart (no search index in the build folder), or null when they are. */
  offTopicUnavailable: string | null;
  thumbsDown: Array<{question: string; count: number; lastRated: Date; firstReference: string | null}>;
  /** Answers in doubt: questions whose first two pages scored close, most asked first, with those two pages. */
  inDoubt: InDoubtQuestion[];
  /** Pages by share of "No", then by number of "No". */
  pageRatings: Array<{page: string; yes: number; no: number; noShare: number}>;
  latestComments: Array<{page: string; helpful: boolean; comment: string; createdAt: Date}>;
  /** Doc pages by the number of answered questions whose references include one of their sections. */
  citedPages: Array<{page: string; answers: number}>;
}

const DAY_MS = 86_400_000;

/** The UTC days from `since` to `until`, both included. */
export function daysBetween(since: Date, until: Date): Day[] {
  const days: Day[] = [];
  for (let t = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate()); t <= until.getTime(); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The pages cited by the most answered questions. */
function mostCitedPages(answersByPage: LogRows['answersByPage'], limit: number) {
  return [...answersByPage]
    .map(([page, answers]) => ({page, answers}))
    .sort((a, b) => b.answers - a.answers || a.page.localeCompare(b.page))
    .slice(0, limit);
}

/** What the report is assembled with besides the rows. */
export interface ReportOptions {
  store: MaintainerReport['store'];
  since: Date;
  until: Date;
  days: number;
  /** Rows per list. */
  limit: number;
  /** Every term a page of the site holds (site-terms.ts), to set off-topic questions apart; or why it could not be read. */
  siteTerms: ReadonlySet<string> | {unavailable: string};
}

/** Assembles the report from the rows of one store over `since`..`until`; `limit` caps each list. */
export function buildMaintainerReport(rows: LogRows, options: ReportOptions): MaintainerReport {
  const byDay = new Map(rows.completionsByDay.map((r) => [r.day, r]));
  const questionsPerDay = daysBetween(options.since, options.until).map((day) => ({day, answered: byDay.get(day)?.answered ?? 0, dontKnow: byDay.get(day)?.dontKnow ?? 0}));
  const answered = rows.completionsByDay.reduce((sum, r) => sum + r.answered, 0);
  const dontKnow = rows.completionsByDay.reduce((sum, r) => sum + r.dontKnow, 0);
  const questions = answered + dontKnow;
  const {siteTerms} = options;
  const known = siteTerms instanceof Set ? (term: string) => siteTerms.has(term) : null;
  // Only the first groups of each list are read back from the log's don't-know questions.
  const [onTopic, offTopic] = known
    ? rows.dontKnow.groups(options.limit, [(group) => !isOffTopic(group, known), (group) => isOffTopic(group, known)])
    : [rows.dontKnow.groups(options.limit, [() => true])[0], null];
  return {
    store: options.store,
    period: {since: options.since, until: options.until, days: options.days},
    totals: {
      questions,
      answered,
      dontKnow,
      dontKnowShare: questions ? dontKnow / questions : 0,
      ratingsUp: rows.ratingsByDay.reduce((sum, r) => sum + r.up, 0),
      ratingsDown: rows.ratingsByDay.reduce((sum, r) => sum + r.down, 0),
      pagesYes: rows.pageTotals.yes,
      pagesNo: rows.pageTotals.no,
      comments: rows.pageTotals.comments,
    },
    questionsPerDay,
    ratingsPerDay: rows.ratingsByDay.map((r) => ({...r, downShare: r.down / (r.up + r.down)})),
    dontKnowGroups: onTopic,
    offTopicGroups: offTopic,
    offTopicUnavailable: 'unavailable' in siteTerms ? siteTerms.unavailable : null,
    thumbsDown: rows.thumbsDown.map(({referenceIds, ...r}) => ({...r, firstReference: referencesOf(referenceIds)[0] ?? null})),
    inDoubt: rows.inDoubt,
    pageRatings: rows.pageRatings.map((r) => ({...r, noShare: r.no / (r.yes + r.no)})),
    latestComments: rows.latestComments,
    citedPages: mostCitedPages(rows.answersByPage, options.limit),
  };
}
