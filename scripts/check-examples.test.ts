import {buildSchema} from 'graphql';
import {describe, expect, it} from 'vitest';
import {
  applyExceptions, checkEnvironmentVariables, checkGraphql, checkRecipes, checksEnvironmentVariables, docGroup, envSpans, fencedBlocks, type Problem,
} from './check-examples';

const schema = buildSchema(`
  type Query { dataset(urn: String!): Dataset }
  type Mutation { addTag(input: TagInput!): Boolean }
  type Dataset { urn: String! name: String }
  input TagInput { tagUrn: String! resourceUrn: String! }
`);

const page = (...blocks: Array<[string, string]>) => blocks.map(([lang, body]) => `Some text.\n\n\`\`\`${lang}\n${body}\n\`\`\`\n`).join('\n');

describe('fencedBlocks', () => {
  it('finds indented blocks with their first line, and keeps a longer fence open past a shorter one', () => {
    const text = 'intro\n\n1. step\n\n   ```yaml\n   a: 1\n   ```\n\n````md\n```js\nx\n```\n````\n';
    expect(fencedBlocks(text)).toEqual([
      {lang: 'yaml', body: 'a: 1', line: 6},
      {lang: 'md', body: '```js\nx\n```', line: 10},
    ]);
  });
});

describe('checkGraphql', () => {
  it('accepts valid operations and names the file and line of an unknown field', () => {
    expect(checkGraphql('docs/a.md', page(['graphql', 'query { dataset(urn: "x") { urn name } }']), schema)).toEqual([]);
    const problems = checkGraphql('docs/a.md', page(['graphql', 'query {\n  dataset(urn: "x") {\n    owner\n  }\n}']), schema);
    expect(problems).toEqual([{file: 'docs/a.md', line: 6, check: 'graphql', message: 'Cannot query field "owner" on type "Dataset".'}]);
  });

  it('reports a syntax error and a wrong argument', () => {
    expect(checkGraphql('docs/a.md', page(['graphql', 'query { dataset(']), schema)[0].message).toMatch(/Syntax Error/);
    const problems = checkGraphql('docs/a.md', page(['graphql', 'mutation { addTag(input: {tag: "t", resourceUrn: "r"}) }']), schema);
    expect(problems.map((p) => p.message).join(' ')).toMatch(/"tag" is not defined by type "TagInput"/);
  });

  it('validates a page\'s operations against the schema as its own type-system blocks extend it', () => {
    const extension = 'extend type Query { rules: [Rule!]! }\ntype Rule { urn: String! }';
    expect(checkGraphql('docs/t.md', page(['graphql', extension], ['graphql', 'query { rules { urn } }']), schema)).toEqual([]);
    // An excerpt restating an existing type adds only its new fields; a restated field must keep its type.
    const excerpt = 'type Dataset {\n  urn: String!\n  ruleCount: Int\n}';
    expect(checkGraphql('docs/t.md', page(['graphql', excerpt], ['graphql', 'query { dataset(urn: "x") { ruleCount } }']), schema)).toEqual([]);
    const changed = checkGraphql('docs/t.md', page(['graphql', 'type Dataset {\n  name: Int\n}']), schema);
    expect(changed).toEqual([{file: 'docs/t.md', line: 5, check: 'graphql', message: 'Dataset.name is String in data/schema.graphql, not Int'}]);
    const broken = checkGraphql('docs/t.md', page(['graphql', 'extend type Query { rules: [Rule!]! }']), schema);
    expect(broken.map((p) => p.message).join(' ')).toMatch(/Unknown type "Rule"/);
  });
});

