/**
 * Option check: every option an integration page documents (data/integrations/*.yaml `config`), and every key of
 * every ingestion recipe (the integration's own `recipe` and the recipes of the hand-written pages), exists in the
 * release the site documents, with a compatible type, and a default shown on a page is the release's default.
 * The release's options are data/reference/source-options-v0.10.5.json, extracted from its pydantic config classes
 * by scripts/reference/extract_source_options.py (data/reference/README.md says how). `npx tsx scripts/check-options.ts`
 * prints every problem; scripts/check-options.test.ts runs the same check in `npm test`.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import * as z from 'zod';
import {readData, readSourceReference} from '../plugins/generate/load';
import {
  documentedOptions, integrationCoverage, REFERENCE_FILE, releasePlugins, SHARED_OPTIONS_FILE, type CoverageProblem, type PluginOptions, sharedOptionsSchema, staleSharedOptions, type Reference, type ReleaseOption,
} from '../plugins/generate/source-options';
import {integrationSchema, type Integration} from '../plugins/generate/schemas';
import {recipeBlocks} from './check-examples';
import {GENERATED_MARKER, readIfPresent} from './check-release-facts';

export {REFERENCE_FILE, type PluginOptions, type Reference, type ReleaseOption} from '../plugins/generate/source-options';

const jsonValue: z.ZodType<unknown> = z.unknown();

export const SETTINGS_FILE = 'data/reference/integration-settings-v0.10.5.json';

/**
 * Integrations whose plugins are not ingestion sources of the Python package (no pydantic config class): their options
 * are another program's settings, checked against data/reference/integration-settings-v0.10.5.json instead.
 */
export const NOT_SOURCE_CONFIGS: Record<string, string> = {
  'airflow': 'an Airflow plugin configured in airflow.cfg ([datahub] section), not a recipe',
  'great-expectations': 'a Great Expectations checkpoint action (DataHubValidationAction) configured in the checkpoint YAML',
  'microsoft-teams': 'an action of the separate datahub-actions package, whose code is not part of the DataHub release',
  'protobuf': 'the Java protobuf-to-DataHub tool, configured through its command line',
  'slack': 'an action of the separate datahub-actions package, whose code is not part of the DataHub release',
  'spark': 'the Java Spark listener, configured through spark.datahub.* Spark properties',
};

/** Settings of Spark itself that the Spark page lists beside the listener's own (they load and register it). */
export const SPARK_OWN_SETTINGS = new Set(['spark.jars.packages', 'spark.extraListeners']);

const settingsSchema = z.strictObject({
  release: z.string(),
  commit: z.string(),
  derivedBy: z.string(),
  integrations: z.record(z.string(), z.strictObject({
    settings: z.record(z.string(), z.strictObject({default: jsonValue.optional(), required: z.boolean().optional()})),
  })),
});
export type IntegrationSettings = z.infer<typeof settingsSchema>;

export function readSettings(siteDir: string): IntegrationSettings {
  return settingsSchema.parse(JSON.parse(readFileSync(path.join(siteDir, SETTINGS_FILE), 'utf8')));
}

/** Checks the options of an integration that is not a source against the settings its program reads in the release. */
export function checkIntegrationSettings(file: string, integration: Integration, settings: IntegrationSettings): OptionProblem[] {
  const known = settings.integrations[integration.id]?.settings ?? {};
  const problems: OptionProblem[] = [];
  for (const option of integration.config) {
    if (integration.id === 'spark' && SPARK_OWN_SETTINGS.has(option.name)) continue;
    const setting = known[option.name];
    const where = `${file}: option "${option.name}"`;
    if (!setting) {
      problems.push({file, message: `${where} is not a setting ${integration.id} reads in ${settings.release} (${SETTINGS_FILE}); remove it or mark it with the release that added it`});
      continue;
    }
    if (option.default !== undefined && option.default !== null && setting.default !== undefined && !sameDefault(option.default, setting.default)) {
      problems.push({file, message: `${where} shows default ${JSON.stringify(option.default)}; ${settings.release} has ${JSON.stringify(setting.default)}`});
    }
    if (setting.required !== undefined && setting.required !== (option.required ?? false)) {
      problems.push({file, message: `${where} is marked ${option.required ? 'required' : 'optional'}; in ${settings.release} it is ${setting.required ? 'required' : 'optional'}`});
    }
  }
  return problems;
}

/** A problem the option check found: the file to fix and what to do. */
export type OptionProblem = CoverageProblem;

