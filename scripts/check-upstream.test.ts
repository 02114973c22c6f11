import {appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {upstreamDependencies} from '../data/upstream-swaps';
import {upstreamDrift} from './check-upstream';

const root = process.cwd();

describe('upstream drift check', () => {
  it('finds every upstream file our swaps depend on as recorded in data/upstream-swaps.ts', () => {
    // On failure the message is the check's own lines: one per drifted entry, with what to compare.
    expect(upstreamDrift(root).join('\n')).toBe('');
  });

  it('records every plugin that swaps or rewrites a module, and the code-block swizzles', () => {
    const plugins = new Set<string>(upstreamDependencies.map((dependency) => dependency.plugin));
    const swapping = readdirSync(path.join(root, 'plugins')).filter((name) => {
      const index = path.join(root, 'plugins', name, 'index.ts');
      try {
        return /from '\.\.\/(module-swap|generated-rewrite)'/.test(readFileSync(index, 'utf8'));
      } catch {
        return false;
      }
    });
    const expected = [...swapping, 'module-swap', 'generated-rewrite', 'prism-on-demand'].map((name) => `plugins/${name}`);
    expected.push('src/theme/CodeBlock', 'src/theme/CodeBlock/Content', 'src/theme/CodeBlock/Container');
    expect(expected.filter((plugin) => !plugins.has(plugin))).toEqual([]);
  });

  describe('on a copy of the installed files', () => {
    let copy: string;
    afterEach(() => rmSync(copy, {recursive: true, force: true}));

    /** A root holding only the recorded files and their packages' manifests, as installed. */
    function copyInstalled(): string {
      copy = mkdtempSync(path.join(tmpdir(), 'upstream-drift-'));
      for (const {package: name, file} of upstreamDependencies) {
        for (const part of ['package.json', file]) {
          const target = path.join(copy, 'node_modules', name, part);
          mkdirSync(path.dirname(target), {recursive: true});
          copyFileSync(path.join(root, 'node_modules', name, part), target);
        }
      }
      return copy;
    }

    it('names the plugin, the file, what the swap does and what to compare when a file changed', () => {
      const dir = copyInstalled();
      expect(upstreamDrift(dir)).toEqual([]);
      appendFileSync(path.join(dir, 'node_modules/@docusaurus/core/lib/client/clientEntry.js'), '\n// a change upstream\n');
      const lines = upstreamDrift(dir);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^plugins\/client-startup: @docusaurus\/core\/lib\/client\/clientEntry\.js changed \(written against 3\.10\.2, installed 3\.10\.2, now sha256 [0-9a-f]{64}\); /);
      expect(lines[0]).toContain('the swap: entry.js replaces the browser entry');
      expect(lines[0]).toContain('compare: every step of the original against entry.js');
    });

    it('gives one line to each plugin that depends on a changed file, and says when a file is gone', () => {
      const dir = copyInstalled();
      appendFileSync(path.join(dir, 'node_modules/@docusaurus/core/lib/server/codegen/codegenRoutes.js'), ' ');
      rmSync(path.join(dir, 'node_modules/@docusaurus/theme-classic/lib/nprogress.js'));
      const lines = upstreamDrift(dir);
      expect(lines.map((line) => line.slice(0, line.indexOf(' ('))))
        .toEqual([
          'plugins/progress-bar: @docusaurus/theme-classic/lib/nprogress.js is gone',
          'plugins/registry-trim: @docusaurus/core/lib/server/codegen/codegenRoutes.js changed',
          'plugins/route-prefetch: @docusaurus/core/lib/server/codegen/codegenRoutes.js changed',
        ]);
    });
  });
});
