import {mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {stringify} from 'yaml';
import {DataFileError, loadSiteData, parseDataText} from './load';
import {renderSite, writeSite} from './generate';
import {aspectDocSchema} from './entity-reference';
import {capabilityNames, entitySchema, integrationSchema} from './schemas';
import {isPatternKey} from './source-options';

const siteDir = path.resolve(__dirname, '../..');

const validIntegration = {
  id: 'example-db',
  name: 'Example DB',
  description: 'Reads tables and views from Example DB.',
  platformType: 'Datastore',
  connectionType: 'Pull',
  features: ['Stateful Ingestion'],
  logo: {mark: 'EX'},
  plugins: [{
    name: 'example-db',
    status: 'Incubating',
    install: "pip install 'acryl-datahub[example-db]'",
    capabilities: capabilityNames.map((name) => ({name, supported: name === 'Schema Metadata', note: 'A note.'})),
  }],
  prerequisites: ['A read-only user.'],
  config: [{name: 'host_port', type: 'string', required: true, default: null, description: 'Host and port.'}],
  recipe: 'source:\n  type: example-db\n',
  troubleshooting: [{problem: 'Cannot connect', solution: 'Check the host.'}],
};

const asYaml = (value: unknown) => stringify(value);
const problemsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    return (error as DataFileError).problems;
  }
  throw new Error('expected a DataFileError');
};

describe('data file validation', () => {
  it('accepts a valid integration file and fills defaults', () => {
    const parsed = parseDataText('data/integrations/example-db.yaml', asYaml(validIntegration), integrationSchema);
    expect(parsed.related).toEqual([]);
    expect(parsed.config[0].default).toBeNull();
  });

  it('names the file and the reason for invalid YAML', () => {
    expect(() => parseDataText('data/integrations/x.yaml', 'id: [unclosed', integrationSchema)).toThrow(/data\/integrations\/x\.yaml[\s\S]*not valid YAML/);
  });

  it('names a missing required field', () => {
    const {description: _omitted, ...rest} = validIntegration;
    expect(problemsOf(() => parseDataText('f.yaml', asYaml(rest), integrationSchema))).toEqual([expect.stringMatching(/^description: /)]);
  });

  it('rejects unknown keys so typos do not pass silently', () => {
    const problems = problemsOf(() => parseDataText('f.yaml', asYaml({...validIntegration, descripton: 'typo'}), integrationSchema));
    expect(problems.join('\n')).toMatch(/descripton/);
  });

  it('names a value outside its enum with the allowed values', () => {
    const problems = problemsOf(() => parseDataText('f.yaml', asYaml({...validIntegration, platformType: 'Database'}), integrationSchema));
    expect(problems[0]).toMatch(/^platformType: .*Datastore/);
  });

  it('requires all 13 capabilities in order', () => {
    const plugin = {...validIntegration.plugins[0], capabilities: [...validIntegration.plugins[0].capabilities].reverse()};
    const problems = problemsOf(() => parseDataText('f.yaml', asYaml({...validIntegration, plugins: [plugin]}), integrationSchema));
    expect(problems[0]).toMatch(/^plugins\.0\.capabilities: must list all 13 capabilities/);
  });

  it('rejects a config type outside the documented vocabulary', () => {
    const config = [{...validIntegration.config[0], type: 'str'}];
    const problems = problemsOf(() => parseDataText('f.yaml', asYaml({...validIntegration, config}), integrationSchema));
    expect(problems[0]).toMatch(/^config\.0\.type: one of string/);
  });

  it('rejects an entity file that still lists its aspects (they come from the release reference)', () => {
    const entity = {
      name: 'widget', displayName: 'Widget', category: 'core', description: 'A widget.', exampleUrn: 'urn:li:widget:1',
      aspects: [{name: 'widgetInfo', kind: 'regular', purpose: 'Info.', fields: []}],
    };
    expect(problemsOf(() => parseDataText('f.yaml', asYaml(entity), entitySchema)).join('\n')).toMatch(/aspects/);
  });

  it('names the field and the allowed values of an entity category', () => {
    const entity = {name: 'widget', displayName: 'Widget', category: 'public', description: 'A widget.', exampleUrn: 'urn:li:widget:1'};
    expect(problemsOf(() => parseDataText('f.yaml', asYaml(entity), entitySchema))[0]).toMatch(/^category: .*core/);
  });

  it('names the file and the field of an aspect description file that does not parse', () => {
    const aspect = {name: 'ownership', purpose: '', fields: {owners: 'Owner entries.'}};
    expect(problemsOf(() => parseDataText('data/entity-aspects/ownership.yaml', asYaml(aspect), aspectDocSchema))).toEqual(['purpose: must not be empty']);
  });
});

