// `npm test`: unit tests, content checks, the production build, then Lighthouse and browser tests against it.
import {spawnSync} from 'node:child_process';

// Which Chromium the browser steps will drive (scripts/chromium.ts): stop now, in one line, when there is none.
const found = spawnSync('npx', ['tsx', 'scripts/chromium.ts'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit']});
if (found.status !== 0) process.exit(1);
const chromium = JSON.parse(found.stdout);
console.log(`Chromium for the browser steps: ${chromium.path} (${chromium.source})`);

const steps = [
  ['Unit tests', 'npx', ['vitest', 'run']],
  ['Content check', 'npx', ['tsx', 'scripts/check-content.ts']],
  ['Production build', 'npx', ['docusaurus', 'build']],
  ['Build route check', 'npx', ['tsx', 'scripts/check-build.ts']],
  ['Bundle budgets', 'npx', ['tsx', 'scripts/check-budgets.ts']],
  ['Lighthouse', 'npx', ['tsx', 'scripts/lighthouse.ts', '--check']],
  ['Browser tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.mts']],
  ['Load check', 'node', ['--expose-gc', '--import', 'tsx', 'scripts/check-load.ts']],
];

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {stdio: 'inherit'});
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`=== ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
