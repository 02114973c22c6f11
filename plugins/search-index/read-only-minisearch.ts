import {readFile} from 'node:fs/promises';
import {parse, type Node} from 'acorn';
import type {Plugin} from 'esbuild';

/**
 * MiniSearch's methods that build, change, vacuum, suggest from or save an index. The first-results script only
 * loads a read-only index from postings (lib/search/engine.ts loadMatcher: `loadJS`, then `search`), so it never
 * calls them. A class's methods are beyond any bundler's tree shaking, and these are 1.5 KB gzip of the search
 * page's first load.
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
] as const;

interface ClassMember extends Node {
  type: string;
  key?: {type: string; name?: string};
}

/**
 * MiniSearch's ES module source without UNCALLED_MINISEARCH_METHODS. Throws when the class or one of the methods
 * is not there, so that a MiniSearch release that renames them stops the build instead of shipping them.
 */
export function withoutUncalledMethods(source: string): string {
  const program = parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
  let members: ClassMember[] | null = null;
  (function visit(node: unknown): void {
    if (members || !node || typeof node !== 'object') return;
    const {type, body} = node as {type?: string; body?: ClassMember[]};
    // The MiniSearch class: the one whose body defines executeQuerySpec.
    if (type === 'ClassBody' && body?.some((member) => member.key?.name === 'executeQuerySpec')) {
      members = body;
      return;
    }
    for (const value of Object.values(node)) (Array.isArray(value) ? value : [value]).forEach(visit);
  })(program);
  if (!members) throw new Error('read-only-minisearch: no MiniSearch class (with executeQuerySpec) in minisearch/dist/es/index.js');
  const removed = (members as ClassMember[]).filter((member) => member.type === 'MethodDefinition' && (UNCALLED_MINISEARCH_METHODS as readonly string[]).includes(member.key?.name ?? ''));
  const missing = UNCALLED_MINISEARCH_METHODS.filter((name) => !removed.some((member) => member.key?.name === name));
  if (missing.length) throw new Error(`read-only-minisearch: MiniSearch has no method ${missing.join(', ')}; update UNCALLED_MINISEARCH_METHODS for this MiniSearch release`);
  let output = source;
  for (const member of [...removed].sort((a, b) => b.start - a.start)) output = output.slice(0, member.start) + output.slice(member.end);
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