describe('generation from the repository data', () => {
  const data = loadSiteData(siteDir);
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, {recursive: true, force: true})));

  it('produces a page for every generated and data route', () => {
    const files = renderSite(data);
    for (const route of data.routes.filter((r) => r.origin !== 'hand')) {
      expect(files.has(`${route.path.replace(/^\/docs\//, '')}.md`), route.path).toBe(true);
    }
  });

  it('is deterministic: two runs write byte-identical trees', () => {
    const trees = [0, 1].map(() => {
      const dir = mkdtempSync(path.join(tmpdir(), 'generated-'));
      dirs.push(dir);
      writeSite(dir, renderSite(loadSiteData(siteDir)));
      return dir;
    });
    const list = (dir: string) => readdirSync(dir, {recursive: true, withFileTypes: true})
      .filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
    expect(list(trees[0])).toEqual(list(trees[1]));
    for (const file of list(trees[0])) {
      expect(readFileSync(path.join(trees[1], file), 'utf8')).toBe(readFileSync(path.join(trees[0], file), 'utf8'));
    }
  });

  it('renders a source page with capabilities, options, recipe and troubleshooting', () => {
    const snowflake = renderSite(data).get('generated/ingestion/sources/snowflake.md')!;
    expect(snowflake).toMatch(/^---\ntitle: "Snowflake"/);
    for (const heading of ['## Capabilities', '## Configuration options', '## Example recipe', '## Troubleshooting']) {
      expect(snowflake).toContain(heading);
    }
    expect(snowflake).toContain('| `account_id` (required) |');
    expect(snowflake).toContain('datahub ingest -c snowflake.dhub.yaml');
  });

  it('pins the CLI a managed release recommends, and no version where its notes name none', () => {
    const pages = renderSite(data);
    expect(pages.get('managed-datahub/release-notes/v_0_2_9.md')).toContain("pip install --upgrade 'acryl-datahub==0.10.4.3'");
    expect(pages.get('managed-datahub/release-notes/v_0_1_69.md')).not.toContain('pip install');
  });

  it('tells a capability the plugin declares from one its code has without declaring, and a declared one it lacks', () => {
    const clickhouse = renderSite(data).get('generated/ingestion/sources/clickhouse.md')!;
    expect(clickhouse).toContain('| Table-Level Lineage | ✅ Works, not declared |');
    expect(clickhouse).toContain('| Data Profiling | ✅ Supported |');
    expect(clickhouse).toContain('| Data Profiling | ❌ Declared, does not work |');
    expect(clickhouse).toContain('| Extract Ownership | ❌ Not supported |');
  });

  it('lists every option of the release on a source page: nested groups, enum values, defaults, deprecated names', () => {
    const pages = renderSite(data);
    const salesforce = pages.get('generated/ingestion/sources/salesforce.md')!;
    expect(salesforce).toMatch(/\| `auth` \| \*enum\*\. .*One of `USERNAME_PASSWORD`, `DIRECT_ACCESS_TOKEN`, `JSON_WEB_TOKEN`\. Default: `USERNAME_PASSWORD`\. \|/);
    for (const name of ['consumer_key', 'private_key', 'is_sandbox', 'profiling.enabled']) expect(salesforce).toContain(`| \`${name}\` |`);
    const snowflake = pages.get('generated/ingestion/sources/snowflake.md')!;
    expect(snowflake).toContain('### `stateful_ingestion` options');
    expect(snowflake).toMatch(/\| `stateful_ingestion\.remove_stale_metadata` \| \*boolean\*\. .* Default: `true`\. \|/);
    expect(snowflake).toMatch(/\| `profile_pattern` \| \*pattern\*\. .*Default: allow all\. \|/);
    // A pattern's keys are explained once, not listed as rows.
    expect(snowflake).not.toContain('| `profile_pattern.allow` |');
    // The top-level table comes first even when only a nested option is required (BigQuery's `credential.*`).
    const bigquery = pages.get('generated/ingestion/sources/bigquery.md')!;
    const options = bigquery.slice(bigquery.indexOf('## Configuration options'));
    expect(options.indexOf('| `project_id_pattern` |')).toBeLessThan(options.indexOf('### `credential` options'));
    expect(options.indexOf('### `stateful_ingestion` options')).toBeLessThan(options.indexOf('### `stateful_ingestion.state_provider` options'));
    expect(pages.get('generated/ingestion/sources/s3.md')).toMatch(/Older names the release still accepts[^\n]*`path_spec`/);
    // Every live option of every plugin of every source page is a row of its page.
    const {reference} = data.sourceOptions;
    for (const item of data.integrations.filter((i) => !i.docPath)) {
      const page = pages.get(`generated/ingestion/sources/${item.id}.md`)!;
      for (const plugin of item.plugins.filter((p) => p.name in reference.plugins)) {
        for (const [name, option] of Object.entries(reference.plugins[plugin.name].options)) {
          if (option.deprecated || option.removed || isPatternKey(name, reference.plugins[plugin.name].options)) continue;
          expect(page, `${item.id}: ${name}`).toContain(`| \`${name}\``);
        }
      }
    }
  });

  it('removes stale generated files but keeps hand-written ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'generated-'));
    dirs.push(dir);
    writeSite(dir, new Map([['generated/a.md', 'a'], ['graphql/b.md', 'b']]));
    writeSite(dir, new Map([['generated/a.md', 'a']]));
    expect(readdirSync(path.join(dir, 'graphql'))).toEqual([]);
    expect(readFileSync(path.join(dir, 'generated/a.md'), 'utf8')).toBe('a');
  });
});
