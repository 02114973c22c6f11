// `npm run test:e2e [-- test files and vitest options]`: the browser tests, run by vitest with the arguments given,
// after one-line stops when a build they read is missing: build/ for all of them, and build-split/ (the split
// deployment, which `npm test` builds) when tests/e2e/split-deployment.e2e.ts is among the files that will run.
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';

const SPLIT_TEST = 'tests/e2e/split-deployment.e2e.ts';
/** What the split test reads first (API_SETTINGS_FILE in lib/security/headers.ts). */
const SPLIT_BUILD_MARKER = 'build-split/api-settings.json';
const SPLIT_BUILD_COMMAND = 'CHAT_API_URL=http://127.0.0.1:4791 npx docusaurus build --out-dir build-split';
/** Vitest options that take the next argument as their value, so it is not a file filter. */
const VALUE_OPTIONS = new Set(['-t', '--testNamePattern', '-c', '--config', '-r', '--root', '--dir', '--project', '--reporter', '--outputFile', '--shard', '--bail', '--retry', '--maxWorkers', '--testTimeout', '--hookTimeout', '--exclude', '--environment', '--mode']);

const args = process.argv.slice(2);

/** The file filters among vitest's arguments: every word that is neither an option nor an option's value. */
const filters = args.filter((arg, i) => !arg.startsWith('-') && !VALUE_OPTIONS.has(args[i - 1]));
/** Vitest runs a file when no filter is given or one filter is part of its path. */
const runsSplitTest = filters.length === 0 || filters.some((filter) => path.resolve(SPLIT_TEST).includes(path.normalize(filter).replace(/\/$/, '')));

if (!existsSync('build/index.html')) {
  console.error('No production build in build/: run `npm run build` first (the browser tests run against it).');
  process.exit(1);
}
if (runsSplitTest && !existsSync(SPLIT_BUILD_MARKER)) {
  console.error(`No split-deployment build in build-split/ (${SPLIT_TEST} serves it): run \`${SPLIT_BUILD_COMMAND}\` first, or name the test files to run after \`--\`.`);
  process.exit(1);
}
const vitest = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.mts', ...args], {stdio: 'inherit'});
process.exit(vitest.status ?? 1);
