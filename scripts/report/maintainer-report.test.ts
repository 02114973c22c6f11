import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {renderReportPage} from './html-page';
import {buildMaintainerReport, type MaintainerReport} from './maintainer-report';
import {openPostgresReader, openSqliteReader, type LogReader} from './read-log';
import {HOSTILE_COMMENT, HOSTILE_QUESTION, postgresUrlInSchema, seedPostgresLog, seedSqliteLog} from './seed-log';

// Noon UTC, so the seed's hours-ago land on known days whatever the time the test runs.
const NOW = new Date('2026-11-20T12:00:00Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const postgresUrl = process.env.TEST_DATABASE_URL;

async function reportFrom(reader: LogReader, store: MaintainerReport['store'], days: number, limit = 10): Promise<MaintainerReport> {
  const since = new Date(NOW.getTime() - days * 86_400_000);
  return buildMaintainerReport(await reader.read(since, limit), {store, since, until: NOW, days, limit});
}

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
        expect(html.match(/<svg[^>]*class="chart"/g)).toHaveLength(4);
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

const sqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'report-')), 'log.sqlite');
let sqliteSeeded: Promise<void> | undefined;
reportSuite('sqlite', async () => {
  sqliteSeeded ??= seedSqliteLog(sqliteFile, NOW);
  await sqliteSeeded;
  return openSqliteReader(sqliteFile);
});

if (postgresUrl) {
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
