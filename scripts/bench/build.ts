import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, statSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {BenchRow} from './report';
import {initialAssets} from '../check-budgets';

const BASELINE_DIR = path.resolve('.cache/bench-baseline');
/** Where benchBuild() leaves the vanilla site's build, for the benchmarks that serve it. */
export const BASELINE_BUILD_DIR = path.join(BASELINE_DIR, 'build');

/** A vanilla Docusaurus classic site (same Docusaurus version, from the npm registry), built beside ours. */
function ensureBaseline(): string {
  if (!existsSync(path.join(BASELINE_DIR, 'docusaurus.config.ts'))) {
    const version = (JSON.parse(readFileSync('node_modules/@docusaurus/core/package.json', 'utf8')) as {version: string}).version;
    const created = spawnSync('npx', ['--yes', `create-docusaurus@${version}`, BASELINE_DIR, 'classic', '--skip-install', '--typescript'], {stdio: 'inherit'});
    if (created.status !== 0) throw new Error('Could not create the vanilla Docusaurus baseline site.');
  }
  if (!existsSync(path.join(BASELINE_DIR, 'node_modules'))) symlinkSync(path.resolve('node_modules'), path.join(BASELINE_DIR, 'node_modules'));
  return BASELINE_DIR;
}

function timedBuild(cwd: string): number {
  const started = performance.now();
  const result = spawnSync('npx', ['docusaurus', 'build'], {cwd, stdio: 'ignore'});
  if (result.status !== 0) throw new Error(`docusaurus build failed in ${cwd}`);
  return (performance.now() - started) / 1000;
}

function treeBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => {
    const full = path.join(dir, name);
    const s = statSync(full);
    if (s.isDirectory()) return sum + treeBytes(full);
    return /\.(br|gz)$/.test(name) ? sum : sum + s.size;
  }, 0);
}

/** Gzip size of the JS and CSS a page loads before any interaction (as the bundle budget check counts them). */
export function firstLoadBytes(buildDir: string, route: string): {js: number; css: number; files: string[]} {
  const assets = initialAssets(readFileSync(path.join(buildDir, route, 'index.html'), 'utf8'));
  const gz = (url: string) => gzipSync(readFileSync(path.join(buildDir, url.replace(/^\//, '')))).length;
  const sum = (kind: 'script' | 'style') => assets.filter((a) => a.kind === kind).reduce((total, a) => total + gz(a.href), 0);
  return {js: sum('script'), css: sum('style'), files: assets.map((a) => a.href)};
}

/** Build time, build size and first-load bytes, ours against a vanilla Docusaurus site built in the same run. */
export function benchBuild(): BenchRow[] {
  const baseline = ensureBaseline();
  const baselineSeconds = timedBuild(baseline);
  const oursSeconds = timedBuild(process.cwd());
  const ours = path.resolve('build');
  const theirs = BASELINE_BUILD_DIR;
  const kib = (b: number) => b / 1024;
  const page = (p: {js: number; css: number}) => kib(p.js + p.css);
  return [
    {area: 'Build', metric: 'Build time (docusaurus build)', value: oursSeconds, unit: 's', baseline: baselineSeconds, note: 'ours: 336 doc pages + generation, search index, precompression; baseline: vanilla classic site'},
    {area: 'Build', metric: 'Build output size (without .br/.gz)', value: treeBytes(ours) / 2 ** 20, unit: 'MiB', baseline: treeBytes(theirs) / 2 ** 20},
    {area: 'First load', metric: 'JS+CSS gzip of a doc page (/docs/features vs /docs/intro)', value: page(firstLoadBytes(ours, 'docs/features')), unit: 'KiB', baseline: page(firstLoadBytes(theirs, 'docs/intro'))},
    {area: 'First load', metric: 'JS+CSS gzip of the landing page (/)', value: page(firstLoadBytes(ours, '')), unit: 'KiB', baseline: page(firstLoadBytes(theirs, ''))},
  ];
}
