import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {renderReportPage} from './html-page';
import {buildMaintainerReport, type MaintainerReport, type ReportOptions} from './maintainer-report';
import {openPostgresReader, openSqliteReader, type LogReader} from './read-log';
import {HOSTILE_COMMENT, HOSTILE_QUESTION, postgresUrlInSchema, seedPostgresLog, seedSqliteLog, type SeedLog} from './seed-log';

// Noon UTC, so the seed's hours-ago land on known days whatever the time the test runs.
const NOW = new Date('2026-11-20T12:00:00Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const postgresUrl = process.env.TEST_DATABASE_URL;

/** Without the site's words, no question is set apart: every don't-know question is a page to write. */
const NO_SITE_TERMS = {unavailable: 'no search index in build'};

async function reportFrom(reader: LogReader, store: MaintainerReport['store'], days: number, limit = 10, siteTerms: ReportOptions['siteTerms'] = NO_SITE_TERMS): Promise<MaintainerReport> {
  const since = new Date(NOW.getTime() - days * 86_400_000);
  return buildMaintainerReport(await reader.read(since, limit), {store, since, until: NOW, days, limit, siteTerms});
}

/**
 * Questions asked in the dialog and rated in the question's own row (as the server stores a rating now), beside a
 * rating stored as a row of its own (as older servers did), and don't-know questions on and off the site's subject.
 */
const RATED_IN_ROW: SeedLog = {
  completions: [
    {hoursAgo: 60, prompt: 'How do I add a tag?', references: ['/docs/tags#add-tags'], dontKnow: false},
    {hoursAgo: 5, prompt: 'How do I bake sourdough bread?', references: [], dontKnow: true},
    {hoursAgo: 4, prompt: 'How do I connect OneLake?', references: [], dontKnow: true},
    {hoursAgo: 3, prompt: 'onelake connection', references: [], dontKnow: true},
  ],
  queries: [
    // Asked on 2026-11-17 and rated the next day: the rating counts on the day it was given.
    {hoursAgo: 60, query: 'How do I add a tag?', rating: 'negative', ratedHoursAgo: 40},
    {hoursAgo: 30, query: 'How is lineage shown?', rating: null},
    {hoursAgo: 29.9, query: 'How is lineage shown?', rating: 'positive'},
  ],
  pageFeedback: [],
};

/** The same expectations on each store: both must give the maintainer the same page. */
function reportSuite(store: MaintainerReport['store'], open: () => Promise<LogReader>) {
  describe(`maintainer report from ${store}`, () => {
    it('counts questions per day (every day of the period), ratings per day and the totals, leaving out older rows', async () => {
      const reader = await open();
      try {
        const report = await reportFrom(reader, store, 30);
        expect(report.questionsPerDay).toHaveLength(31);
        expect(report.questionsPerDay[0]).toEqual({day: '2026-10-21', answered: 0, dontKnow: 0});
        expect(report.questionsPerDay.slice(-6)).toEqual([
          {day: '2026-11-15', answered: 3, dontKnow: 1},
          {day: '2026-11-16', answered: 2, dontKnow: 2},
          {day: '2026-11-17', answered: 0, dontKnow: 0},
          {day: '2026-11-18', answered: 4, dontKnow: 1},
          {day: '2026-11-19', answered: 1, dontKnow: 1},
          {day: '2026-11-20', answered: 0, dontKnow: 2},
        ]);
        expect(report.ratingsPerDay).toEqual([
          {day: '2026-11-15', up: 1, down: 1, downShare: 0.5},
          {day: '2026-11-16', up: 0, down: 1, downShare: 1},
          {day: '2026-11-18', up: 3, down: 0, downShare: 0},
          {day: '2026-11-19', up: 0, down: 1, downShare: 1},
          {day: '2026-11-20', up: 0, down: 1, downShare: 1},
        ]);
        expect(report.totals).toEqual({
          questions: 17, answered: 10, dontKnow: 7, dontKnowShare: 7 / 17, ratingsUp: 4, ratingsDown: 4, pagesYes: 4, pagesNo: 3, comments: 3,
        });
        const recent = await reportFrom(reader, store, 3);
        expect([recent.totals.answered, recent.totals.dontKnow, recent.questionsPerDay.length]).toEqual([5, 4, 4]);
      } finally {
        await reader.close();
      }
    });

    it('groups the don\'t-know questions by the search\'s reading of their wording, most asked first', async () => {
      const reader = await open();
      try {
        const {dontKnowGroups} = await reportFrom(reader, store, 30);
        expect(dontKnowGroups.map((g) => [g.terms.join(' '), g.count, g.lastAsked.toISOString()])).toEqual([
          ['kafka keystor rotat ssl', 4, ago(1).toISOString()],
          ['lineag support teradata', 2, ago(23).toISOString()],
          [expect.stringContaining('script'), 1, ago(2).toISOString()],
        ]);
        expect(dontKnowGroups[0].wordings.map((w) => [w.text, w.count])).toEqual([
          ['How do I rotate the Kafka SSL keystore?', 2],
          ['Rotating Kafka SSL keystores', 1],
          ['kafka ssl keystore rotation', 1],
        ]);
        expect(dontKnowGroups[2].wordings[0].text).toBe(HOSTILE_QUESTION);
        // Shown in the words of the most asked wording, one per term.
        expect(dontKnowGroups[0].words).toEqual(['Kafka', 'keystore', 'rotate', 'SSL']);
      } finally {
        await reader.close();
      }
    });

    it('sets apart the don\'t-know questions most of whose words are on no page, when the site\'s words are known', async () => {
      const reader = await open();
      try {
        const site = new Set(['kafka', 'keystor', 'rotat', 'ssl', 'lineag', 'support']);
        const report = await reportFrom(reader, store, 30, 10, site);
        expect(report.dontKnowGroups.map((g) => g.words.join(' '))).toEqual(['Kafka keystore rotate SSL', 'lineage support teradata']);
        expect(report.offTopicGroups?.map((g) => g.wordings[0].text)).toEqual([HOSTILE_QUESTION]);
        expect(report.offTopicUnavailable).toBe(null);
        const without = await reportFrom(reader, store, 30);
        expect([without.dontKnowGroups.length, without.offTopicGroups, without.offTopicUnavailable]).toEqual([3, null, 'no search index in build']);
      } finally {
        await reader.close();
      }
    });

    it('lists thumbs-down answers with the first reference of the answer rated, and the pages by share of "No" and by citations', async () => {
      const reader = await open();
      try {
        const report = await reportFrom(reader, store, 30);
        expect(report.thumbsDown).toEqual([
          {question: 'How do I add a tag?', count: 2, lastRated: ago(23.9), firstReference: '/docs/tags#add-tags'},
          {question: 'Can I purge soft-deleted datasets?', count: 1, lastRated: ago(10), firstReference: null},
          {question: 'How is lineage shown?', count: 1, lastRated: ago(94.9), firstReference: '/docs/lineage/lineage-feature-guide#overview'},
        ]);
        expect(report.pageRatings).toEqual([
          {page: '/docs/lineage/lineage-feature-guide', yes: 1, no: 2, noShare: 2 / 3},
          {page: '/docs/quickstart', yes: 2, no: 1, noShare: 1 / 3},
          {page: '/docs/tags', yes: 1, no: 0, noShare: 0},
        ]);
        expect(report.latestComments.map((c) => [c.page, c.helpful, c.comment])).toEqual([
          ['/docs/lineage/lineage-feature-guide', false, 'No example for column-level lineage'],
          ['/docs/quickstart', false, HOSTILE_COMMENT],
          ['/docs/quickstart', true, 'Worked first time'],
        ]);
        // Two sections of one page in one answer count once; the don't-know answer's reference does not count.
        expect(report.citedPages).toEqual([
          {page: '/docs/api/tutorials/tags', answers: 4},
          {page: '/docs/quickstart', answers: 4},
          {page: '/docs/tags', answers: 4},
          {page: '/docs/api/tutorials/lineage', answers: 2},
          {page: '/docs/lineage/lineage-feature-guide', answers: 2},
        ]);
        const limited = await reportFrom(reader, store, 30, 2);
        expect([limited.dontKnowGroups, limited.thumbsDown, limited.pageRatings, limited.citedPages].map((list) => list.length)).toEqual([2, 2, 2, 2]);
        expect(new Set(limited.latestComments.map((c) => c.page)).size).toBe(2);
      } finally {
        await reader.close();
      }
    });

    it('renders a page whose readers\' text is escaped and that refers to nothing outside itself', async () => {
      const reader = await open();
      try {
        const html = renderReportPage(await reportFrom(reader, store, 30), NOW);
        expect(html.startsWith('<!DOCTYPE html>') || html.startsWith('<!doctype html>')).toBe(true);
        // Each chart twice: for a wide page and for a phone.
        expect(html.match(/<svg[^>]*class="chart chart-wide"/g)).toHaveLength(4);
        expect(html.match(/<svg[^>]*class="chart chart-narrow"/g)).toHaveLength(4);
        // Within tags only: readers' text holds such words too, escaped (its "<" is "&lt;", so it starts no tag).
        expect(html).not.toMatch(/<(script|img|link|iframe|object)\b|<[^>]*\s(src|href|srcset)=|url\(|@import/i);
        expect(html).toContain('What does &lt;script&gt;alert(');
        expect(html).toContain('Step 3 fails &lt;img src=');
        // A direction override would make the comment read backwards; it is dropped, the rest is kept.
        expect(html).not.toContain('\u202E');
        expect(html).toContain('evil & more'.replace('&', '&amp;'));
      } finally {
        await reader.close();
      }
    });
  });
}

/** The log as the server writes it now: a rating in its question's row, beside a rating an older server stored alone. */
function ratedInRowSuite(store: MaintainerReport['store'], open: () => Promise<LogReader>) {
  describe(`maintainer report from ${store}, ratings kept in their questions' rows`, () => {
    it('counts a rating on the day it was given, once, and finds the answer it rated', async () => {
      const reader = await open();
      try {
        const report = await reportFrom(reader, store, 30);
        expect(report.ratingsPerDay).toEqual([
          {day: '2026-11-18', up: 0, down: 1, downShare: 1},
          {day: '2026-11-19', up: 1, down: 0, downShare: 0},
        ]);
        expect([report.totals.ratingsUp, report.totals.ratingsDown]).toEqual([1, 1]);
        expect(report.thumbsDown).toEqual([{question: 'How do I add a tag?', count: 1, lastRated: ago(40), firstReference: '/docs/tags#add-tags'}]);
      } finally {
        await reader.close();
      }
    });

    it('lists a product the docs lack as a page to write, in the words readers typed, and a question about bread apart', async () => {
      const reader = await open();
      try {
        const report = await reportFrom(reader, store, 30, 10, new Set(['connect', 'bake', 'tag']));
        expect(report.dontKnowGroups.map((g) => [g.words.join(' '), g.count, g.wordings.map((w) => w.text)])).toEqual([
          ['connection onelake', 2, ['onelake connection', 'How do I connect OneLake?']],
        ]);
        expect(report.offTopicGroups?.map((g) => [g.words.join(' '), g.count])).toEqual([['bake bread sourdough', 1]]);
        const html = renderReportPage(report, NOW);
        expect(html).toContain('connection onelake');
        expect(html).not.toContain('onelak<');
      } finally {
        await reader.close();
      }
    });
  });
}

const sqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'report-')), 'log.sqlite');
let sqliteSeeded: Promise<void> | undefined;
reportSuite('sqlite', async () => {
  sqliteSeeded ??= seedSqliteLog(sqliteFile, NOW);
  await sqliteSeeded;
  return openSqliteReader(sqliteFile);
});

