import * as z from 'zod';

/** The 13 capability names an ingestion plugin is described by, in page order. */
export const capabilityNames = [
  'Asset Containers', 'Column-level Lineage', 'Data Profiling', 'Dataset Usage', 'Descriptions',
  'Detect Deleted Entities', 'Domains', 'Extract Ownership', 'Extract Tags', 'Partition Support',
  'Platform Instance', 'Schema Metadata', 'Table-Level Lineage',
] as const;

export const platformTypes = [
  'Datastore', 'BI Tool', 'ETL and Processing', 'Orchestrator', 'Identity Provider', 'Metadata', 'AI+ML',
  'Observability', 'Messaging',
] as const;

export const connectionTypes = ['Pull', 'Push'] as const;
export const supportStatuses = ['Certified', 'Incubating', 'Testing', 'Unknown'] as const;

const text = z.string().trim().min(1, 'must not be empty');
const sitePath = z.string().regex(/^\/docs\/[a-z0-9_\-/]+$/, 'a site path such as /docs/metadata-ingestion');
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case letters and digits');

const capabilitySchema = z.strictObject({
  /** One of the 13 capability names. */
  name: z.enum(capabilityNames),
  /** Whether the plugin provides this capability. */
  supported: z.boolean(),
  /** One sentence: how it is provided, or why it is not. */
  note: text,
});

const pluginSchema = z.strictObject({
  /** Plugin name: the recipe `type` or package. */
  name: text,
  status: z.enum(supportStatuses),
  /** The command or coordinate that installs it. */
  install: text,
  /** All 13 capabilities, in the order of `capabilityNames`. */
  capabilities: z.array(capabilitySchema).refine(
    (caps) => caps.length === capabilityNames.length && caps.every((c, i) => c.name === capabilityNames[i]),
    {message: `must list all ${capabilityNames.length} capabilities once, in this order: ${capabilityNames.join(', ')}`},
  ),
});

const configTypePattern = /^(string|integer|number|boolean|array of string|map|object \(AllowDenyPattern\)|enum: .+)$/;

const configOptionSchema = z.strictObject({
  name: z.string().regex(/^(--)?[a-z_][a-z0-9_.]*$/i, 'an option key such as `include_tables`, `profiling.enabled` or a CLI flag `--env`'),
  /** What the option does, in the site's words (Markdown). */
  description: text,
  /** For an integration with several plugins: the plugins this description is for (default: all that have the option). */
  plugins: z.array(text).optional(),
  /**
   * Only for integrations that are not Python ingestion sources (their settings are another program's): the type,
   * whether it is required and the default. A source's are read from data/reference/source-options-v0.10.5.json.
   */
  type: z.string().regex(configTypePattern, 'one of string, integer, number, boolean, array of string, map, object (AllowDenyPattern), "enum: a | b"').optional(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
});

/** One file of data/integrations/: an ingestion source or another integration. */
export const integrationSchema = z.strictObject({
  id: slug,
  name: text,
  /** One paragraph on what the integration extracts and why it matters. */
  description: text,
  platformType: z.enum(platformTypes),
  connectionType: z.enum(connectionTypes),
  /** Extra filter facets of the integrations page. */
  features: z.array(text),
  /** Hand-written page for integrations without a generated source page. */
  docPath: sitePath.optional(),
  logo: z.union([
    z.strictObject({simpleIcon: z.string().regex(/^[a-z0-9]+$/, 'a simple-icons slug such as "snowflake"')}),
    z.strictObject({mark: z.string().regex(/^[A-Z0-9]{1,3}$/, '1-3 uppercase letters or digits')}),
  ]),
  plugins: z.array(pluginSchema).min(1, 'needs at least one plugin'),
  prerequisites: z.array(text).min(1, 'list at least one prerequisite'),
  config: z.array(configOptionSchema),
  /** A complete recipe (or the integration's own config) a reader can copy. */
  recipe: text,
  /** Sections of reference or how-to text the page shows after the example recipe (Markdown bodies). */
  sections: z.array(z.strictObject({heading: text, body: text})).default([]),
  troubleshooting: z.array(z.strictObject({problem: text, solution: text})).min(1, 'give at least one troubleshooting note'),
  related: z.array(sitePath).default([]),
});
export type Integration = z.infer<typeof integrationSchema>;

/**
 * One file of data/entities/: what an entity is, in the site's words. Its key, aspects, fields and relationships come
 * from data/reference/entities-v0.10.5.json; their descriptions from data/entity-aspects/ (see entity-reference.ts).
 */
export const entitySchema = z.strictObject({
  name: z.string().regex(/^[a-z][A-Za-z]*$/, 'the camelCase entity name, such as dataset or dataHubPolicy'),
  displayName: text,
  /** As the release's entity registry sets it; an entity it leaves without a category is core. */
  category: z.enum(['core', 'internal']),
  /** One paragraph: what the entity is, where it comes from and where readers meet it. */
  description: text,
  exampleUrn: z.string().regex(/^urn:li:[A-Za-z]+:.+/, 'a URN such as urn:li:dataset:(...)'),
  /** The GraphQL object type that exposes the entity, if any. */
  graphqlType: z.string().regex(/^[A-Z][A-Za-z]*$/).optional(),
});
export type Entity = z.infer<typeof entitySchema>;

const versionPattern = /^v\d+\.\d+\.\d+(\.\d+)?$/;

/** data/managed-releases.yaml: release notes of the managed edition. */
export const managedReleasesSchema = z.strictObject({
  releases: z.array(z.strictObject({
    version: z.string().regex(versionPattern, 'a version such as v0.2.9'),
    /** The open-source release it is based on. */
    ossBase: z.string().regex(versionPattern).optional(),
    /** The CLI/SDK version the release notes recommend, when they name one. */
    recommendedCli: z.string().regex(versionPattern, 'a version such as v0.10.4.3').optional(),
    summary: text,
    sections: z.array(z.strictObject({heading: text, items: z.array(text).min(1)})).min(1),
  })).min(1),
});
export type ManagedRelease = z.infer<typeof managedReleasesSchema>['releases'][number];

/** data/releases.yaml: open-source releases. */
export const releasesSchema = z.strictObject({
  intro: text,
  releases: z.array(z.strictObject({
    version: z.string().regex(versionPattern, 'a version such as v0.10.5'),
    date: z.union([z.string(), z.date()]).transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d))
      .pipe(z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'YYYY-MM or YYYY-MM-DD')).optional(),
    highlights: z.array(text).min(1),
    upgradeNotes: z.array(text).default([]),
  })).min(1),
});
export type Releases = z.infer<typeof releasesSchema>;

