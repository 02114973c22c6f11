import {DOUBT_SCORE_RATIO} from '../../lib/search/retrieval';
import {parseHTML} from 'linkedom';
import {citedPagesChart, questionsPerDayChart, ratingsPerDayChart, worstRatedPagesChart, type Chart} from './charts';
import type {MaintainerReport} from './maintainer-report';
import {PAGE_STYLE} from './page-style';

/**
 * The report as one self-contained HTML page: inline CSS, the charts as inline SVG, no script, no request to
 * anywhere. The page is built as a DOM (linkedom) and serialised, so every text a reader typed goes in as a text node
 * and comes out HTML-escaped; nothing a reader wrote is ever parsed as markup.
 */

type Child = Node | string | null | undefined | false;

/** A small element builder over the page's document: attributes, then children (strings become text nodes). */
function builder(document: Document) {
  return function el(tag: string, attributes: Record<string, string> = {}, ...children: Array<Child | Child[]>): Element {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      element.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return element;
  };
}

// Control characters have no place in an HTML page, and direction overrides could make a comment read backwards;
// line breaks and tabs are kept. (The text report drops the same characters.)
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A reader's text as typed, minus control characters: escaped by the serialiser, isolated from the page's text direction (bdi). */
export const readersText = (text: string) => text.replace(CONTROLS, '');

