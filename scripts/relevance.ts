import {readFileSync} from 'node:fs';
import type {LocalSearchIndex} from '../lib/search/engine';

export interface DevQuery {
  query: string;
  acceptable: string[];
}

/** Reads data/search-dev-queries.tsv: query<TAB>acceptable routes, comma-separated. */
export function readDevQueries(file = 'data/search-dev-queries.tsv'): DevQuery[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((line) => {
    const [query, routes] = line.split('\t');
    return {query: query.trim(), acceptable: routes.split(',').map((r) => r.trim())};
  });
}

/** hit@k: a query hits when any acceptable route is among the first k distinct pages of results. */
export function evaluateRelevance(index: LocalSearchIndex, queries: DevQuery[]) {
  const rows = queries.map(({query, acceptable}) => {
    const pages = [...new Set(index.search(query, 50).map((h) => h.pageUrl))];
    const rank = pages.findIndex((p) => acceptable.includes(p));
    return {query, rank: rank < 0 ? null : rank + 1, top: pages[0] ?? null};
  });
  const share = (k: number) => rows.filter((r) => r.rank !== null && r.rank <= k).length / rows.length;
  return {hitAt1: share(1), hitAt5: share(5), rows};
}
