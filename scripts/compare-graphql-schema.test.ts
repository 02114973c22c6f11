import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {buildSchema} from 'graphql';
import {afterAll, describe, expect, it} from 'vitest';
import {compareSchemas, countDifferences, formatDifference, readSdl} from './compare-graphql-schema';

const release = buildSchema(`
  type Query { dataset(urn: String!): Dataset, search(input: SearchInput!, limit: Int = 10): [Dataset!] }
  interface Entity { urn: String! }
  type Dataset implements Entity { urn: String!, name: String, old: String @deprecated(reason: "gone"), health: Health }
  type Health { status: Status! }
  type Chart implements Entity { urn: String! }
  union Asset = Dataset | Chart
  enum Status { PASS, FAIL }
  input SearchInput { query: String, urn: String }
`);

describe('compareSchemas', () => {
  it('finds nothing between a schema and itself', () => {
    expect(compareSchemas(release, release)).toEqual([]);
  });

  it('reports missing and extra elements, nullability, defaults and deprecation, each with its path', () => {
    const ours = buildSchema(`
      type Query { dataset(urn: String!): Dataset, search(input: SearchInput!, limit: Int = 20, extra: Int): [Dataset!] }
      interface Entity { urn: String! }
      type Dataset { urn: String!, name: String!, old: String, later: Int }
      type Chart implements Entity { urn: String! }
      union Asset = Dataset
      enum Status { PASS, FAIL, WARN }
      input SearchInput { query: String, urn: String! }
      type Added { id: ID }
    `);
    const lines = compareSchemas(release, ours).map(formatDifference);
    expect(lines).toEqual([
      'extra type Added (object)',
      'missing member Asset|Chart',
      'missing field Dataset.health',
      'extra field Dataset.later',
      'mismatch field Dataset.name: release String, ours String!',
      'mismatch deprecation Dataset.old: release deprecated, ours not deprecated',
      'missing interface Dataset<Entity',
      'missing type Health (object)',
      'extra argument Query.search(extra)',
      'mismatch argument Query.search(limit): release Int = 10, ours Int = 20',
      'mismatch field SearchInput.urn: release String, ours String!',
      'extra value Status.WARN',
    ]);
    expect(countDifferences(compareSchemas(release, ours))).toEqual({missingTypes: 1, missingElements: 3, extraTypes: 1, extraElements: 3, mismatches: 4});
  });

  it('reports a type defined with another kind once, without comparing its members', () => {
    const ours = buildSchema(`
      type Query { dataset(urn: String!): Dataset, search(input: SearchInput!, limit: Int = 10): [Dataset!] }
      interface Entity { urn: String! }
      type Dataset implements Entity { urn: String!, name: String, old: String @deprecated(reason: "ours"), health: Health }
      type Health { status: Status! }
      type Chart implements Entity { urn: String! }
      union Asset = Dataset | Chart
      enum Status { PASS, FAIL }
      type SearchInput { query: String }
    `);
    expect(compareSchemas(release, ours).map(formatDifference)).toEqual(['mismatch type SearchInput: release input, ours object']);
  });
});

describe('the command', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compare-graphql-'));
  afterAll(() => rmSync(dir, {recursive: true, force: true}));
  const run = (...args: string[]) => {
    try {
      return {status: 0, out: execFileSync('npx', ['tsx', 'scripts/compare-graphql-schema.ts', ...args], {encoding: 'utf8', stdio: 'pipe'})};
    } catch (error) {
      const failed = error as {status: number; stdout: string; stderr: string};
      return {status: failed.status, out: failed.stdout + failed.stderr};
    }
  };

  it('reads a folder of release files with type extensions, prints the differences and exits 1, then 0 once they agree', () => {
    const releaseDir = path.join(dir, 'release');
    execFileSync('mkdir', ['-p', releaseDir]);
    writeFileSync(path.join(releaseDir, 'entity.graphql'), 'schema { query: Query }\ntype Query { dataset(urn: String!): Dataset }\ntype Dataset { urn: String! }\n');
    writeFileSync(path.join(releaseDir, 'search.graphql'), 'extend type Query { aggregate(query: String!): Int }\n');
    writeFileSync(path.join(releaseDir, 'notes.txt'), 'not SDL');
    expect(readSdl(releaseDir)).toContain('extend type Query');

    const ours = path.join(dir, 'ours.graphql');
    writeFileSync(ours, 'type Query { dataset(urn: String!): Dataset }\ntype Dataset { urn: String! }\n');
    const differing = run(releaseDir, ours);
    expect(differing.status).toBe(1);
    expect(differing.out).toContain('missing field Query.aggregate');
    expect(differing.out).toContain('missing: 0 types, 2 fields/arguments/values/members/interfaces');

    writeFileSync(ours, 'type Query { dataset(urn: String!): Dataset, aggregate(query: String!): Int }\n"""Ours."""\ntype Dataset { urn: String! }\n');
    const agreeing = run(releaseDir, ours);
    expect(agreeing).toEqual({status: 0, out: expect.stringContaining('missing: 0 types, 0 fields')});
  }, 60_000);

  it('names the file it cannot parse and exits 2', () => {
    const broken = path.join(dir, 'broken.graphql');
    writeFileSync(broken, 'type Query {');
    const result = run(broken, broken);
    expect(result.status).toBe(2);
    expect(result.out).toContain(`Cannot read the release schema from ${broken}`);
  }, 60_000);
});