const dateOf = (date: Date) => date.toISOString().slice(0, 10);
const timeOf = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Renders the report as the page `npm run report -- --html FILE` writes. */
export function renderReportPage(report: MaintainerReport, generatedAt: Date = new Date()): string {
  const {document} = parseHTML('<!doctype html><html lang="en"><head></head><body></body></html>');
  const el = builder(document);
  const reader = (text: string) => el('bdi', {class: 'typed'}, readersText(text));
  const none = (what: string) => el('p', {class: 'none'}, `None in the period: ${what}.`);
  const table = (caption: string, head: string[], rows: Child[][], numeric: number[] = []) =>
    el(
      'table',
      {},
      el('caption', {}, caption),
      el('thead', {}, el('tr', {}, head.map((h, i) => el('th', {scope: 'col', ...(numeric.includes(i) ? {class: 'num'} : {})}, h)))),
      el('tbody', {}, rows.map((cells) => el('tr', {}, cells.map((cell, i) => el(i === 0 ? 'th' : 'td', {...(i === 0 ? {scope: 'row'} : {}), ...(numeric.includes(i) ? {class: 'num'} : {})}, cell))))),
    );
  const figure = (chart: Chart) =>
    el(
      'figure',
      {id: chart.id, 'aria-labelledby': `${chart.id}-title`},
      el('figcaption', {}, el('h3', {id: `${chart.id}-title`}, chart.title)),
      chart.legend,
      chart.svgs,
      el('p', {id: `${chart.id}-summary`, class: 'summary'}, chart.summary),
      el('p', {class: 'method'}, chart.method),
      el(
        'details',
        {},
        el('summary', {}, 'The numbers behind this chart'),
        chart.table.rows.length ? table(chart.title, chart.table.head, chart.table.rows, chart.table.head.map((_, i) => i).slice(1)) : none('no rows'),
      ),
    );
  const section = (id: string, title: string, ...children: Child[]) => el('section', {'aria-labelledby': id}, el('h2', {id}, title), ...children);

  const {period, totals} = report;
  const first = report.questionsPerDay[0]?.day ?? dateOf(period.since);
  const last = report.questionsPerDay.at(-1)?.day ?? dateOf(period.until);
  const heading = `Query log report: ${first} to ${last}`;
  document.head.append(
    el('meta', {charset: 'utf-8'}),
    el('meta', {name: 'viewport', content: 'width=device-width, initial-scale=1'}),
    el('meta', {name: 'color-scheme', content: 'light dark'}),
    el('title', {}, heading),
    el('style', {}, PAGE_STYLE),
  );

  const groupRows = (groups: MaintainerReport['dontKnowGroups']) =>
    groups.map((g) => [
      // The subject in the words readers typed, not the stems the search reads ("onelak").
      el('bdi', {class: 'terms'}, readersText(g.words.join(' '))),
      el(
        'ul',
        {class: 'wordings'},
        g.wordings.slice(0, 3).map((w) => el('li', {}, reader(w.text), w.count > 1 ? ` (${w.count} times)` : '')),
        g.wordings.length > 3 ? el('li', {}, `and ${g.wordings.length - 3} more wordings`) : null,
      ),
      String(g.count),
      timeOf(g.lastAsked),
    ]);
  const groupHead = ['Subject, in readers\' words', 'Wordings readers typed', 'Times asked', 'Last asked'];
  const dontKnow = groupRows(report.dontKnowGroups);
  const offTopic = report.offTopicGroups && groupRows(report.offTopicGroups);
  const thumbsDown = report.thumbsDown.map((t) => [
    reader(t.question),
    String(t.count),
    timeOf(t.lastRated),
    t.firstReference ? el('code', {}, t.firstReference) : el('span', {class: 'none'}, 'no answer found for this question'),
  ]);
  const inDoubt = report.inDoubt.map((q) => [
    reader(q.question),
    String(q.count),
    timeOf(q.lastAsked),
    el('ul', {class: 'wordings'}, q.pages.map((page) => el('li', {}, el('code', {}, page)))),
  ]);
  const comments = report.latestComments.reduce((pages, c) => pages.set(c.page, [...(pages.get(c.page) ?? []), c]), new Map<string, typeof report.latestComments>());

  document.body.append(
    el(
      'main',
      {},
      el('h1', {}, heading),
      el(
        'p',
        {class: 'lede'},
        `What readers asked the docs chat and how they rated the answers and pages, from the ${report.store === 'postgres' ? 'PostgreSQL' : 'SQLite'} query log, ` +
          `over the last ${period.days} days: since ${timeOf(period.since)}, written ${timeOf(generatedAt)}. Days are UTC days.`,
      ),
      section(
        'totals',
        'Totals',
        el(
          'dl',
          {class: 'totals'},
          [
            ['Questions answered by the chat', String(totals.questions)],
            ['Answered "don\'t know"', `${totals.dontKnow} (${percent(totals.dontKnowShare)})`],
            ['Answer ratings', `${totals.ratingsUp} thumbs up, ${totals.ratingsDown} thumbs down`],
            ['"Was this page helpful?"', `${totals.pagesYes} Yes, ${totals.pagesNo} No, ${totals.comments} comments`],
          ].map(([term, value]) => el('div', {}, el('dt', {}, term), el('dd', {}, value))),
        ),
      ),
      section('questions', 'What readers ask', figure(questionsPerDayChart(report, document)), figure(ratingsPerDayChart(report, document))),
      section(
        'dont-know',
        'Pages to write: questions the chat could not answer',
        dontKnow.length
          ? table('Questions answered "don\'t know", grouped by similar wording, most asked first', groupHead, dontKnow, [2])
          : none('every question about the docs got an answer'),
        el(
          'p',
          {class: 'method'},
          'Completions table: the questions whose answer was the don\'t-know message. Questions are grouped by the subject words the site search reads from them ' +
            '(question and filler words dropped, words stemmed, so "How do I add tags?" and "adding a tag" meet); a group\'s count is every time one of its wordings was asked. ' +
            (offTopic ? 'Questions about something else are listed apart, below.' : `Questions about something else are not set apart: ${report.offTopicUnavailable}.`),
        ),
      ),
      section(
        'off-topic',
        'Set apart: questions about something else',
        offTopic === null
          ? el('p', {class: 'none'}, `Not set apart in this report: ${report.offTopicUnavailable}.`)
          : offTopic.length
            ? table('Questions answered "don\'t know" whose words are mostly not in the docs, most asked first', groupHead, offTopic, [2])
            : none('no question was about something else'),
        el(
          'p',
          {class: 'method'},
          'Don\'t-know questions more than half of whose subject words appear on no page of the site (its search index): "How do I bake sourdough bread?" is one, ' +
            '"How do I connect OneLake?" is not (a page to write). Read them in case one names something the docs should cover.',
        ),
      ),
      section(
        'thumbs-down',
        'Answers to fix: rated thumbs down',
        thumbsDown.length ? table('Questions whose answer was rated thumbs down, most often first', ['Question', 'Times rated down', 'Last rated', 'First reference of the answer'], thumbsDown, [1]) : none('no answer was rated thumbs down'),
        el(
          'p',
          {class: 'method'},
          'Queries table: thumbs-down ratings from the dialog, one row per question (compared without case). The reference is the first source of the latest ' +
            'answer to the same question served before the rating (completions table): the section the answer leaned on most.',
        ),
      ),
      section(
        'in-doubt',
        'Answers in doubt: two pages scored close',
        inDoubt.length
          ? table('Questions whose first two pages scored close, most asked first', ['Question', 'Times asked', 'Last asked', 'The two pages of the latest answer'], inDoubt, [1])
          : none('every answer had one page that clearly answered it'),
        el(
          'p',
          {class: 'method'},
          `Completions table: answers whose second page scored at least ${Math.round(DOUBT_SCORE_RATIO * 100)}% of the first (the chat then quotes a passage of each). ` +
            'A page that answers the question squarely may be missing, or one of the two should say which of them the reader wants.',
        ),
      ),
      section(
        'pages',
        'Was this page helpful?',
        figure(worstRatedPagesChart(report, document)),
        el('h3', {}, 'Latest comments'),
        comments.size
          ? el(
              'div',
              {class: 'comments'},
              [...comments].map(([page, entries]) =>
                el(
                  'section',
                  {'aria-label': `Comments on ${page}`},
                  el('h4', {}, el('code', {}, page)),
                  el('ul', {}, entries.map((c) => el('li', {}, el('time', {datetime: c.createdAt.toISOString()}, timeOf(c.createdAt)), ` ${c.helpful ? 'Yes' : 'No'}: `, reader(c.comment)))),
                ),
              ),
            )
          : none('no comment was left'),
        el('p', {class: 'method'}, 'Page_feedback table: the most recently commented pages first, up to three comments each, newest first.'),
      ),
      section('cited', 'What the answers lean on', figure(citedPagesChart(report, document))),
      el(
        'footer',
        {},
        el(
          'p',
          {},
          'Readers\' questions and comments appear exactly as they typed them (shown as text, never run as markup; control and direction-override characters removed), so read them as ' +
            'what readers wrote, not as what the docs say. The query log stores no IP address, name or account, and this page shows none.',
        ),
      ),
    ),
  );
  return document.toString();
}
