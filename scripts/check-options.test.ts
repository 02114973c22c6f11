import {describe, expect, it} from 'vitest';
import type {Integration} from '../plugins/generate/schemas';
import {
  checkIntegrationSettings, checkOptionTables, checkOptions, checkRecipe, readSettings, recipeSource,
  missingPipelineName, sameDefault, unknownRecipeKeys,
} from './check-options';
import {readSourceReference} from '../plugins/generate/load';
import {integrationCoverage, isPatternKey, staleSharedOptions} from '../plugins/generate/source-options';

const siteDir = process.cwd();
const reference = readSourceReference(siteDir);

/** An integration data file reduced to what the option check reads. */
function integration(plugins: string[], config: Integration['config']): Integration {
  return {plugins: plugins.map((name) => ({name})), config} as unknown as Integration;
}
const option = (name: string, extra: Partial<Integration['config'][number]> = {}): Integration['config'][number] =>
  ({name, description: 'An option.', ...extra});
/** One entry per name: a multi-plugin integration describes a shared name once. */
const dedupe = (config: Integration['config']) => [...new Map(config.map((o) => [o.name, o])).values()];

describe('the v0.10.5 reference', () => {
  it('holds the source plugins of the release with options resolved through their base classes', () => {
    const clickhouse = reference.plugins.clickhouse;
    expect(clickhouse.configClass).toBe('datahub.ingestion.source.sql.clickhouse:ClickHouseConfig');
    // Declared on ClickHouseConfig itself, on BasicSQLAlchemyConfig, on SQLAlchemyConfig and on a nested config class.
    expect(clickhouse.options.host_port).toMatchObject({type: 'str', default: 'localhost:8123'});
    expect(clickhouse.options.username).toBeDefined();
    expect(clickhouse.options.include_views).toMatchObject({default: true});
    expect(clickhouse.options['profiling.enabled']).toMatchObject({type: 'bool', default: false});
    expect(clickhouse.options.env).toMatchObject({default: 'PROD'});
    // Later additions the issue named.
    expect(clickhouse.options.uri_opts).toBeUndefined();
    expect(clickhouse.options.database_pattern).toBeUndefined();
    expect(reference.plugins.mssql.options.include_jobs).toBeUndefined();
    expect(reference.plugins.mongodb.options.platform_instance).toBeUndefined();
    expect(reference.plugins.ldap.options.use_email_as_username).toBeUndefined();
    expect(reference.plugins.metabase.options.display_uri).toBeUndefined();
  });

  it('holds the capabilities each source class declares, by position or keyword, with their supported flag', () => {
    expect(reference.plugins['json-schema'].capabilities).toMatchObject({'Schema Metadata': true, 'Extract Tags': false, 'Extract Ownership': false});
    expect(reference.plugins.clickhouse.capabilities).toEqual({'Data Profiling': true, 'Detect Deleted Entities': true});
  });

  it('keeps names a release renamed as accepted, and marks removed ones', () => {
    expect(reference.plugins.s3.options.path_spec).toMatchObject({deprecated: 'renamed'});
    expect(reference.plugins.bigquery.options.platform_instance?.removed ?? reference.plugins.bigquery.options.platform_instance?.deprecated).toBeTruthy();
  });
});

describe('integrationCoverage (two-way coverage of a source page)', () => {
  const describeAll = (plugins: string[], except: string[] = []) => plugins.flatMap((p) => Object.entries(reference.plugins[p].options)
    .filter(([name, o]) => !o.deprecated && !o.removed && !isPatternKey(name, reference.plugins[p].options) && !except.includes(name))
    .map(([name]) => ({name, description: 'Written here.'})));

  it('names every option of the release that has no description, per plugin', () => {
    const config = describeAll(['clickhouse', 'clickhouse-usage'], ['host_port', 'top_n_queries']);
    const problems = integrationCoverage('data/integrations/x.yaml', integration(['clickhouse', 'clickhouse-usage'], dedupe(config)), reference, {});
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/1 option\(s\) of `clickhouse` in v0\.10\.5 have no description: host_port \(/),
      expect.stringMatching(/option\(s\) of `clickhouse-usage` in v0\.10\.5 have no description: .*top_n_queries/),
    ]);
    // A shared description covers an option in every source that has it; the pattern keys never need one.
    expect(integrationCoverage('f', integration(['mode'], describeAll(['mode'], ['env'])), reference, {env: 'Shared.'})).toEqual([]);
  });

  it('names a description of an option the release lacks, or of another plugin, a renamed one or a pattern key', () => {
    const config = [
      ...describeAll(['clickhouse']),
      option('uri_opts'),
      option('top_n_queries', {plugins: ['clickhouse']}),
      option('anything', {plugins: ['preset']}),
      option('table_pattern.allow'),
    ];
    const problems = integrationCoverage('data/integrations/x.yaml', integration(['clickhouse'], config), reference, {});
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/option "uri_opts" is not an option of `clickhouse` in v0\.10\.5/),
      expect.stringMatching(/option "top_n_queries" is not an option of `clickhouse`/),
      expect.stringMatching(/option "anything" is restricted to preset, which is not a plugin of this integration/),
      expect.stringMatching(/option "table_pattern\.allow" is a key of a pattern/),
    ]);
    const s3 = integrationCoverage('f', integration(['s3'], [...describeAll(['s3']), option('path_spec')]), reference, {});
    expect(s3.map((p) => p.message)).toEqual([expect.stringMatching(/"path_spec" is only a deprecated or removed name/)]);
  });

  it('refuses a type, default or required flag on a source option: the release is their one source', () => {
    const problems = integrationCoverage('f', integration(['mode'], [...describeAll(['mode'], ['workspace']), option('workspace', {type: 'string', default: 'x'})]), reference, {});
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/options workspace give a type, default or required flag/)]);
  });

  it('names shared descriptions no source of the release has', () => {
    expect(staleSharedOptions(reference, {env: 'Shared.', 'profiling.enabled': 'Shared.', 'profiling.sample_everything': 'Gone.'})).toEqual(['profiling.sample_everything']);
  });
});

