// `npm run test:e2e [-- test files and vitest options]`: the browser tests, run by vitest with the arguments given,
// after one-line stops when a build they read is missing: build/ for all of them, and each other build (which
// `npm test` makes) when the test file that serves it is among the files that will run.
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';

/** The builds besides build/, each with the test that serves it, the file that shows it is there and how to make it. */
const OTHER_BUILDS = [
  {
    // The split deployment; what its test reads first (API_SETTINGS_FILE in lib/security/headers.ts).
    test: 'tests/e2e/split-deployment.e2e.ts',
    marker: 'build-split/api-settings.json',
    what: 'split-deployment build in build-split/',
    command: 'CHAT_API_URL=http://127.0.0.1:4791 npx docusaurus build --out-dir build-split',
  },
  {
    test: 'tests/e2e/plain-site.e2e.ts',
    marker: 'build-plain/index.html',
    what: 'plain build (SITE_OPTIMIZATIONS=off) in build-plain/',
    command: 'npm run build:plain',
  },
];
/** Vitest options that take the next argument as their value, so it is not a file filter. */
const VALUE_OPTIONS = new Set(['-t', '--testNamePattern', '-c', '--config', '-r', '--root', '--dir', '--project', '--reporter', '--outputFile', '--shard', '--bail', '--retry', '--maxWorkers', '--testTimeout', '--hookTimeout', '--exclude', '--environment', '--mode']);

const args = process.argv.slice(2);

/** The file filters among vitest's arguments: every word that is neither an option nor an option's value. */
const filters = args.filter((arg, i) => !arg.startsWith('-') && !VALUE_OPTIONS.has(args[i - 1]));
/** Vitest runs a file when no filter is given or one filter is part of its path. */
const runs = (file) => filters.length === 0 || filters.some((filter) => path.resolve(file).includes(path.normalize(filter).replace(/\/$/, '')));

if (!existsSync('build/index.html')) {
  console.error('No production build in build/: run `npm run build` first (the browser tests run against it).');
  process.exit(1);
}
for (const build of OTHER_BUILDS) {
  if (runs(build.test) && !existsSync(build.marker)) {
    console.error(`No ${build.what} (${build.test} serves it): run \`${build.command}\` first, or name the test files to run after \`--\`.`);
    process.exit(1);
  }
}
const vitest = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.mts', ...args], {stdio: 'inherit'});
process.exit(vitest.status ?? 1);
