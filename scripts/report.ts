/**
 * `npm run report -- [--days N]`: from the configured store (SQLite or
 * PostgreSQL), the most asked queries, the negatively rated ones and the share
 * of don't-know answers over the period: where the docs have gaps.
 */
import {parseArgs} from 'node:util';
import {readConfig} from '../server/config';
import {createStore} from '../server/services';

async function main() {
  const {values} = parseArgs({options: {days: {type: 'string', default: '30'}, limit: {type: 'string', default: '10'}}});
  const days = Number(values.days);
  if (!Number.isFinite(days) || days <= 0) throw new Error('--days must be a positive number');
  const store = await createStore(readConfig());
  try {
    const since = new Date(Date.now() - days * 86_400_000);
    const report = await store.report(since, Number(values.limit));
    const list = (rows: Array<{query: string; count: number}>) => rows.map((r) => `  ${String(r.count).padStart(5)}  ${r.query}`).join('\n') || '  (none)';
    console.log(`Query log (${store.kind}) since ${since.toISOString().slice(0, 10)} (${days} days)\n`);
    // Two sources: what the dialog posts to the query log (questions and ratings from readers' browsers), and what the
    // completions endpoint records itself (every answer it served, from the dialog, `curl` or a script alike).
    console.log(`Most asked in the dialog (queries table, posted by readers' browsers):\n${list(report.topQueries)}\n`);
    console.log(`Rated unhelpful in the dialog (queries table):\n${list(report.negativeQueries)}\n`);
    console.log(
      `Answers served by the completions endpoint (completions table, any client): ${report.completions}; ` +
        `answered "don't know": ${(report.iDontKnowShare * 100).toFixed(1)}%`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
