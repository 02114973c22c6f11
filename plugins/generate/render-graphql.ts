import {
  buildSchema, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isUnionType,
  type GraphQLArgument, type GraphQLField, type GraphQLInputField, type GraphQLNamedType, type GraphQLSchema, type GraphQLType,
} from 'graphql';
import {code, page, table} from './markdown';

export const graphqlPages = ['queries', 'mutations', 'objects', 'inputobjects', 'interfaces', 'unions', 'enums', 'scalars'] as const;
export type GraphqlPage = (typeof graphqlPages)[number];

/** The query the unions page shows; a test validates it against data/schema.graphql. */
export const unionExample = `query platformSchemaOfDataset {
  dataset(urn: "urn:li:dataset:(urn:li:dataPlatform:kafka,orders,PROD)") {
    schemaMetadata {
      platformSchema {
        __typename
        ... on KeyValueSchema { keySchema valueSchema }
        ... on TableSchema { schema }
      }
    }
  }
}`;

const titles: Record<GraphqlPage, string> = {
  queries: 'Queries', mutations: 'Mutations', objects: 'Objects', inputobjects: 'Input objects',
  interfaces: 'Interfaces', unions: 'Unions', enums: 'Enums', scalars: 'Scalars',
};

const intros: Record<GraphqlPage, string> = {
  queries: 'Read operations of the DataHub GraphQL API, served by GMS at `/api/graphql` (port 8080) and through the frontend at `/api/v2/graphql` (port 9002). Each entry lists its arguments and return type.',
  mutations: 'Write operations of the DataHub GraphQL API. Every mutation runs as the calling user, so the caller needs the matching privilege (for example *Edit Tags* for `addTag`).',
  objects: 'Object types returned by queries and mutations. Entity types implement the `Entity` interface and can be fetched by URN.',
  inputobjects: 'Input types passed as arguments to queries and mutations.',
  interfaces: 'Interfaces shared by several object types; query them with inline fragments such as `... on Dataset`.',
  unions: [
    'Union types: a field of a union type returns one of several object types that share no interface. Select the fields of each possible type with an inline fragment, and ask for `__typename` to learn which one came back. For example, the schema of a Kafka topic arrives as a `KeyValueSchema` and that of a table as a `TableSchema`:',
    '```graphql\n' + unionExample + '\n```',
  ].join('\n\n'),
  enums: 'Enumerations used by fields and arguments. Values are written without quotes in GraphQL documents.',
  scalars: 'Scalar types of the API: the GraphQL built-ins and the custom scalars DataHub adds.',
};

const builtInScalars: Record<string, string> = {
  String: 'UTF-8 text.',
  Int: 'A signed 32-bit integer.',
  Float: 'A signed double-precision floating-point number.',
  Boolean: '`true` or `false`.',
  ID: 'A unique identifier, serialised as a string.',
};

/** Which reference page documents a named type. */
function pageOf(type: GraphQLNamedType): GraphqlPage {
  if (isObjectType(type)) return 'objects';
  if (isInputObjectType(type)) return 'inputobjects';
  if (isInterfaceType(type)) return 'interfaces';
  if (isUnionType(type)) return 'unions';
  if (isEnumType(type)) return 'enums';
  return 'scalars';
}

/** The type as written in SDL (`[Tag!]!`), with the named type linked to its entry. */
function typeRef(type: GraphQLType): string {
  const named = getNamedType(type);
  const written = String(type);
  const link = `[${named.name}](/docs/graphql/${pageOf(named)}#${named.name.toLowerCase()})`;
  const [before, after] = written.split(named.name);
  return `${before.replace(/\[/g, '\\[')}${link}${after.replace(/\]/g, '\\]')}`;
}

const describe = (d: string | null | undefined) => (d ?? '').trim();

function argsTable(args: readonly GraphQLArgument[]): string {
  return table(['Argument', 'Type', 'Description'], args.map((a) => [code(a.name), typeRef(a.type), describe(a.description)]));
}

