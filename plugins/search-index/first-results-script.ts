import path from 'node:path';
import {minify} from '@swc/core';
import {build} from 'esbuild';
import {readOnlyMiniSearch} from './read-only-minisearch';

/** Entry of the search page's first-results script (src/features/search/first-results.ts says what it is for). */
export const FIRST_RESULTS_ENTRY = 'src/features/search/first-results-entry.ts';
/** Entry of the search worker the first-results script starts. */
export const SEARCH_WORKER_ENTRY = 'src/features/search/search-worker-entry.ts';

/**
 * Bundles the first-results script and its search worker, each on its own, outside the site's bundler: they must run
 * before, and without, the page's runtime and main bundle. Classic scripts; the syntax the engine needs (lookbehind,
 * Unicode property escapes) is that of browsers from 2023 on (Safari 16.4), so ES2022 costs no reader anything.
 * esbuild bundles and SWC (the site bundler's minifier) minifies: 0.9 KB gzip less than esbuild's own minifier. The
 * worker's MiniSearch is without the methods a read-only index never calls (read-only-minisearch.ts).
 */
export async function bundleFirstResultsScripts(siteDir: string): Promise<{page: string; worker: string}> {
  const [page, worker] = await Promise.all([FIRST_RESULTS_ENTRY, SEARCH_WORKER_ENTRY].map((entry) => bundleScript(path.join(siteDir, entry))));
  return {page, worker};
}

async function bundleScript(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: false,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    plugins: [readOnlyMiniSearch],
  });
  const {code} = await minify(result.outputFiles[0].text, {compress: {passes: 2, ecma: 2022}, mangle: {toplevel: true}, ecma: 2022, module: false});
  return code;
}
