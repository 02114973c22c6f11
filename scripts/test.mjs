// `npm test`: unit tests beside the content and example checks and the production build; then the browser tests; then
// a load check against the build, alone. Running the unit tests beside the build keeps both cores of a small CI
// machine busy; each line of a side-by-side lane is prefixed with its step's name. Lighthouse is not a step: its
// accessibility audits are axe, which the browser tests run, and its scores are measured by `npm run bench`.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {createInterface} from 'node:readline';

// Which Chromium the browser steps will drive (scripts/chromium.ts): stop now, in one line, when there is none.
const found = spawnSync('npx', ['tsx', 'scripts/chromium.ts'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit']});
if (found.status !== 0) process.exit(1);
const chromium = JSON.parse(found.stdout);
console.log(`Chromium for the browser steps: ${chromium.version} (${chromium.source} ${chromium.path})`);

// Each vitest step also writes its results as JSON here, so the summary can list the tests that were skipped and why
// (their names say what they need, such as redis-server or TEST_DATABASE_URL).
const resultsDir = mkdtempSync(path.join(tmpdir(), 'npm-test-'));
const vitestResults = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(resultsDir, `${name}.json`)}`];

/** Phases run one after the other; the lanes of a phase run at the same time, the steps of a lane in order. */
const phases = [
  [
    [['Unit tests', 'npx', ['vitest', 'run', ...vitestResults('unit')]]],
    [
      ['Content check', 'npx', ['tsx', 'scripts/check-content.ts']],
      ['Example check', 'npx', ['tsx', 'scripts/check-examples.ts']],
      ['Production build', 'npx', ['docusaurus', 'build']],
      ['Build route check', 'npx', ['tsx', 'scripts/check-build.ts']],
      ['Bundle budgets', 'npx', ['tsx', 'scripts/check-budgets.ts']],
      // The same site built for the split deployment (static host + API on another origin), which
      // tests/e2e/split-deployment.e2e.ts serves; after the main build, as both write .docusaurus/.
      ['Split-deployment build', 'npx', ['docusaurus', 'build', '--out-dir', 'build-split'], {CHAT_API_URL: 'http://127.0.0.1:4791'}],
      // The plain site, without the optimizations (SITE_OPTIMIZATIONS=off), which tests/e2e/plain-site.e2e.ts serves.
      ['Plain build', 'npm', ['run', 'build:plain']],
    ],
  ],
  [[['Browser tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.mts', ...vitestResults('browser')]]]],
  // Alone: beside other work it would measure the other work.
  [[['Load check', 'node', ['--expose-gc', '--import', 'tsx', 'scripts/check-load.ts']]]],
];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs one step; with `prefix`, its output is read line by line and printed with the step's name in front. */
function runStep([name, command, args, env = {}], prefix) {
  return new Promise((resolve) => {
    const started = Date.now();
    const say = (line) => console.log(prefix ? `[${name}] ${line}` : line);
    say(`=== ${name}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, {stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: {...process.env, ...env}});
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) createInterface({input: stream}).on('line', say);
    }
    child.on('close', (code, signal) => {
      if (code === 0) {
        say(`=== ${name} passed in ${seconds(started)}`);
        resolve(true);
      } else {
        say(`=== ${name} failed (exit ${code ?? signal}) after ${seconds(started)}`);
        resolve(false);
      }
    });
  });
}

/** The steps of a lane in order, stopping at the first failure. */
async function runLane(steps, prefix) {
  for (const step of steps) {
    if (!(await runStep(step, prefix))) return step[0];
  }
  return null;
}

/** One line per skipped test of the vitest steps that ran: its file and its name, which says what it needs. */
function skippedLines() {
  const lines = [];
  for (const name of ['unit', 'browser']) {
    const file = path.join(resultsDir, `${name}.json`);
    if (!existsSync(file)) continue;
    for (const result of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      // A file whose setup failed reports its tests as skipped; they are failures, listed as such above.
      if (result.status === 'failed' && (result.assertionResults ?? []).every((test) => test.status !== 'passed')) continue;
      for (const test of result.assertionResults ?? []) {
        if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
          lines.push(`Skipped: ${path.relative(process.cwd(), result.name)}: ${test.fullName ?? test.title}`);
        }
      }
    }
  }
  return lines;
}

/** Prints the skipped tests, then the outcome, and exits with `code`. */
function finish(code, outcome) {
  const skipped = skippedLines();
  rmSync(resultsDir, {recursive: true, force: true});
  const note = skipped.length > 0 ? ` (${skipped.length} skipped, listed above)` : '';
  (code === 0 ? console.log : console.error)(['', ...skipped, `${outcome}${note}.`].join('\n'));
  process.exit(code);
}

const started = Date.now();
for (const lanes of phases) {
  const failed = (await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1)))).filter(Boolean);
  if (failed.length > 0) finish(1, `npm test failed: ${failed.join(', ')} (see the lines prefixed with the step's name above)`);
}
finish(0, `npm test passed in ${seconds(started)}`);