function operation(field: GraphQLField<unknown, unknown>): string {
  const signature = field.args.length
    ? `${field.name}(${field.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')}): ${String(field.type)}`
    : `${field.name}: ${String(field.type)}`;
  return [
    `## ${field.name}`,
    describe(field.description),
    field.deprecationReason && `:::warning Deprecated\n\n${field.deprecationReason}\n\n:::`,
    '```graphql\n' + signature + '\n```',
    field.args.length > 0 && argsTable(field.args),
    `**Returns:** ${typeRef(field.type)}`,
  ].filter(Boolean).join('\n\n');
}

function fieldsTable(fields: ReadonlyArray<GraphQLField<unknown, unknown> | GraphQLInputField>): string {
  return table(['Field', 'Type', 'Description'], fields.map((f) => {
    const args = 'args' in f && f.args.length ? ` Arguments: ${f.args.map((a) => `${code(a.name)} (${typeRef(a.type)})`).join(', ')}.` : '';
    const deprecated = 'deprecationReason' in f && f.deprecationReason ? ` **Deprecated:** ${f.deprecationReason}` : '';
    return [code(f.name), typeRef(f.type), `${describe(f.description)}${args}${deprecated}`];
  }));
}

/** Most uses listed under an enum, union or interface; the rest are counted, so a type used everywhere stays short. */
const USED_BY_LIMIT = 12;

/** Uses of every type of a schema, computed once per schema: a page lists them for dozens of types. */
const usesBySchema = new WeakMap<GraphQLSchema, Map<GraphQLNamedType, string[]>>();

function allUses(schema: GraphQLSchema): Map<GraphQLNamedType, string[]> {
  const cached = usesBySchema.get(schema);
  if (cached) return cached;
  const roots = new Map<GraphQLNamedType | null | undefined, GraphqlPage>([[schema.getQueryType(), 'queries'], [schema.getMutationType(), 'mutations']]);
  const uses = new Map<GraphQLNamedType, string[]>();
  const add = (type: GraphQLNamedType, use: string) => uses.set(type, [...(uses.get(type) ?? []), use]);
  for (const owner of Object.values(schema.getTypeMap())) {
    if (owner.name.startsWith('__') || !(isObjectType(owner) || isInterfaceType(owner) || isInputObjectType(owner))) continue;
    const rootPage = roots.get(owner);
    const fields: ReadonlyArray<GraphQLField<unknown, unknown> | GraphQLInputField> = Object.values(owner.getFields());
    for (const field of fields) {
      const fieldType: GraphQLType = field.type;
      const target = rootPage ? `/docs/graphql/${rootPage}#${anchorOf(field.name)}` : `/docs/graphql/${pageOf(owner)}#${anchorOf(owner.name)}`;
      add(getNamedType(fieldType), `[${owner.name}.${field.name}](${target})`);
      for (const arg of 'args' in field ? field.args : []) add(getNamedType(arg.type), `[${owner.name}.${field.name}(${arg.name})](${target})`);
    }
  }
  usesBySchema.set(schema, uses);
  return uses;
}

/**
 * Where a type appears: `Type.field` for fields and input fields, `Type.field(arg)` for arguments, each linked to the
 * entry that documents it (the operation's own entry for a query or mutation).
 */
export function usesOf(type: GraphQLNamedType, schema: GraphQLSchema): string[] {
  return allUses(schema).get(type) ?? [];
}

function usedByLine(type: GraphQLNamedType, schema: GraphQLSchema): string {
  const uses = usesOf(type, schema);
  if (uses.length === 0) return 'Not used by any field or argument of the schema.';
  const shown = uses.slice(0, USED_BY_LIMIT).join(', ');
  return `Used by ${shown}${uses.length > USED_BY_LIMIT ? ` and ${uses.length - USED_BY_LIMIT} more` : ''}.`;
}

