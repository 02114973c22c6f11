/**
 * `npm run report -- [--days N] [--limit N] [--html FILE] [--json]`: from the configured store (SQLite or PostgreSQL),
 * what readers ask and where the docs fail them over the period. Plain text by default; `--html FILE` writes the
 * maintainer's page (charts and lists, one self-contained file); `--json` prints the same data as that page.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {readConfig} from '../server/config';
import {formatReport} from '../server/query-log/report-text';
import {createStore} from '../server/services';
import {renderReportPage} from './report/html-page';
import {buildMaintainerReport} from './report/maintainer-report';
import {openPostgresReader, openSqliteReader} from './report/read-log';
import {readSiteTerms} from './report/site-terms';
import {answerHelp} from './cli-usage';

const USAGE = `
Usage: npm run report -- [--days N] [--limit N] [--html FILE] [--json]

What readers asked and rated over the period, from the query log the server writes (SQLite at
QUERY_LOG_SQLITE_PATH, or PostgreSQL with DATABASE_URL). Plain text by default.

  --days N      the period, counted back N x 24 h from now (default 30)
  --limit N     rows of each list (default 10)
  --html FILE   write the maintainer's page (one self-contained HTML file) instead
  --json        print that page's data as JSON
  --help, -h    this text
`;

/** Longest a statement of the report may take (PostgreSQL). */
const REPORT_QUERY_TIMEOUT_MS = 10 * 60_000;

async function main() {
  answerHelp(USAGE);
  const {values} = parseArgs({
    options: {days: {type: 'string', default: '30'}, limit: {type: 'string', default: '10'}, html: {type: 'string'}, json: {type: 'boolean', default: false}},
  });
  const days = Number(values.days);
  if (!Number.isFinite(days) || days <= 0) throw new Error('--days must be a positive number');
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit <= 0) throw new Error('--limit must be a positive whole number (rows per section)');
  if (values.html !== undefined && !values.html.trim()) throw new Error('--html needs the path of the file to write, such as --html report.html');
  const server = readConfig();
  // PG_QUERY_TIMEOUT_MS bounds what a reader's request waits for; the report's statements read a whole period of the
  // log, which takes longer on a large one, and nobody waits on them but the maintainer.
  const config = {...server, postgres: {...server.postgres, queryTimeoutMs: Math.max(server.postgres.queryTimeoutMs, REPORT_QUERY_TIMEOUT_MS)}};
  // Opening the store as the server does checks the settings and creates missing tables, with the server's messages.
  const store = await createStore(config);
  const until = new Date();
  const since = new Date(until.getTime() - days * 86_400_000);
  if (!values.html && !values.json) {
    try {
      console.log(formatReport(await store.report(since, limit), store.kind, days));
    } finally {
      await store.close();
    }
    return;
  }
  const kind = store.kind;
  await store.close();
  // The words of the built site tell questions about the docs from others; without a build the page says so.
  let siteTerms: ReadonlySet<string> | {unavailable: string};
  try {
    siteTerms = readSiteTerms(config.buildDir);
  } catch (error) {
    siteTerms = {unavailable: (error as Error).message};
  }
  const reader = config.databaseUrl ? await openPostgresReader(config.databaseUrl, config.postgres) : openSqliteReader(config.sqlitePath);
  try {
    const report = buildMaintainerReport(await reader.read(since, limit), {store: kind, since, until, days, limit, siteTerms});
    if (values.html) {
      // npm runs scripts from the project folder; a relative path means the folder the command was typed in.
      const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.html);
      try {
        writeFileSync(file, renderReportPage(report, until));
      } catch (error) {
        throw new Error(`--html: could not write ${file} (${error instanceof Error ? error.message : String(error)}); name a file in a writable folder`);
      }
      // With --json, stdout carries the JSON alone; the note about the file goes to stderr.
      (values.json ? console.error : console.log)(`Wrote ${file}`);
    }
    if (values.json) console.log(JSON.stringify(report, null, 2));
  } finally {
    await reader.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
