/**
 * `npm run report -- [--days N]`: from the configured store (SQLite or
 * PostgreSQL), the most asked queries, the negatively rated ones, the share
 * of don't-know answers, the pages readers rated unhelpful and their latest
 * comments over the period: where the docs have gaps.
 */
import {parseArgs} from 'node:util';
import {readConfig} from '../server/config';
import {formatReport} from '../server/query-log/report-text';
import {createStore} from '../server/services';

async function main() {
  const {values} = parseArgs({options: {days: {type: 'string', default: '30'}, limit: {type: 'string', default: '10'}}});
  const days = Number(values.days);
  if (!Number.isFinite(days) || days <= 0) throw new Error('--days must be a positive number');
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit <= 0) throw new Error('--limit must be a positive whole number (rows per section)');
  const store = await createStore(readConfig());
  try {
    const since = new Date(Date.now() - days * 86_400_000);
    console.log(formatReport(await store.report(since, limit), store.kind, days));
  } finally {
    await store.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
