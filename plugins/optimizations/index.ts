import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import * as z from 'zod';
import {optimizations, type OptimizationName} from '../../data/upstream-swaps';

/**
 * The one switch for every optimization of data/upstream-swaps.ts. Unset or `on`: the site as it ships. `off`: the
 * plain Docusaurus site, without any of them, which must build and work all the same; a Docusaurus upgrade can ship
 * that way at once and bring the optimizations back one by one (maintaining/performance.md).
 */
export const OPTIMIZATIONS_ENV = 'SITE_OPTIMIZATIONS';

/** Where the plain build goes (`npm run build:plain`), so that it never replaces build/. */
export const PLAIN_BUILD_DIR = 'build-plain';

/** The optimizations that are Docusaurus plugins of their own: ./config.ts wires each of them by this name. */
export type PluginOptimization = Exclude<
  OptimizationName,
  // Helpers of the plugins (no plugin of their own), the page template and the stylesheet pruning (wired with the
  // precompression in ./config.ts), and the swizzles (given back to the theme by plainThemePlugin).
  'plugins/module-swap' | 'plugins/generated-rewrite' | 'plugins/page-scripts' | 'plugins/css-prune' | `src/theme/${string}`
>;

const switchSchema = z.enum(['on', 'off'], {error: (issue) => `${OPTIMIZATIONS_ENV} must be "on" or "off" (unset means on), not ${JSON.stringify(issue.input)}`});

/** The value of `--out-dir` among Docusaurus's command-line arguments, or null when it is not given. */
function outDirArgument(argv: readonly string[]): string | null {
  for (const [i, arg] of argv.entries()) {
    if (arg === '--out-dir') return argv[i + 1] ?? null;
    if (arg.startsWith('--out-dir=')) return arg.slice('--out-dir='.length);
  }
  return null;
}

/** Whether Docusaurus, run with these arguments, writes a build into build/. */
function buildsIntoBuildDir(argv: readonly string[]): boolean {
  if (!argv.includes('build')) return false;
  const outDir = outDirArgument(argv);
  return outDir === null || path.resolve(outDir) === path.resolve('build');
}

/**
 * Whether the site is built with its optimizations, for a Docusaurus command run with `argv`. Throws one line naming
 * the variable for a value other than on, off or unset, and for a plain build that would write build/, over the
 * optimized site the tests, the budgets and the server read.
 */
export function readSiteOptimizations(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  const value = env[OPTIMIZATIONS_ENV]?.trim();
  if (!value) return true;
  const parsed = switchSchema.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  if (parsed.data === 'off' && buildsIntoBuildDir(argv)) {
    throw new Error(`${OPTIMIZATIONS_ENV}=off builds the plain site into a folder of its own, not build/: run \`npm run build:plain\` (it writes ${PLAIN_BUILD_DIR}/), or give \`--out-dir\`.`);
  }
  return parsed.data === 'on';
}

const require = createRequire(path.join(process.cwd(), 'package.json'));

/**
 * Replacements for swizzles that carry a feature as well as an optimization: the plain build keeps the feature.
 * Every other swizzle of `optimizations` is given back to the classic theme's own component.
 */
const featureKeepers: Partial<Record<OptimizationName, string>> = {
  'src/theme/CodeBlock/Content': 'src/features/code/NamedCodeBlockContent.tsx',
};

/** The `@theme/` components the plain build takes from the classic theme (or a feature keeper) instead of src/theme. */
export function plainThemeAliases(siteDir: string): Record<string, string> {
  const themeDir = path.join(path.dirname(require.resolve('@docusaurus/theme-classic')), 'theme');
  const aliases: Record<string, string> = {};
  for (const name of Object.keys(optimizations) as OptimizationName[]) {
    if (!name.startsWith('src/theme/')) continue;
    const component = name.slice('src/theme/'.length);
    const keeper = featureKeepers[name];
    const replacement = keeper ? path.join(siteDir, keeper) : path.join(themeDir, component);
    if (!existsSync(keeper ? replacement : path.join(replacement, 'index.js'))) {
      throw new Error(`${OPTIMIZATIONS_ENV}=off: ${replacement} is missing, so @theme/${component} has nothing to fall back on (see ${name} in data/upstream-swaps.ts)`);
    }
    aliases[`@theme/${component}`] = replacement;
  }
  return aliases;
}

/**
 * The plain build's theme: the swizzles of `optimizations` resolve to the classic theme's components again. Docusaurus
 * maps each `@theme/` name to the site's swizzle through an alias; this one replaces those aliases' targets (an alias
 * keeps its place in the list, where a component's aliases come before its parent's).
 */
export function plainThemePlugin(context: {siteDir: string}): Plugin {
  const alias = plainThemeAliases(context.siteDir);
  return {
    name: 'datahub-plain-theme',
    configureWebpack: () => ({resolve: {alias}}),
  };
}
