import {describe, expect, it} from 'vitest';
import type {Integration} from '../plugins/generate/schemas';
import {
  checkIntegrationOptions, checkIntegrationSettings, checkOptionTables, checkOptions, checkRecipe, pageTypesOf, readReference, readSettings, recipeSource,
  sameDefault, unknownRecipeKeys,
} from './check-options';

const siteDir = process.cwd();
const reference = readReference(siteDir);

/** An integration data file reduced to what the option check reads. */
function integration(plugins: string[], config: Integration['config']): Integration {
  return {plugins: plugins.map((name) => ({name})), config} as unknown as Integration;
}
const option = (name: string, extra: Partial<Integration['config'][number]> = {}): Integration['config'][number] =>
  ({name, type: 'string', required: false, default: null, description: 'An option.', ...extra});

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

  it('keeps names a release renamed as accepted, and marks removed ones', () => {
    expect(reference.plugins.s3.options.path_spec).toMatchObject({deprecated: 'renamed'});
    expect(reference.plugins.bigquery.options.platform_instance?.removed ?? reference.plugins.bigquery.options.platform_instance?.deprecated).toBeTruthy();
  });
});

describe('checkIntegrationOptions', () => {
  it('names an option the release lacks, for the plugin a description restricts it to', () => {
    const problems = checkIntegrationOptions('data/integrations/x.yaml', integration(['clickhouse', 'clickhouse-usage'], [
      option('uri_opts', {type: 'map'}),
      option('host_port', {default: 'localhost:8123'}),
      option('top_n_queries', {type: 'integer', default: 10, description: '(`clickhouse-usage` only) Queries kept.'}),
      option('email_domain', {description: '(`clickhouse` only) Not there: only the usage plugin has it.'}),
    ]), reference);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/option "uri_opts" is not an option of `clickhouse` or `clickhouse-usage` in v0\.10\.5/),
      expect.stringMatching(/option "email_domain" is not an option of `clickhouse` in/),
    ]);
  });

  it('names a default or a type that differs from the release', () => {
    const problems = checkIntegrationOptions('data/integrations/x.yaml', integration(['s3'], [
      option('use_s3_bucket_tags', {type: 'boolean', default: false}),
      option('max_rows', {type: 'string', default: 100}),
    ]), reference);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/"use_s3_bucket_tags" shows default false; v0\.10\.5 has default null/),
      expect.stringMatching(/"max_rows" has type "string"; the release declares `int`/),
    ]);
  });

  it('names an option the release requires that the page calls optional without saying where it is required', () => {
    const plugins = ['clickhouse', 'clickhouse-usage'];
    const optional = (description: string) => checkIntegrationOptions('f', integration(plugins, [option('email_domain', {description})]), reference);
    expect(optional('(`clickhouse-usage` only) Domain of user names.')[0].message).toMatch(/"email_domain" is marked optional, but v0\.10\.5 requires it/);
    expect(optional('(`clickhouse-usage` only, and required there) Domain of user names.')).toEqual([]);
  });

  it('names a required mark on an option the release gives a default', () => {
    const problems = checkIntegrationOptions('f', integration(['mode'], [option('workspace', {required: true})]), reference);
    expect(problems[0].message).toMatch(/"workspace" is marked required/);
  });
});

describe('checkIntegrationSettings', () => {
  const settings = readSettings(siteDir);
  const named = (id: string, config: Integration['config']) => ({...integration([], config), id});

  it('checks the Spark listener keys, Airflow settings and their defaults against the release', () => {
    expect(checkIntegrationSettings('f', named('spark', [option('spark.extraListeners'), option('spark.datahub.coalesce_jobs'), option('spark.datahub.metadata.dataset.materialize')]), settings)
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

describe('page types', () => {
  it('maps Python annotations to the types the pages use', () => {
    expect(pageTypesOf('Optional[bool]')).toEqual(new Set(['boolean']));
    expect(pageTypesOf('Dict[str, str]')).toEqual(new Set(['map']));
    expect(pageTypesOf('Union[str, List[str]]')).toEqual(new Set(['string', 'enum', 'array of string', 'map']));
    expect(pageTypesOf('SomeEnum')).toBe('any');
    expect(sameDefault('localhost:8123', 'localhost:8123')).toBe(true);
    expect(sameDefault('[".*"]', ['.*'])).toBe(true);
    expect(sameDefault(false, null)).toBe(false);
  });
});

describe('every integration page and recipe of the site', () => {
  it('uses only options of v0.10.5, with its types and defaults', () => {
    const report = checkOptions(siteDir);
    expect(report.problems).toEqual([]);
    // Only the two actions of the separate datahub-actions package have nothing in the release to check against.
    expect(report.skipped.map((s) => s.id)).toEqual(['microsoft-teams', 'slack']);
    expect(report.checked.length).toBeGreaterThanOrEqual(55);
  });
});