describe('checkIntegrationSettings', () => {
  const settings = readSettings(siteDir);
  const named = (id: string, config: Integration['config']) => ({...integration([], config), id});

  it('checks the Spark listener keys, Airflow settings and their defaults against the release', () => {
    expect(checkIntegrationSettings('f', named('spark', [option('spark.extraListeners', {required: false}), option('spark.datahub.coalesce_jobs'), option('spark.datahub.metadata.dataset.materialize')]), settings)
      .map((p) => p.message)).toEqual([expect.stringMatching(/"spark\.datahub\.metadata\.dataset\.materialize" is not a setting spark reads in v0\.10\.5/)]);
    expect(checkIntegrationSettings('f', named('airflow', [option('cluster', {default: 'PROD'})]), settings)[0].message).toMatch(/shows default "PROD"; v0\.10\.5 has "prod"/);
    expect(checkIntegrationSettings('f', named('great-expectations', [option('server_url')]), settings)[0].message).toMatch(/marked optional; in v0\.10\.5 it is required/);
  });
});

describe('checkOptionTables', () => {
  it('checks nested shared options and their code-span defaults in hand-written tables', () => {
    const table = [
      '| Option | Default | Meaning |', '| --- | --- | --- |',
      '| `profiling.enabled` | `false` | Master switch |',
      '| `profiling.max_workers` | 5 × CPU count | Parallel queries |',
      '| `stateful_ingestion.fail_safe_threshold` | `100.0` | Abort above this share |',
      '| `stateful_ingestion.remove_stale_metadata` | `false` | Wrong default |',
      '| `profiling.sample_everything` | `true` | Not an option |',
    ].join('\n');
    expect(checkOptionTables('docs/a.md', table, reference).map((p) => p.message)).toEqual([
      expect.stringMatching(/docs\/a\.md:6: option "stateful_ingestion\.remove_stale_metadata" shows default false; v0\.10\.5 has true/),
      expect.stringMatching(/docs\/a\.md:7: option "profiling\.sample_everything" is not an option of any source/),
    ]);
  });
});

describe('recipes', () => {
  it('finds unknown keys at the top and inside nested config classes, and skips mappings it cannot expand', () => {
    const plugin = reference.plugins.mssql;
    expect(unknownRecipeKeys({host_port: 'h', include_jobs: false, profiling: {enabled: true, bogus: 1}, schema_pattern: {allow: ['a'], except: []}, uri_args: {driver: 'x'}}, plugin))
      .toEqual(['include_jobs', 'profiling.bogus', 'schema_pattern.except']);
  });

  it('reads the source of a recipe with environment references', () => {
    const recipe = recipeSource('source:\n  type: clickhouse\n  config:\n    password: ${PW}\n    database_pattern:\n      deny: [a]\nsink:\n  type: console\n');
    expect(recipe).toEqual({type: 'clickhouse', config: {password: 'x', database_pattern: {deny: ['a']}}});
    expect(checkRecipe('f', recipe!, reference, 'its recipe')[0].message).toMatch(/recipe key "database_pattern" of source "clickhouse"/);
  });
});

describe('defaults', () => {
  it('compares a default a page shows with the release default', () => {
    expect(sameDefault('localhost:8123', 'localhost:8123')).toBe(true);
    expect(sameDefault('[".*"]', ['.*'])).toBe(true);
    expect(sameDefault(false, null)).toBe(false);
  });
});

describe('every integration page and recipe of the site', () => {
  it('documents every option of v0.10.5 and no other, and its recipes use only those', () => {
    const report = checkOptions(siteDir);
    expect(report.problems).toEqual([]);
    // Only the two actions of the separate datahub-actions package have nothing in the release to check against.
    expect(report.skipped.map((s) => s.id)).toEqual(['microsoft-teams', 'slack']);
    expect(report.checked.length).toBeGreaterThanOrEqual(55);
  });
});

describe('recipes run from the CLI', () => {
  it('need a pipeline_name when they turn stateful ingestion on', () => {
    const recipe = (head: string) => recipeSource(`${head}source:\n  type: mysql\n  config:\n    stateful_ingestion:\n      enabled: true\n`)!;
    expect(missingPipelineName('f', recipe(''), 'its recipe')[0].message).toMatch(/without a top-level pipeline_name/);
    expect(missingPipelineName('f', recipe('pipeline_name: shop\n'), 'its recipe')).toEqual([]);
  });
});
