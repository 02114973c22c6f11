/**
 * The shape of the code's imports: no module of lib/, src/, plugins/, server/ or data/ reaches itself again through
 * its imports (static, type-only or dynamic), and no layer imports one above it. The layers, lowest first: data/ and
 * lib/ (shared by all); src/ (the browser) and plugins/ (the build); server/, which may read the build's modules.
 * A test beside the code may start the real server (its tests use real HTTP), so tests may import server/.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const FOLDERS = ['lib', 'src', 'plugins', 'server', 'data'] as const;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** Folder -> the folders its modules (tests included) must not import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  data: ['lib', 'src', 'plugins', 'server'],
  lib: ['src', 'plugins', 'server'],
  src: ['server'],
  plugins: ['server'],
};

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return EXTENSIONS.includes(path.extname(name)) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a specifier names, for relative and @site/ specifiers inside the repository; null for packages. */
function resolveImport(from: string, specifier: string): string | null {
  const bare = specifier.split('?')[0];
  let base: string;
  if (bare.startsWith('@site/')) base = path.join(root, bare.slice('@site/'.length));
  else if (bare.startsWith('.')) base = path.resolve(path.dirname(from), bare);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Every module the file imports: static, type-only, re-exported and dynamic imports, and require() calls. */
function importsOf(file: string): string[] {
  const {importedFiles} = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map(({fileName}) => resolveImport(file, fileName)).filter((target): target is string => target !== null);
}

const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const relative = (file: string) => path.relative(root, file);
const folderOf = (file: string) => relative(file).split(path.sep)[0];

/** The import circles among non-test modules: strongly connected groups of more than one file (Tarjan). */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target) || isTest(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(relative(member));
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!isTest(file) && !index.has(file)) visit(file);
  return found;
}

describe('import structure', () => {
  it('has no import circle', () => {
    expect(circles()).toEqual([]);
  });

  it('has no import from a layer into one above it', () => {
    const reaches: string[] = [];
    for (const [file, targets] of graph) {
      const forbidden = FORBIDDEN[folderOf(file)] ?? [];
      for (const target of targets) {
        if (isTest(file) && folderOf(target) === 'server') continue;
        if (forbidden.includes(folderOf(target))) reaches.push(`${relative(file)} imports ${relative(target)}`);
      }
    }
    expect(reaches).toEqual([]);
  });

  it('sees the imports it checks', () => {
    // A resolver that found nothing would pass both checks above.
    expect(graph.get(path.join(root, 'server/app.ts'))?.map(relative)).toContain('plugins/search-index/config.ts');
    expect(graph.get(path.join(root, 'src/features/search/backend.ts'))?.map(relative)).toContain('src/features/search/algolia-backend.ts');
  });
});
