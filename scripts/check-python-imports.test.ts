import {describe, expect, it} from 'vitest';
import {checkPythonImports, checkPythonText, importProblems, importsOf, readPythonApi} from './check-python-imports';

const siteDir = process.cwd();
const api = readPythonApi(siteDir);

describe('importsOf', () => {
  it('reads single-line, parenthesised and aliased imports', () => {
    const code = [
      'import datahub.emitter.mce_builder as builder',
      'from datahub.metadata.schema_classes import (',
      '    DatasetPropertiesClass,',
      '    OwnershipClass as Ownership,',
      ')',
      'from airflow import DAG',
    ].join('\n');
    expect(importsOf(code)).toEqual([
      {module: 'datahub.emitter.mce_builder', names: [], line: 0},
      {module: 'datahub.metadata.schema_classes', names: ['DatasetPropertiesClass', 'OwnershipClass'], line: 1},
      {module: 'airflow', names: ['DAG'], line: 5},
    ]);
  });
});

describe('importProblems', () => {
  it('accepts what v0.10.5 has, including generated schema classes and submodules', () => {
    expect(importProblems({module: 'datahub.emitter.rest_emitter', names: ['DatahubRestEmitter'], line: 0}, api)).toEqual([]);
    expect(importProblems({module: 'datahub.metadata.schema_classes', names: ['DatasetPropertiesClass', 'UpstreamLineageClass'], line: 0}, api)).toEqual([]);
    expect(importProblems({module: 'datahub_provider.entities', names: ['Dataset', 'Urn'], line: 0}, api)).toEqual([]);
    expect(importProblems({module: 'datahub.ingestion', names: ['graph'], line: 0}, api)).toEqual([]);
    expect(importProblems({module: 'datahub_actions.action.action', names: ['Action'], line: 0}, api)).toEqual([]);
  });

  it('names a module or a name the release does not have', () => {
    expect(importProblems({module: 'datahub_airflow_plugin.entities', names: ['Dataset'], line: 0}, api)).toEqual(['module datahub_airflow_plugin.entities does not exist in v0.10.5']);
    expect(importProblems({module: 'datahub.emitter.rest_emitter', names: ['DatahubRestSink'], line: 0}, api)).toEqual(['datahub.emitter.rest_emitter has no DatahubRestSink in v0.10.5']);
  });

  it('accepts schema classes a page defines in its own PDL block', () => {
    const page = '```pdl\nrecord QualityRules { rules: array[string] }\n```\n\n```python\nfrom datahub.metadata.schema_classes import QualityRulesClass, NopeClass\n```\n';
    expect(checkPythonText('docs/a.md', page, api).problems.map((p) => p.message)).toEqual([expect.stringMatching(/has no NopeClass/)]);
  });
});

describe('every Python example of the docs', () => {
  it('imports only modules and names of the v0.10.5 package', () => {
    const {problems, imports} = checkPythonImports(siteDir);
    expect(problems).toEqual([]);
    expect(imports).toBeGreaterThan(200);
  });
});