describe('checkRecipes', () => {
  const options = {
    sources: new Map([['postgres', new Set(['host_port', 'database', 'profiling'])]]),
    sinks: new Map([['datahub-rest', new Set(['server', 'token'])]]),
  };

  it('reports undeclared source and sink options at their lines, and unknown source types', () => {
    const recipe = 'source:\n  type: postgres\n  config:\n    host_port: db:5432\n    include_view: true\nsink:\n  type: datahub-rest\n  config:\n    server: http://gms:8080\n    retries: 3';
    expect(checkRecipes('docs/r.md', page(['yaml', recipe]), options)).toEqual([
      {file: 'docs/r.md', line: 8, check: 'recipe', message: 'source "postgres": option "include_view" is not declared in its data file in data/integrations/'},
      {file: 'docs/r.md', line: 13, check: 'recipe', message: 'sink "datahub-rest": option "retries" is not declared in data/sinks.yaml'},
    ]);
    expect(checkRecipes('docs/r.md', page(['yaml', 'source:\n  type: nosuch\n  config: {}']), options)[0].message).toMatch(/source type "nosuch"/);
  });

  it('leaves Actions pipelines, custom source classes and other YAML alone', () => {
    const pipeline = 'name: p\nsource:\n  type: kafka\n  config:\n    topic_routes: {}\naction:\n  type: hello_world';
    const custom = 'source:\n  type: my_pkg.sources.MySource\n  config:\n    anything: 1';
    expect(checkRecipes('docs/r.md', page(['yaml', pipeline], ['yaml', custom], ['yaml', 'global:\n  a: 1'], ['yaml', 'key: [unclosed']), options)).toEqual([]);
  });
});

describe('environment variables', () => {
  it('reads upper-snake code spans outside code blocks, with NAME=value spans by name', () => {
    const text = 'Set `AUTH_OIDC_ENABLED` and `KAFKA_PROPERTIES_SASL=x`.\n\n```bash\nexport NOT_THIS_ONE=1 `IN_CODE_BLOCK`\n```\n`lowercase_name` `PROD` `GMS`';
    expect(envSpans(text)).toEqual([{name: 'AUTH_OIDC_ENABLED', line: 1}, {name: 'KAFKA_PROPERTIES_SASL', line: 1}]);
  });

  it('accepts listed names, families and non-variables, and reports the rest', () => {
    const known = {variables: new Set(['AUTH_OIDC_ENABLED']), families: ['SPRING_KAFKA_PROPERTIES_'], notVariables: new Set(['EDIT_ENTITY_TAGS'])};
    const text = '`AUTH_OIDC_ENABLED` `SPRING_KAFKA_PROPERTIES_SECURITY_PROTOCOL` `EDIT_ENTITY_TAGS`\n`MADE_UP_VARIABLE`';
    const problems = checkEnvironmentVariables('docs/deploy/x.md', text, known);
    expect(problems.map((p) => [p.line, p.message.split(' ')[0]])).toEqual([[2, 'MADE_UP_VARIABLE']]);
  });

  it('accepts families of non-variables, such as privilege names, by prefix', () => {
    const known = {variables: new Set<string>(), families: [], notVariables: new Set<string>(), notVariableFamilies: ['EDIT_']};
    const text = '`EDIT_LINEAGE` and `EDIT_DATASET_COL_TAGS` are privileges; `EDITOR_THEME_NAME` is not one.';
    expect(checkEnvironmentVariables('docs/authorization/policies.md', text, known).map((p) => p.message.split(' ')[0])).toEqual(['EDITOR_THEME_NAME']);
  });

  it('reads every hand-written page outside the skipped groups, top-level pages included', () => {
    expect(docGroup('docs/how/kafka-config.md')).toBe('how');
    expect(docGroup('docs/cli.md')).toBe('cli');
    expect(docGroup('docs/docs-home.mdx')).toBe('docs-home');
    for (const page of ['docs/cli.md', 'docs/authorization/policies.md', 'docs/browsev2/browse-paths-v2.md', 'docs/what/search-index.md', 'docs/deploy/aws.md']) {
      expect(checksEnvironmentVariables(page), page).toBe(true);
    }
    expect(checksEnvironmentVariables('docs/quick-ingestion-guides/snowflake/configuration.md')).toBe(false);
  });
});

describe('applyExceptions', () => {
  it('excuses matching problems and returns exceptions that excuse nothing', () => {
    const problems: Problem[] = [
      {file: 'docs/a.md', line: 3, check: 'graphql', message: 'Cannot query field "proposeTerm" on type "Mutation".'},
      {file: 'docs/a.md', line: 9, check: 'graphql', message: 'Cannot query field "other" on type "Mutation".'},
    ];
    const used = {file: 'docs/a.md', check: 'graphql' as const, mentions: 'proposeTerm', reason: 'managed edition only'};
    const stale = {file: 'docs/b.md', check: 'recipe' as const, mentions: 'acme', reason: 'a made-up source'};
    expect(applyExceptions(problems, [used, stale])).toEqual({problems: [problems[1]], unused: [stale]});
  });
});