/** Whether a default shown on a page says the same as the release's default. */
export function sameDefault(shown: string | number | boolean, release: unknown): boolean {
  if (typeof release === 'boolean') return shown === release || String(shown).toLowerCase() === String(release);
  if (typeof release === 'number') return Number(shown) === release;
  if (typeof release === 'string') return String(shown) === release;
  if (release === null) return false;
  // Lists and mappings: the page writes them as JSON or as Python does.
  const text = String(shown).replace(/'/g, '"').replace(/\s+/g, '');
  return text === JSON.stringify(release);
}

/**
 * The keys of a recipe's `source.config` the release does not accept: top-level keys, and the keys inside an option
 * whose type is itself a config class (`profiling.enabled`, `stateful_ingestion.remove_stale_metadata`).
 */
export function unknownRecipeKeys(config: Record<string, unknown>, plugin: PluginOptions, prefix = ''): string[] {
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    const name = prefix + key;
    const option = plugin.options[name];
    if (!option) {
      if (prefix === '' && plugin.extraOptions === 'allow') continue;
      // A key inside a mapping the reference does not expand (a Dict option) cannot be checked.
      const parent = prefix.slice(0, -1);
      if (prefix === '' || plugin.options[parent]?.configClass !== undefined) unknown.push(name);
      continue;
    }
    if (option.deprecated === 'removed' || option.removed) {
      unknown.push(`${name} (removed)`);
      continue;
    }
    if (option.configClass && !option.configClass.endsWith(':AllowDenyPattern') && value && typeof value === 'object' && !Array.isArray(value)) {
      unknown.push(...unknownRecipeKeys(value as Record<string, unknown>, plugin, `${name}.`));
    } else if (option.configClass?.endsWith(':AllowDenyPattern') && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) if (!plugin.options[`${name}.${inner}`]) unknown.push(`${name}.${inner}`);
    }
  }
  return unknown;
}

interface Recipe {
  type: string;
  config: Record<string, unknown>;
  pipelineName?: string;
}

/** The source part of a recipe text, when it has one with a plugin type and a config mapping. */
export function recipeSource(text: string): Recipe | undefined {
  let parsed: unknown;
  try {
    parsed = parseYaml(text.replace(/\$\{[^}]+\}/g, 'x'));
  } catch {
    return undefined;
  }
  const recipe = parsed as {source?: {type?: unknown; config?: unknown}; pipeline_name?: unknown} | null;
  const source = recipe?.source;
  if (!source || typeof source.type !== 'string' || !source.config || typeof source.config !== 'object') return undefined;
  return {type: source.type, config: source.config as Record<string, unknown>, ...(typeof recipe?.pipeline_name === 'string' ? {pipelineName: recipe.pipeline_name} : {})};
}

/**
 * A recipe run from the CLI with stateful ingestion on needs a top-level `pipeline_name`: v0.10.5 stops with
 * "pipeline_name must be provided if stateful ingestion is enabled" (UI ingestion sets one itself).
 */
export function missingPipelineName(file: string, recipe: Recipe, where: string): OptionProblem[] {
  const stateful = recipe.config.stateful_ingestion as {enabled?: unknown} | undefined;
  if (!stateful || stateful.enabled !== true || recipe.pipelineName) return [];
  return [{file, message: `${file}: ${where} turns on stateful_ingestion without a top-level pipeline_name; the CLI refuses to run it (add pipeline_name)`}];
}

export function checkRecipe(file: string, recipe: Recipe, reference: Reference, where: string): OptionProblem[] {
  const plugin = reference.plugins[recipe.type];
  if (!plugin) return [];
  return unknownRecipeKeys(recipe.config, plugin).map((key) => ({
    file,
    message: `${file}: ${where}: recipe key "${key}" of source "${recipe.type}" is not an option of ${reference.release} (${plugin.configClass})`,
  }));
}

/**
 * Option tables of hand-written pages that document nested source options shared by many sources
 * (`| \`profiling.enabled\` | \`false\` | … |`): the option must exist in some source of the release, and a default
 * written as a code span in the second cell must be that option's default in at least one source.
 */
