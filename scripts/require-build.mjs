// `npm run test:e2e` stops in one line when a build its browser tests run against is missing: build/ for all of
// them, and build-split/ (the split deployment, which `npm test` builds) for tests/e2e/split-deployment.e2e.ts
// whenever that file is among those vitest will run, that is unless the file filters after `--` leave it out.
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

const SPLIT_TEST = 'tests/e2e/split-deployment.e2e.ts';
/** What the split test reads first (API_SETTINGS_FILE in server/security-headers.ts). */
const SPLIT_BUILD_MARKER = 'build-split/api-settings.json';
const SPLIT_BUILD_COMMAND = 'CHAT_API_URL=http://127.0.0.1:4791 npx docusaurus build --out-dir build-split';
/** Vitest options that take the next word as their value, so it is not a file filter. */
const VALUE_OPTIONS = new Set(['-t', '--testNamePattern', '-c', '--config', '-r', '--root', '--dir', '--project', '--reporter', '--outputFile', '--shard', '--bail', '--retry', '--maxWorkers', '--testTimeout', '--hookTimeout', '--exclude', '--environment', '--mode']);

/** Splits a POSIX shell command line into words (quotes and backslashes as sh reads them; enough for npm's quoting). */
export function shellWords(text) {
  const words = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** The file filters given to vitest after the e2e config in `command` (npm appends the words after `--` there). */
export function fileFilters(command) {
  const words = shellWords(command);
  const at = words.indexOf('vitest.e2e.config.mts');
  const filters = [];
  if (at < 0) return filters;
  for (let i = at + 1; i < words.length; i++) {
    if (VALUE_OPTIONS.has(words[i])) i++;
    else if (!words[i].startsWith('-')) filters.push(words[i]);
  }
  return filters;
}

/** Whether vitest, given these file filters, runs the split test: no filter, or one that is part of its path. */
export function runsSplitTest(filters) {
  const file = path.resolve(SPLIT_TEST);
  return filters.length === 0 || filters.some((filter) => file.includes(path.normalize(filter).replace(/\/$/, '')));
}

/** The command line of the shell npm runs the script in (our parent); empty when it cannot be read. */
function parentCommand() {
  try {
    return readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0').slice(2).join(' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(process.ppid)], {encoding: 'utf8'});
    } catch {
      return '';
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  if (!existsSync('build/index.html')) {
    console.error('No production build in build/: run `npm run build` first (the browser tests run against it).');
    process.exit(1);
  }
  if (!existsSync(SPLIT_BUILD_MARKER) && runsSplitTest(fileFilters(parentCommand()))) {
    console.error(`No split-deployment build in build-split/ (${SPLIT_TEST} serves it): run \`${SPLIT_BUILD_COMMAND}\` first, or name the test files to run after \`--\`.`);
    process.exit(1);
  }
}
