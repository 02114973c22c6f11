import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** What one run of a command cost. */
export interface CommandUsage {
  seconds: number;
  /** Peak resident memory of the Node process, MiB. */
  maxRssMiB: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

const MAX_RSS_PRELOAD = path.resolve(__dirname, 'max-rss.mjs');

/**
 * Runs a TypeScript script of the repository in a Node process of its own (`node [nodeOptions] --import tsx script`),
 * from the repository's folder, and measures its wall time and peak resident memory (max-rss.mjs).
 */
export function measureTsScript(script: string, args: string[], env: NodeJS.ProcessEnv, nodeOptions: string[] = []): CommandUsage {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-rss-'));
  const rssFile = path.join(dir, 'max-rss');
  try {
    // A variable set to undefined in `env` is left out (unset), not passed as an empty one.
    const childEnv = Object.fromEntries(Object.entries({...process.env, ...env, BENCH_MAX_RSS_FILE: rssFile}).filter(([, value]) => value !== undefined));
    const started = performance.now();
    const run = spawnSync(process.execPath, [...nodeOptions, '--import', 'tsx', '--import', MAX_RSS_PRELOAD, script, ...args], {
      cwd: path.resolve(__dirname, '../..'),
      env: childEnv,
      encoding: 'utf8',
      maxBuffer: 256 * 2 ** 20,
    });
    const seconds = (performance.now() - started) / 1000;
    let maxRssKiB = NaN;
    try {
      maxRssKiB = Number(readFileSync(rssFile, 'utf8'));
    } catch {
      // Killed before its exit handler ran (out of memory): no figure.
    }
    return {seconds, maxRssMiB: maxRssKiB / 1024, status: run.status, stdout: run.stdout, stderr: run.stderr};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
