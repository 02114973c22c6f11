/**
 * `npm run bench`: every benchmark of the project in one run, against the
 * production build served by the project's server, written to
 * bench/results.md and bench/results.json with the machine's description.
 */
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildApp} from '../server/app';
import {launchChromium} from './chromium';
import {benchSearch} from './bench/search';
import {benchInstances} from './bench/instances';
import {benchServer} from './bench/server';
import {BASELINE_BUILD_DIR, benchBuild} from './bench/build';
import {benchLighthouse} from './bench/lighthouse';
import {toMarkdown, type BenchRow} from './bench/report';

async function main() {
  const buildDir = path.resolve('build');
  // Builds ours and the vanilla baseline first, so every later figure is taken on this build.
  const rows: BenchRow[] = benchBuild();
  if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error('No production build: run "npm run build" first.');
  const app = await buildApp({buildDir});
  const baseURL = await app.listen({port: 0, host: '127.0.0.1'});
  const browser = await launchChromium();
  try {
    rows.push(...(await benchSearch(browser, baseURL, buildDir)));
  } finally {
    await browser.close();
    await app.close();
  }
  rows.push(...(await benchServer(buildDir, Number(process.env.BENCH_LOAD_SECONDS ?? 20))));
  rows.push(...(await benchInstances(buildDir, Number(process.env.BENCH_LOAD_SECONDS ?? 20))));
  rows.push(...(await benchLighthouse(buildDir, BASELINE_BUILD_DIR)));
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`;
  mkdirSync('bench', {recursive: true});
  writeFileSync('bench/results.md', toMarkdown(rows, `# Benchmark results\n\nMachine: ${machine}`));
  writeFileSync('bench/results.json', `${JSON.stringify({machine, rows}, null, 2)}\n`);
  console.log(toMarkdown(rows, `Machine: ${machine}`));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
