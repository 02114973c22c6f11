import path from 'node:path';
import {minify} from '@swc/core';
import {build} from 'esbuild';
import {readOnlyMiniSearch} from './read-only-minisearch';

/** Entry of the search page's first-results script (src/features/search/first-results.ts says what it is for). */
export const FIRST_RESULTS_ENTRY = 'src/features/search/first-results-entry.ts';

/**
 * Bundles the first-results script on its own, outside the site's bundler: it must run before, and without, the
 * page's runtime and main bundle. One classic script; the syntax the engine needs (lookbehind, Unicode property
 * escapes) is that of browsers from 2023 on (Safari 16.4), so ES2022 costs no reader anything. esbuild bundles and
 * SWC (the site bundler's minifier) minifies: 0.9 KB gzip less than esbuild's own minifier. Both that and MiniSearch
 * without the methods a read-only index never calls (read-only-minisearch.ts) keep the search page in its budget.
 */
export async function bundleFirstResultsScript(siteDir: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(siteDir, FIRST_RESULTS_ENTRY)],
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