export function checkOptionTables(file: string, text: string, reference: Reference): OptionProblem[] {
  const problems: OptionProblem[] = [];
  // Shared means declared by at least five sources: `connection.*` of the Kafka source is also a sink's key, for one.
  const parents = Object.values(reference.plugins).flatMap((p) => Object.entries(p.options).filter(([, o]) => o.configClass && !o.configClass.endsWith(':AllowDenyPattern')).map(([name]) => name));
  const nestedParents = new Set(parents.filter((name) => parents.filter((n) => n === name).length >= 5));
  text.split('\n').forEach((line, i) => {
    const row = line.match(/^\|\s*`([a-z_]+)\.([\w.]+)`\s*\|\s*([^|]*?)\s*\|/);
    if (!row || !nestedParents.has(row[1])) return;
    const name = `${row[1]}.${row[2]}`;
    const found = Object.values(reference.plugins).map((p) => p.options[name]).filter((o): o is ReleaseOption => o !== undefined);
    const where = `${file}:${i + 1}: option "${name}"`;
    if (found.length === 0) {
      problems.push({file, message: `${where} is not an option of any source in ${reference.release}`});
      return;
    }
    const shown = row[3].match(/^`([^`]+)`$/)?.[1];
    if (shown === undefined || found.some((o) => o.defaultIsExpression)) return;
    const value: string | number | boolean = shown === 'true' ? true : shown === 'false' ? false : shown;
    if (!found.some((o) => o.default !== undefined && sameDefault(value, o.default))) {
      problems.push({file, message: `${where} shows default ${shown}; ${reference.release} has ${[...new Set(found.map((o) => JSON.stringify(o.default ?? null)))].join(' or ')}`});
    }
  });
  return problems;
}

export interface OptionReport {
  problems: OptionProblem[];
  /** Integration ids checked against the reference, and those skipped (with why). */
  checked: string[];
  skipped: Array<{id: string; reason: string}>;
  /** Options with a description on their page; for sources, out of `releaseOptions` (every live option of their plugins). */
  options: number;
  releaseOptions: number;
  /** Settings of the integrations that are not sources (Spark, Airflow, Great Expectations, protobuf). */
  settings: number;
  recipes: number;
}

function markdownFiles(dir: string): string[] {
  return (readdirSync(dir, {recursive: true}) as string[]).filter((f) => /\.mdx?$/.test(f)).map((f) => path.join(dir, f)).sort();
}

/** Runs the option check over every integration data file and every hand-written page's recipes. */
export function checkOptions(siteDir: string): OptionReport {
  const reference = readSourceReference(siteDir);
  const shared = readData(siteDir, SHARED_OPTIONS_FILE, sharedOptionsSchema).options;
  const settings = readSettings(siteDir);
  const report: OptionReport = {problems: [], checked: [], skipped: [], options: 0, releaseOptions: 0, settings: 0, recipes: 0};
  const dir = path.join(siteDir, 'data/integrations');
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const file = `data/integrations/${name}`;
    const integration = readData(siteDir, file, integrationSchema);
    const covered = integration.plugins.some((p) => p.name in reference.plugins);
    const skipReason = NOT_SOURCE_CONFIGS[integration.id];
    if (!covered && skipReason && integration.id in settings.integrations) {
      report.checked.push(integration.id);
      report.settings += integration.config.length;
      report.problems.push(...checkIntegrationSettings(file, integration, settings));
      continue;
    }
    if (!covered) {
      if (skipReason) report.skipped.push({id: integration.id, reason: skipReason});
      else report.problems.push({file, message: `none of its plugins (${integration.plugins.map((p) => p.name).join(', ')}) is a source of ${REFERENCE_FILE}; fix the plugin name or list the integration in NOT_SOURCE_CONFIGS of scripts/check-options.ts with the reason`});
      continue;
    }
    if (skipReason) report.problems.push({file, message: `listed in NOT_SOURCE_CONFIGS of scripts/check-options.ts, but its plugins are sources of ${REFERENCE_FILE}: remove it from that list`});
    report.checked.push(integration.id);
    for (const plugin of releasePlugins(integration, reference)) {
      const documented = documentedOptions(integration, plugin, reference, shared);
      report.releaseOptions += documented.length;
      report.options += documented.filter((o) => o.description !== undefined).length;
    }
    report.problems.push(...integrationCoverage(file, integration, reference, shared));
    const recipe = recipeSource(integration.recipe);
    if (recipe) {
      report.recipes++;
      report.problems.push(...checkRecipe(file, recipe, reference, 'its recipe'), ...missingPipelineName(file, recipe, 'its recipe'));
    }
  }
  for (const full of markdownFiles(path.join(siteDir, 'docs'))) {
    const file = path.relative(siteDir, full).split(path.sep).join('/');
    const text = readIfPresent(full);
    // Generated pages show the integration recipes checked above (and a build may be rewriting them now).
    if (text === null || text.includes(GENERATED_MARKER)) continue;
    report.problems.push(...checkOptionTables(file, text, reference));
    for (const {block, source} of recipeBlocks(text)) {
      if (!source || typeof source.type !== 'string' || !source.config || typeof source.config !== 'object') continue;
      report.recipes++;
      report.problems.push(...checkRecipe(file, {type: source.type, config: source.config as Record<string, unknown>}, reference, `line ${block.line}`));
    }
  }
  for (const name of staleSharedOptions(reference, shared)) {
    report.problems.push({file: SHARED_OPTIONS_FILE, message: `${SHARED_OPTIONS_FILE}: "${name}" is not a live option of any source in ${reference.release} (remove it)`});
  }
  return report;
}

function main() {
  const report = checkOptions(process.cwd());
  console.log(
    `Checked ${report.checked.length} integrations and ${report.recipes} recipes against ${REFERENCE_FILE}: ${report.options} of the ` +
      `${report.releaseOptions} source options of the release described (a pattern's keys aside), and ${report.settings} settings of the other integrations; ` +
      `${report.problems.length} problem(s). Not checked (their code is not in the release): ${report.skipped.map((s) => s.id).join(', ')}.`,
  );
  for (const p of report.problems) console.error(`  ${p.message}`);
  if (report.problems.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
