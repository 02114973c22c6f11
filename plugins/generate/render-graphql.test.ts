import {readFileSync} from 'node:fs';
import {buildSchema, isScalarType, parse, validate} from 'graphql';
import {describe, expect, it} from 'vitest';
import {anchorOf, entryIndex, graphqlPages, renderGraphqlPages, unionExample, usesOf} from './render-graphql';

const sdl = `
"""Root."""
type Query {
  """Fetches a widget."""
  widget(urn: String!): Widget
  """Lists widgets."""
  allWidgets: [Widget!]!
}
"""Root."""
type Mutation {
  """Deletes a widget."""
  deleteWidget(urn: String!): Boolean
}
"""A widget."""
type Widget { urn: String!, kind: WidgetKind }
"""Kinds."""
enum WidgetKind { SMALL, LARGE }
`;

/** The `## name` headings of a generated page and the targets of its index links. */
function headingsAndIndex(page: string) {
  const headings = [...page.matchAll(/^## (\S+)$/gm)].map((m) => m[1]);
  const indexBlock = page.slice(page.indexOf('**Index**'), page.indexOf('\n## '));
  const links = [...indexBlock.matchAll(/\[([^\]]+)\]\(#([^)]+)\)/g)].map((m) => ({name: m[1], anchor: m[2]}));
  return {headings, links};
}

describe('GraphQL reference pages', () => {
  it('groups the index by initial letter with one link per entry', () => {
    expect(entryIndex(['allWidgets', 'Apple', 'widget'])).toBe(
      '**Index** (3):\n\n- **A:** [allWidgets](#allwidgets), [Apple](#apple)\n- **W:** [widget](#widget)',
    );
    expect(entryIndex([])).toBe('');
  });

  it('puts an index before the first entry of every page, linking each heading exactly once', () => {
    const pages = renderGraphqlPages(sdl);
    for (const p of graphqlPages) {
      const {headings, links} = headingsAndIndex(pages[p]);
      if (headings.length === 0) continue;
      expect(pages[p].indexOf('**Index**')).toBeLessThan(pages[p].indexOf('\n## '));
      expect(links.map((l) => l.name)).toEqual(headings);
      for (const l of links) expect(l.anchor).toBe(anchorOf(l.name));
    }
    expect(headingsAndIndex(pages.queries).headings).toEqual(['allWidgets', 'widget']);
  });

  it('indexes every operation and type of data/schema.graphql, whose names all slug to their lower case', () => {
    const pages = renderGraphqlPages(readFileSync('data/schema.graphql', 'utf8'));
    for (const p of graphqlPages) {
      const {headings, links} = headingsAndIndex(pages[p]);
      expect(links.map((l) => l.name)).toEqual(headings);
      // Docusaurus slugs a heading by lower-casing it and dropping punctuation; GraphQL names have none but `_`, which it keeps.
      for (const name of headings) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
    expect(headingsAndIndex(pages.queries).headings.length).toBeGreaterThanOrEqual(70);
    expect(headingsAndIndex(pages.mutations).headings.length).toBeGreaterThanOrEqual(90);
  });

  it('gives every type of data/schema.graphql its own entry on the page of its kind, and every operation its own', () => {
    const text = readFileSync('data/schema.graphql', 'utf8');
    const schema = buildSchema(text);
    const pages = renderGraphqlPages(text);
    const headings = graphqlPages.flatMap((p) => headingsAndIndex(pages[p]).headings.map((h) => `${p}:${h}`));
    const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && t !== schema.getQueryType() && t !== schema.getMutationType());
    const operations = [...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys(schema.getMutationType()!.getFields())];
    expect(headings).toHaveLength(types.length + operations.length);
    for (const name of ['DatasetProfile', 'Operation', 'Health', 'ChartInfo', 'Access', 'Actor', 'AggregateResults']) expect(headings).toContain(`objects:${name}`);
    expect(headings).toContain('interfaces:Aspect');
    expect(headings).toContain('queries:aggregateAcrossEntities');
    expect(types.filter(isScalarType).map((t) => `scalars:${t.name}`).every((h) => headings.includes(h))).toBe(true);
  });

  it('lists the five unions of data/schema.graphql with their members, and shows a union query that validates', () => {
    const text = readFileSync('data/schema.graphql', 'utf8');
    const unions = renderGraphqlPages(text).unions;
    expect(headingsAndIndex(unions).headings).toEqual(['AnalyticsChart', 'HyperParameterValueType', 'OwnerType', 'PlatformSchema', 'ResultsType']);
    expect(unions).toContain('union PlatformSchema = TableSchema | KeyValueSchema');
    expect(unions).toContain('union HyperParameterValueType = StringBox | IntBox | FloatBox | BooleanBox');
    expect(unions).toContain('Used by [SchemaMetadata.platformSchema](/docs/graphql/objects#schemametadata)');
    expect(validate(buildSchema(text), parse(unionExample))).toEqual([]);
  });

  it('says where an enum is used, linking fields to their type and arguments of operations to the operation, and caps long lists', () => {
    const schema = buildSchema(`
      type Query { widgets(kind: Kind, size: Int): [Widget!] }
      type Widget { kind: Kind!, a: Kind, b: Kind, c: Kind, d: Kind, e: Kind, f: Kind, g: Kind, h: Kind, i: Kind, j: Kind, k: Kind, l: Kind }
      input WidgetInput { kind: [Kind!]! }
      enum Kind { SMALL, LARGE }
      enum Unused { X }
    `);
    expect(usesOf(schema.getType('Kind')!, schema).slice(0, 2)).toEqual([
      '[Query.widgets(kind)](/docs/graphql/queries#widgets)',
      '[Widget.kind](/docs/graphql/objects#widget)',
    ]);
    expect(usesOf(schema.getType('Kind')!, schema)).toContain('[WidgetInput.kind](/docs/graphql/inputobjects#widgetinput)');
    const sdl = `type Query { widgets(kind: Kind): [Widget!] }\n${'type Widget { ' + 'abcdefghijklmn'.split('').map((f) => `${f}: Kind`).join(', ') + ' }'}\nenum Kind { SMALL }\nenum Unused { X }`;
    const enums = renderGraphqlPages(sdl).enums;
    expect(enums).toMatch(/Used by \[Query\.widgets\(kind\)\][^\n]*\[Widget\.k\]\(\/docs\/graphql\/objects#widget\) and 3 more\./);
    expect(enums).toContain('## Unused\n\nNot used by any field or argument of the schema.');
  });
});
