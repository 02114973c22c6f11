/**
 * The configuration tables of the generated source pages: every option the release's config class accepts
 * (data/reference/source-options-v0.10.5.json: name, type, required, default, enum values), each with a description
 * written here — the integration's own (data/integrations/<id>.yaml `config`) or, for an option that means the same in
 * every source, the shared one (data/shared-source-options.yaml).
 */
import * as z from 'zod';
import type {Integration} from './schemas';

export const REFERENCE_FILE = 'data/reference/source-options-v0.10.5.json';
export const SHARED_OPTIONS_FILE = 'data/shared-source-options.yaml';

const optionSchema = z.strictObject({
  type: z.string(),
  required: z.boolean(),
  default: z.unknown().optional(),
  defaultIsExpression: z.boolean().optional(),
  /** Set when the option's type is itself a config class, whose options follow as `name.child`. */
  configClass: z.string().optional(),
  /** The values an Enum-typed option takes, as a recipe writes them. */
  enum: z.array(z.unknown()).optional(),
  deprecated: z.enum(['renamed', 'removed']).optional(),
  removed: z.boolean().optional(),
});
export type ReleaseOption = z.infer<typeof optionSchema>;

export const referenceSchema = z.strictObject({
  release: z.string(),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  derivedBy: z.string(),
  plugins: z.record(z.string(), z.strictObject({
    sourceClass: z.string(),
    configClass: z.string(),
    /** pydantic's `Config.extra` of the config class: `forbid` rejects an unknown key, `allow`/`ignore` do not. */
    extraOptions: z.string(),
    /** What the source class declares with `@capability` (on itself or a base class): capability -> supported flag. */
    capabilities: z.record(z.string(), z.boolean()),
    options: z.record(z.string(), optionSchema),
  })),
});
export type Reference = z.infer<typeof referenceSchema>;
export type PluginOptions = Reference['plugins'][string];

/** data/shared-source-options.yaml: descriptions of options that mean the same in every source that has them. */
export const sharedOptionsSchema = z.strictObject({
  /** Option name (dotted for a nested one, such as `profiling.enabled`) -> description (Markdown). */
  options: z.record(z.string().regex(/^[a-z_][A-Za-z0-9_.]*$/, 'an option name such as `env` or `profiling.enabled`'), z.string().trim().min(1)),
});
export type SharedOptions = z.infer<typeof sharedOptionsSchema>['options'];

/** The release's options of the sources, and the descriptions written for them: what the source pages are built from. */
export interface OptionSources {
  reference: Reference;
  shared: SharedOptions;
}

const isPattern = (option: ReleaseOption | undefined) => option?.configClass?.endsWith(':AllowDenyPattern') ?? false;

/** Whether the option is one a reader sets: not a deprecated name, not a removed one. */
export const isLive = (option: ReleaseOption) => !option.deprecated && !option.removed;

/** The keys of an AllowDenyPattern (`allow`, `deny`, `ignoreCase`) are explained once per page, in its parent's row. */
export function isPatternKey(name: string, options: PluginOptions['options']): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && isPattern(options[name.slice(0, dot)]);
}

export interface DocumentedOption {
  name: string;
  option: ReleaseOption;
  /** Undefined when no description is written for it (the check reports it). */
  description: string | undefined;
}

/** The release's plugins of an integration, in the integration's order. */
export function releasePlugins(integration: Integration, reference: Reference): string[] {
  return integration.plugins.map((p) => p.name).filter((name) => name in reference.plugins);
}

/** Every option of one plugin a page documents, in the release's order, with the description that applies. */
export function documentedOptions(integration: Integration, plugin: string, reference: Reference, shared: SharedOptions): DocumentedOption[] {
  const options = reference.plugins[plugin].options;
  const own = new Map<string, string>();
  for (const entry of integration.config) {
    if (!entry.plugins || entry.plugins.includes(plugin)) own.set(entry.name, entry.description);
  }
  return Object.entries(options)
    .filter(([name, option]) => isLive(option) && !isPatternKey(name, options))
    .map(([name, option]) => ({name, option, description: own.get(name) ?? shared[name]}));
}

export interface CoverageProblem {
  file: string;
  message: string;
}

/**
 * Two-way coverage of one integration: every live option of its plugins has a description, and every description
 * names an option one of its plugins (or the plugins it is restricted to) accepts.
 */
export function integrationCoverage(file: string, integration: Integration, reference: Reference, shared: SharedOptions): CoverageProblem[] {
  const problems: CoverageProblem[] = [];
  const plugins = releasePlugins(integration, reference);
  for (const plugin of plugins) {
    const missing = documentedOptions(integration, plugin, reference, shared).filter((o) => o.description === undefined).map((o) => o.name);
    if (missing.length) {
      problems.push({file, message: `${file}: ${missing.length} option(s) of \`${plugin}\` in ${reference.release} have no description: ${missing.join(', ')} (describe each in its \`config\` list, or in ${SHARED_OPTIONS_FILE} when it means the same in every source)`});
    }
  }
  for (const entry of integration.config) {
    const candidates = entry.plugins ?? plugins;
    const unknownPlugins = candidates.filter((p) => !plugins.includes(p));
    if (unknownPlugins.length) {
      problems.push({file, message: `${file}: option "${entry.name}" is restricted to ${unknownPlugins.join(', ')}, which is not a plugin of this integration in ${reference.release}`});
      continue;
    }
    const found = candidates.map((p) => reference.plugins[p].options[entry.name]).filter((o): o is ReleaseOption => o !== undefined);
    if (found.length === 0) {
      problems.push({file, message: `${file}: option "${entry.name}" is not an option of ${candidates.map((c) => `\`${c}\``).join(' or ')} in ${reference.release} (remove it)`});
    } else if (found.every((o) => !isLive(o))) {
      problems.push({file, message: `${file}: option "${entry.name}" is only a deprecated or removed name in ${reference.release} (remove it; the page lists the current name)`});
    } else if (candidates.every((p) => isPatternKey(entry.name, reference.plugins[p].options))) {
      problems.push({file, message: `${file}: option "${entry.name}" is a key of a pattern, explained once on every page (remove it)`});
    }
  }
  const types = new Set(integration.config.flatMap((o) => (o.type !== undefined || o.default !== undefined || o.required !== undefined ? [o.name] : [])));
  if (types.size) {
    problems.push({file, message: `${file}: options ${[...types].join(', ')} give a type, default or required flag; a source's come from ${REFERENCE_FILE} (remove them)`});
  }
  return problems;
}

/** Shared descriptions that no source of the release has an option for. */
export function staleSharedOptions(reference: Reference, shared: SharedOptions): string[] {
  const live = new Set(Object.values(reference.plugins).flatMap((p) => Object.entries(p.options).filter(([n, o]) => isLive(o) && !isPatternKey(n, p.options)).map(([n]) => n)));
  return Object.keys(shared).filter((name) => !live.has(name));
}
