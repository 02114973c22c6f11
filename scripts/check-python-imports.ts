/**
 * Python import check: every `from datahub… import …` and `import datahub…` in a Python code block of the docs names
 * a module and names that the v0.10.5 `acryl-datahub` package (or its Airflow plugin) has
 * (data/reference/python-api-v0.10.5.json, extracted by scripts/reference/extract_python_api.py). Packages outside the
 * release (`datahub_actions`, of the separate datahub-actions repository) are not checked.
 * `npx tsx scripts/check-python-imports.ts` prints every problem; scripts/check-python-imports.test.ts runs it in `npm test`.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {fencedBlocks} from './check-examples';
import {GENERATED_MARKER, readIfPresent} from './check-release-facts';

export const PYTHON_API_FILE = 'data/reference/python-api-v0.10.5.json';

/** Top-level packages the reference covers; other imports are third-party or another repository's. */
export const RELEASE_PACKAGES = ['datahub', 'datahub_provider', 'datahub_airflow_plugin'];

const apiSchema = z.strictObject({
  release: z.string(),
  commit: z.string(),
  derivedBy: z.string(),
  modules: z.record(z.string(), z.array(z.string())),
});
export type PythonApi = z.infer<typeof apiSchema>;

export function readPythonApi(siteDir: string): PythonApi {
  return apiSchema.parse(JSON.parse(readFileSync(path.join(siteDir, PYTHON_API_FILE), 'utf8')));
}

export interface ImportStatement {
  module: string;
  names: string[];
  /** 0-based line within the block. */
  line: number;
}

/** The import statements of a Python block, parenthesised multi-line `from` imports included. */
export function importsOf(code: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  const lines = code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const from = lines[i].match(/^\s*from\s+([\w.]+)\s+import\s+(.*)$/);
    if (from) {
      let rest = from[2];
      const start = i;
      if (rest.trim().startsWith('(')) {
        while (!rest.includes(')') && i + 1 < lines.length) rest += ` ${lines[++i]}`;
      } else {
        while (/\\\s*$/.test(rest) && i + 1 < lines.length) rest = rest.replace(/\\\s*$/, ' ') + lines[++i];
      }
      const names = rest.replace(/#.*$/, '').replace(/[()]/g, ' ').split(',').map((n) => n.trim().split(/\s+as\s+/)[0].trim()).filter(Boolean);
      found.push({module: from[1], names, line: start});
      continue;
    }
    const plain = lines[i].match(/^\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)\s*(?:#.*)?$/);
    if (plain) {
      for (const part of plain[1].split(',')) found.push({module: part.trim().split(/\s+as\s+/)[0], names: [], line: i});
    }
  }
  return found;
}

/** Why an import statement fails on the release; empty when it works (or is not the release's package). */
export function importProblems(statement: ImportStatement, api: PythonApi, pageClasses: ReadonlySet<string> = new Set()): string[] {
  if (!RELEASE_PACKAGES.includes(statement.module.split('.')[0])) return [];
  const listed = api.modules[statement.module];
  const names = listed && statement.module === SCHEMA_CLASSES ? [...listed, ...pageClasses] : listed;
  if (!names) return [`module ${statement.module} does not exist in ${api.release}`];
  return statement.names
    .filter((name) => name !== '*' && !names.includes(name) && !(`${statement.module}.${name}` in api.modules))
    .map((name) => `${statement.module} has no ${name} in ${api.release}`);
}

const SCHEMA_CLASSES = 'datahub.metadata.schema_classes';

/** Classes a page's own PDL blocks define (a tutorial adding an aspect): after a rebuild they are in schema_classes. */
export function pageModelClasses(text: string): Set<string> {
  const blocks = fencedBlocks(text).filter((b) => b.lang === 'pdl');
  return new Set(blocks.flatMap((b) => [...b.body.matchAll(/\b(?:record|enum|typeref)\s+(\w+)/g)].map((m) => `${m[1]}Class`)));
}

export interface ImportProblem {
  file: string;
  line: number;
  message: string;
}

export function checkPythonText(file: string, text: string, api: PythonApi): {problems: ImportProblem[]; imports: number} {
  const problems: ImportProblem[] = [];
  let imports = 0;
  const pageClasses = pageModelClasses(text);
  for (const block of fencedBlocks(text).filter((b) => b.lang === 'python' || b.lang === 'py')) {
    for (const statement of importsOf(block.body)) {
      imports++;
      for (const message of importProblems(statement, api, pageClasses)) problems.push({file, line: block.line + statement.line, message: `${message} (${PYTHON_API_FILE})`});
    }
  }
  return {problems, imports};
}

export function checkPythonImports(siteDir: string): {problems: ImportProblem[]; imports: number} {
  const api = readPythonApi(siteDir);
  const files = (readdirSync(path.join(siteDir, 'docs'), {recursive: true}) as string[]).filter((f) => /\.mdx?$/.test(f)).sort();
  const result = {problems: [] as ImportProblem[], imports: 0};
  for (const relative of files) {
    const file = `docs/${relative.split(path.sep).join('/')}`;
    const text = readIfPresent(path.join(siteDir, file));
    if (text === null || text.includes(GENERATED_MARKER)) continue;
    const {problems, imports} = checkPythonText(file, text, api);
    result.problems.push(...problems);
    result.imports += imports;
  }
  return result;
}

function main() {
  const {problems, imports} = checkPythonImports(process.cwd());
  console.log(`Checked ${imports} Python imports of the docs against ${PYTHON_API_FILE}: ${problems.length} problem(s).`);
  for (const p of problems) console.error(`  ${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