function typeSection(type: GraphQLNamedType, schema: GraphQLSchema): string {
  const parts = [`## ${type.name}`, describe(type.description) || describe(builtInScalars[type.name])];
  if (isObjectType(type) || isInterfaceType(type)) {
    const interfaces = type.getInterfaces();
    if (interfaces.length) parts.push(`Implements ${interfaces.map(typeRef).join(', ')}.`);
    if (isInterfaceType(type)) {
      const impl = schema.getPossibleTypes(type);
      if (impl.length) parts.push(`Implemented by ${impl.map(typeRef).join(', ')}.`);
      // Interfaces that no field returns are still worth reading through their implementations, listed above.
      if (usesOf(type, schema).length) parts.push(usedByLine(type, schema));
    }
    parts.push(fieldsTable(Object.values(type.getFields())));
  } else if (isInputObjectType(type)) {
    parts.push(fieldsTable(Object.values(type.getFields())));
  } else if (isUnionType(type)) {
    parts.push('```graphql\nunion ' + type.name + ' = ' + type.getTypes().map((t) => t.name).join(' | ') + '\n```');
    parts.push(`One of: ${type.getTypes().map(typeRef).join(', ')}.`);
    parts.push(usedByLine(type, schema));
  } else if (isScalarType(type)) {
    parts.push(builtInScalars[type.name] ? `Built into GraphQL.` : '```graphql\nscalar ' + type.name + '\n```');
  } else if (isEnumType(type)) {
    parts.push(usedByLine(type, schema));
    parts.push(table(['Value', 'Description'], type.getValues().map((v) => [
      code(v.name), `${describe(v.description)}${v.deprecationReason ? ` **Deprecated:** ${v.deprecationReason}` : ''}`,
    ])));
  }
  return parts.filter(Boolean).join('\n\n');
}

/** The anchor Docusaurus gives the `## name` heading of an entry (GraphQL names are ASCII letters, digits and `_`). */
export const anchorOf = (name: string) => name.toLowerCase();

/**
 * A compact index of a page's entries: one list item per initial letter, each holding comma-separated links to the
 * entries' anchors, so a reader can jump to an operation or type without scrolling. Names must be sorted.
 */
export function entryIndex(names: readonly string[]): string {
  if (names.length === 0) return '';
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const letter = name.replace(/^_+/, '').charAt(0).toUpperCase() || '_';
    groups.set(letter, [...(groups.get(letter) ?? []), `[${name}](#${anchorOf(name)})`]);
  }
  return [`**Index** (${names.length}):`, [...groups].map(([letter, links]) => `- **${letter}:** ${links.join(', ')}`).join('\n')].join('\n\n');
}

/** Renders the eight GraphQL reference pages from SDL; throws with the parser's message when the SDL is invalid. */
export function renderGraphqlPages(sdl: string): Record<GraphqlPage, string> {
  let schema: GraphQLSchema;
  try {
    schema = buildSchema(sdl);
  } catch (error) {
    throw new Error(`Invalid data file data/schema.graphql: ${(error as Error).message}`);
  }
  const named = Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith('__') && t !== schema.getQueryType() && t !== schema.getMutationType())
    .sort((a, b) => a.name.localeCompare(b.name));
  const byPage = (p: GraphqlPage) => named.filter((t) => pageOf(t) === p && (p !== 'scalars' || isScalarType(t)));
  const fieldsOf = (root: ReturnType<GraphQLSchema['getQueryType']>) =>
    root ? Object.values(root.getFields()).sort((a, b) => a.name.localeCompare(b.name)) : [];

  const result = {} as Record<GraphqlPage, string>;
  for (const p of graphqlPages) {
    const fields = p === 'queries' ? fieldsOf(schema.getQueryType()) : p === 'mutations' ? fieldsOf(schema.getMutationType()) : null;
    const types = fields ? [] : byPage(p);
    const sections = fields ? fields.map(operation) : types.map((t) => typeSection(t, schema));
    const names = fields ? fields.map((f) => f.name) : types.map((t) => t.name);
    result[p] = page(
      {title: titles[p], description: `GraphQL API reference: ${titles[p].toLowerCase()} of the DataHub GraphQL schema.`},
      'data/schema.graphql',
      [
        intros[p],
        `See [GraphQL API overview](/docs/api/graphql/overview) for endpoints and authentication, and [getting started](/docs/api/graphql/getting-started) for a first query.`,
        entryIndex(names),
        ...sections,
      ],
    );
  }
  return result;
}

/** Names of the object types defined by the SDL (for links from entity pages). */
export function graphqlObjectNames(sdl: string): Set<string> {
  const schema = buildSchema(sdl);
  return new Set(Object.values(schema.getTypeMap()).filter(isObjectType).map((t) => t.name));
}