const ratedFile = path.join(mkdtempSync(path.join(tmpdir(), 'report-rated-')), 'log.sqlite');
let ratedSeeded: Promise<void> | undefined;
ratedInRowSuite('sqlite', async () => {
  ratedSeeded ??= seedSqliteLog(ratedFile, NOW, RATED_IN_ROW);
  await ratedSeeded;
  return openSqliteReader(ratedFile);
});

if (postgresUrl) {
  let ratedUrl: Promise<string> | undefined;
  ratedInRowSuite('postgres', async () => {
    ratedUrl ??= postgresUrlInSchema(postgresUrl, 'maintainer_report_rated_test').then(async (url) => {
      await seedPostgresLog(url, NOW, RATED_IN_ROW);
      return url;
    });
    return openPostgresReader(await ratedUrl, {connectTimeoutMs: 3_000, queryTimeoutMs: 3_000});
  });
  let scopedUrl: Promise<string> | undefined;
  reportSuite('postgres', async () => {
    // A schema of its own: the store suite drops and creates the same tables on this database at the same time.
    scopedUrl ??= postgresUrlInSchema(postgresUrl, 'maintainer_report_test').then(async (url) => {
      await seedPostgresLog(url, NOW);
      return url;
    });
    return openPostgresReader(await scopedUrl, {connectTimeoutMs: 3_000, queryTimeoutMs: 3_000});
  });
} else {
  describe('maintainer report from postgres', () => {
    it.skip('needs TEST_DATABASE_URL (set by .ci/run, which starts PostgreSQL)', () => undefined);
  });
}
