/**
 * Bundle budgets: the largest first-load JS + CSS (gzip bytes) of each page, checked by scripts/check-budgets.ts
 * after every build. This file is the only place the figures live; the check prints them.
 *
 * The budget is `maxGzipBytes`: the measured size plus a small margin. Raise it only with a reason in the commit
 * message, and for a doc page never past DOC_PAGE_CEILING, which the check refuses.
 */
export interface BundleBudget {
  /** Route whose built HTML is read (build/<route>/index.html). */
  route: string;
  /** The budget: gzip bytes allowed for the scripts, stylesheets and preloads in that HTML. */
  maxGzipBytes: number;
  /** Initial chunks must not carry these features' code (design rule 9: loaded on demand). */
  mustNotContain: ReadonlyArray<'search engine' | 'chat'>;
}

/** Not a budget but the limit on raising one for a doc page: the first load of a plain Docusaurus classic site. */
export const DOC_PAGE_CEILING = 190 * 1024;

/**
 * Issue 37's limit for a doc page and the home page. Measured 138.1 KiB on `/` and 136.2 KiB on `/docs/features` and
 * the source page, down from 166.5 KiB: React 18 (its react-dom is about 22 KiB gzip lighter than 19's), each page's
 * own CSS in its route's stylesheet instead of every page's (plugins/page-scripts/route-chunks.ts), nprogress on the
 * first navigation (plugins/progress-bar), the build-only site config fields and the repeated doc paths of the global
 * data out of the browser's copy (plugins/config-trim, plugins/global-data-compact). Before that: the on-demand dialogs'
 * CSS, the stylesheet pruning (plugins/css-prune), tslib (plugins/utils-common-esm) and the chunk registry's module
 * paths (plugins/registry-trim). `npm run analyze` shows where the rest goes.
 */
const FIRST_LOAD_BUDGET = 140 * 1024;

export const bundleBudgets: readonly BundleBudget[] = [
  {route: '/', maxGzipBytes: FIRST_LOAD_BUDGET, mustNotContain: ['search engine', 'chat']},
  {route: '/docs/features', maxGzipBytes: FIRST_LOAD_BUDGET, mustNotContain: ['search engine', 'chat']},
  {route: '/docs/generated/ingestion/sources/snowflake', maxGzipBytes: FIRST_LOAD_BUDGET, mustNotContain: ['search engine', 'chat']},
  // The search page's first load is its first-results script and the page scripts with its route's chunks, none of
  // which carries the engine nor the Algolia client: the engine is in the search worker's own script (budgeted below).
  // Measured 143.5 KiB (154.8 with the engine in the first-results script, 183.7 before issue 37's cuts).
  {route: '/search', maxGzipBytes: 146 * 1024, mustNotContain: ['chat', 'search engine']},
];

/**
 * Search index budgets (gzip bytes), checked on the build like the pages': the whole index (what `npm run search`
 * and the bench read, and the download a reader would pay without shards) and the lexicon the modal and the search
 * page fetch before their first query. Measured 368 KiB and 39 KiB; each budget is that plus a margin. Issue 46 raised
 * the whole index's: the docs grew from 3,753 to 4,191 sections (every option of every source described, the entity
 * pages' fields read from the release, the environment variables reference from 106 to 333 variables, about 50,000
 * words added to the verified guides), and the index with them, to 461.6 KiB; the lexicon a reader fetches first
 * stayed within its budget (45.8 KiB). Issue 47 raised both: the 5,941 questions written for the sections
 * (data/questions), indexed as a field of their sections, took the whole index to 510.0 KiB and the lexicon to 49.5 KiB
 * (their words readers type and the pages do not use, such as error names, must be in the lexicon to be found).
 * Its second pass took the questions to 9,747 (every section of 40 words or more has two or more), the whole index to
 * about 531 KiB and the lexicon to about 50 KiB: the budgets keep a margin of about 5% over that.
 */
export const searchIndexBudgets = {
  wholeIndexMaxGzipBytes: 560 * 1024,
  lexiconMaxGzipBytes: 55 * 1024,
  /**
   * The search worker's script: the engine, which the search page's worker downloads first (off the main thread, after
   * the first results). Measured 16.5 KiB: 12.8 with the lean search alone, 2.2 more for the bounded ranking (a
   * keystroke reranks the pages that can hold its hits, not every match) and 1.4 for the lean search's typed rows and
   * query-term sets.
   */
  searchWorkerMaxGzipBytes: 18 * 1024,
} as const;