/** Components that read environment variables, as the environment-variables page abbreviates them. */
export const envComponents = ['GMS', 'FE', 'MAE', 'MCE', 'SU', 'actions', 'setup jobs', 'CLI', 'quickstart'] as const;

const envNamePattern = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*(_\*)?$/;

/** data/environment-variables.yaml: the environment-variables page, and the list the example check reads. */
export const environmentVariablesSchema = z.strictObject({
  title: text,
  description: text,
  intro: text,
  sections: z.array(z.strictObject({
    title: text,
    intro: text.optional(),
    variables: z.array(z.strictObject({
      /** The exact name; a family of variables ends in `_*` (SPRING_KAFKA_PROPERTIES_*). */
      name: z.string().regex(envNamePattern, 'an UPPER_SNAKE name, optionally ending in _* for a family'),
      /** Markdown; null when unset by default. */
      default: z.union([z.string(), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? null : String(v))),
      components: z.array(z.enum(envComponents)).min(1, 'name at least one component'),
      description: text,
    })),
    notes: text.optional(),
  })).min(1),
  /** Upper-snake names in code spans of configuration pages that are not environment variables (privileges, values). */
  notVariables: z.array(z.strictObject({name: z.string().regex(envNamePattern), reason: text})).default([]),
});
export type EnvironmentVariables = z.infer<typeof environmentVariablesSchema>;

const paramSchema = z.strictObject({name: text, type: text.optional(), description: text});

const functionSchema = z.strictObject({
  name: text,
  signature: text,
  description: text,
  params: z.array(paramSchema).default([]),
  returns: text.optional(),
  example: text.optional(),
});

/** One file of data/python-sdk/: a reference page of the Python SDK. */
export const sdkPageSchema = z.strictObject({
  title: text,
  description: text,
  intro: text,
  modules: z.array(z.strictObject({
    name: z.string().regex(/^[a-z_][a-z0-9_.]*$/, 'a dotted Python module name'),
    description: text,
    functions: z.array(functionSchema).default([]),
    classes: z.array(functionSchema.extend({methods: z.array(functionSchema).default([])})).default([]),
  })).min(1),
});
export type SdkPage = z.infer<typeof sdkPageSchema>;
