import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {BenchRow} from './report';
import {initialAssets} from '../check-budgets';
import {OPTIMIZATIONS_ENV, PLAIN_BUILD_DIR} from '../../plugins/optimizations';

const BASELINE_DIR = path.resolve('.cache/bench-baseline-minimal');
/** Where benchBuild() leaves the vanilla site's build, for the benchmarks that serve it. */
export const BASELINE_BUILD_DIR = path.join(BASELINE_DIR, 'build');

/**
 * The baseline site's files: Docusaurus's classic preset (docs, pages, the classic theme) with one doc page and a
 * Markdown home page, nothing of ours. It is written from the packages `npm ci` installed, so the bench downloads
 * nothing while it runs (create-docusaurus, which writes the usual starter, is not among them).
 */
const BASELINE_FILES: Record<string, string> = {
  'docusaurus.config.js': `module.exports = {
  title: 'Baseline',
  url: 'http://localhost',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [['classic', {docs: {}, blog: false, theme: {}}]],
  themeConfig: {
    navbar: {title: 'Baseline', items: [{type: 'doc', docId: 'intro', label: 'Docs', position: 'left'}]},
    footer: {style: 'dark', copyright: 'Baseline site'},
  },
};
`,
  'docs/intro.md': `---
sidebar_position: 1
---

# Introduction

This page stands in for a first doc page of a site made with the classic preset and nothing else: a title, a few
paragraphs, a list and a code block, so the benchmark compares our pages with what the framework costs alone.

## Getting started

1. Install the dependencies.
2. Start the development server.
3. Edit a Markdown file and watch the page reload.

\`\`\`bash
npm install
npm start
\`\`\`

## Next steps

Pages live in \`docs/\`, the sidebar is generated from the folder, and the navbar links here.
`,
  'src/pages/index.md': `# Baseline

A home page in Markdown, rendered by the classic theme's page layout. [Read the docs](/docs/intro).
`,
};

/** Writes the baseline site (see BASELINE_FILES) with this checkout's node_modules linked in. */
function writeBaseline(): string {
  for (const [file, text] of Object.entries(BASELINE_FILES)) {
    mkdirSync(path.dirname(path.join(BASELINE_DIR, file)), {recursive: true});
    writeFileSync(path.join(BASELINE_DIR, file), text);
  }
  if (!existsSync(path.join(BASELINE_DIR, 'node_modules'))) symlinkSync(path.resolve('node_modules'), path.join(BASELINE_DIR, 'node_modules'));
  return BASELINE_DIR;
}

function timedBuild(cwd: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): number {
  const started = performance.now();
  const result = spawnSync('npx', ['docusaurus', 'build', ...args], {cwd, stdio: 'ignore', env: {...process.env, ...env}});
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

/** Build time, build size and first-load bytes of ours and of the baseline site, when it was built. */
export interface BuildMeasurement {
  rows: BenchRow[];
  /** The baseline's build folder, or why there is none (the later phases then measure ours alone). */
  baseline: {buildDir: string} | {skipped: string};
}

/** Builds the baseline site (see BASELINE_FILES) into BASELINE_BUILD_DIR, or says in one line why not. */
export function buildBaseline(): {seconds: number; buildDir: string} | {skipped: string} {
  try {
    return {seconds: timedBuild(writeBaseline()), buildDir: BASELINE_BUILD_DIR};
  } catch (error) {
    return {skipped: `the baseline site did not build (${(error as Error).message})`};
  }
}

/**
 * Build time, build size and first-load bytes, ours against the baseline site built in the same run; then the first
 * load of ours against the same site built without its optimizations (SITE_OPTIMIZATIONS=off), their cost or gain.
 */
export function benchBuild(): BuildMeasurement {
  const baseline = buildBaseline();
  const oursSeconds = timedBuild(process.cwd(), [], {[OPTIMIZATIONS_ENV]: 'on'});
  const ours = path.resolve('build');
  timedBuild(process.cwd(), ['--out-dir', PLAIN_BUILD_DIR], {[OPTIMIZATIONS_ENV]: 'off'});
  const plain = path.resolve(PLAIN_BUILD_DIR);
  const plainNote = 'baseline: the same site built with SITE_OPTIMIZATIONS=off (npm run build:plain), without the optimizations of data/upstream-swaps.ts';
  const theirs = 'buildDir' in baseline ? baseline.buildDir : null;
  const kib = (b: number) => b / 1024;
  const page = (p: {js: number; css: number}) => kib(p.js + p.css);
  const vs = <T>(measure: (dir: string) => T): T | undefined => (theirs ? measure(theirs) : undefined);
  const baselineNote = theirs ? 'baseline: classic preset alone, one doc page and a Markdown home page' : `no baseline: ${'skipped' in baseline ? baseline.skipped : ''}`;
  return {
    rows: [
      {area: 'Build', metric: 'Build time (docusaurus build)', value: oursSeconds, unit: 's', baseline: 'seconds' in baseline ? baseline.seconds : undefined, note: `ours: the whole site with generation, search index, precompression; ${baselineNote}`},
      {area: 'Build', metric: 'Build output size (without .br/.gz)', value: treeBytes(ours) / 2 ** 20, unit: 'MiB', baseline: vs((dir) => treeBytes(dir) / 2 ** 20)},
      {area: 'First load', metric: 'JS+CSS gzip of a doc page (/docs/features vs /docs/intro)', value: page(firstLoadBytes(ours, 'docs/features')), unit: 'KiB', baseline: vs((dir) => page(firstLoadBytes(dir, 'docs/intro')))},
      {area: 'First load', metric: 'JS+CSS gzip of the landing page (/)', value: page(firstLoadBytes(ours, '')), unit: 'KiB', baseline: vs((dir) => page(firstLoadBytes(dir, '')))},
      {area: 'First load', metric: 'JS+CSS gzip of a doc page (/docs/features), optimizations on vs off', value: page(firstLoadBytes(ours, 'docs/features')), unit: 'KiB', baseline: page(firstLoadBytes(plain, 'docs/features')), note: plainNote},
      {area: 'First load', metric: 'JS+CSS gzip of the landing page (/), optimizations on vs off', value: page(firstLoadBytes(ours, '')), unit: 'KiB', baseline: page(firstLoadBytes(plain, '')), note: plainNote},
    ],
    baseline: theirs ? {buildDir: theirs} : {skipped: 'skipped' in baseline ? baseline.skipped : 'not built'},
  };
}
