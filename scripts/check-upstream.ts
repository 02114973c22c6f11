/**
 * Upstream drift check: hashes every upstream file listed in data/upstream-swaps.ts as installed under node_modules
 * and names each entry whose file changed or is gone, with what our swap does and what to compare. It runs in
 * `npm test` (scripts/check-upstream.test.ts); `npx tsx scripts/check-upstream.ts` prints the same lines.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {upstreamDependencies, type UpstreamDependency} from '../data/upstream-swaps';

/** The installed version of `packageName` under `root`, or null when the package is not installed. */
function installedVersion(root: string, packageName: string): string | null {
  const manifest = path.join(root, 'node_modules', packageName, 'package.json');
  if (!existsSync(manifest)) return null;
  const {version} = JSON.parse(readFileSync(manifest, 'utf8')) as {version?: unknown};
  return typeof version === 'string' ? version : null;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** One line per entry whose installed file no longer has the recorded hash (or is missing); empty when none drifted. */
export function upstreamDrift(root: string, dependencies: readonly UpstreamDependency[] = upstreamDependencies): string[] {
  const lines: string[] = [];
  for (const dependency of dependencies) {
    const file = path.join(root, 'node_modules', dependency.package, dependency.file);
    const version = installedVersion(root, dependency.package) ?? 'not installed';
    const where = `${dependency.plugin}: ${dependency.package}/${dependency.file}`;
    const against = `written against ${dependency.version}, installed ${version}`;
    const explain = `the swap: ${dependency.swap}; compare: ${dependency.compare}`;
    if (!existsSync(file)) {
      lines.push(`${where} is gone (${against}); ${explain}`);
      continue;
    }
    const hash = sha256(file);
    if (hash !== dependency.sha256) lines.push(`${where} changed (${against}, now sha256 ${hash}); ${explain}`);
  }
  return lines;
}

function main(): void {
  const lines = upstreamDrift(process.cwd());
  for (const line of lines) console.log(line);
  if (lines.length) {
    console.log(`${lines.length} upstream file(s) changed since data/upstream-swaps.ts was last reviewed: review each swap, then record the new version and sha256 there.`);
    process.exitCode = 1;
  } else {
    console.log(`All ${upstreamDependencies.length} upstream dependencies of our swaps are as recorded in data/upstream-swaps.ts.`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
