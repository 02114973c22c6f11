import {readFile} from 'node:fs/promises';
import {parse, type Node} from 'acorn';
import type {Plugin} from 'esbuild';

/**
 * MiniSearch's methods that build, change, vacuum, suggest from, save or search an index. The search worker only
 * loads a read-only index from postings (lib/search/engine.ts postingsMatcher: `loadJS`) and searches it with the
 * lean search, which runs MiniSearch's executeQuery with steps of its own; so it never calls them. A class's
 * methods are beyond any bundler's tree shaking, and these are about 2 KB gzip of the worker's script.
 */
export const UNCALLED_MINISEARCH_METHODS = [
  'add',
  'addAll',
  'addAllAsync',
  'remove',
  'removeAll',
  'discard',
  'discardAll',
  'maybeAutoVacuum',
  'replace',
  'vacuum',
  'conditionalVacuum',
  'performVacuuming',
  'vacuumConditionsMet',
  'isVacuuming',
  'dirtCount',
  'dirtFactor',
  'autoSuggest',
  'termCount',
  'loadJSON',
  'loadJSAsync',
  'loadJSONAsync',
  'executeWildcardQuery',
  'toJSON',
  'addTerm',
  'addDocumentId',
  'addFieldLength',
  'removeFieldLength',
  'saveStoredFields',
  // The lean search (lib/search/lean-search.ts) walks queries with executeQuery and scores them itself.
  'search',
  'executeQuerySpec',
  'termResults',
  'combineResults',
  'removeTerm',
  'warnDocumentChanged',
  'has',
  'getStoredFields',
  'getDefault',
] as const;

/** SearchableMap's methods (MiniSearch's term index) that change it or list it whole, which a read-only index never calls. */
export const UNCALLED_SEARCHABLE_MAP_METHODS = ['clear', 'delete', 'forEach', 'has', 'keys', 'update', 'fetch', 'values', 'from', 'fromObject', 'size'] as const;

/** The classes stripped: each found by a method only it defines. */
const STRIPPED_CLASSES = [
  {name: 'MiniSearch', marker: 'executeQuerySpec', methods: UNCALLED_MINISEARCH_METHODS, list: 'UNCALLED_MINISEARCH_METHODS'},
  {name: 'SearchableMap', marker: 'fuzzyGet', methods: UNCALLED_SEARCHABLE_MAP_METHODS, list: 'UNCALLED_SEARCHABLE_MAP_METHODS'},
] as const;

interface ClassMember extends Node {
  type: string;
  key?: {type: string; name?: string};
}

/** The members of the first class in `program` whose body defines `marker`, or null. */
function classDefining(program: Node, marker: string): ClassMember[] | null {
  let members: ClassMember[] | null = null;
  (function visit(node: unknown): void {
    if (members || !node || typeof node !== 'object') return;
    const {type, body} = node as {type?: string; body?: ClassMember[]};
    if (type === 'ClassBody' && body?.some((member) => member.key?.name === marker)) {
      members = body;
      return;
    }
    for (const value of Object.values(node)) (Array.isArray(value) ? value : [value]).forEach(visit);
  })(program);
  return members;
}

/**
 * MiniSearch's ES module source without UNCALLED_MINISEARCH_METHODS and UNCALLED_SEARCHABLE_MAP_METHODS. Throws when a
 * class or one of the methods is not there, so that a MiniSearch release that renames them stops the build instead
 * of shipping them.
 */
export function withoutUncalledMethods(source: string): string {
  const program = parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
  const removed: ClassMember[] = [];
  for (const {name, marker, methods, list} of STRIPPED_CLASSES) {
    const members = classDefining(program, marker);
    if (!members) throw new Error(`read-only-minisearch: no ${name} class (with ${marker}) in minisearch/dist/es/index.js`);
    const found = members.filter((member) => member.type === 'MethodDefinition' && (methods as readonly string[]).includes(member.key?.name ?? ''));
    const missing = methods.filter((method) => !found.some((member) => member.key?.name === method));
    if (missing.length) throw new Error(`read-only-minisearch: ${name} has no method ${missing.join(', ')}; update ${list} for this MiniSearch release`);
    removed.push(...found);
  }
  let output = source;
  for (const member of removed.sort((a, b) => b.start - a.start)) output = output.slice(0, member.start) + output.slice(member.end);
  return output;
}

/** esbuild plugin that bundles MiniSearch without UNCALLED_MINISEARCH_METHODS. */
export const readOnlyMiniSearch: Plugin = {
  name: 'read-only-minisearch',
  setup(build) {
    build.onLoad({filter: /[\\/]minisearch[\\/]dist[\\/]es[\\/]index\.js$/}, async (args) => ({
      contents: withoutUncalledMethods(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
