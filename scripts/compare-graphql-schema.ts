/**
 * Compares data/schema.graphql with a DataHub release's GraphQL schema and prints every difference: types, fields,
 * arguments (with their defaults), enum values, union members and interfaces that one side has and the other lacks,
 * every field or argument whose type (nullability included) or default differs, and every field or enum value that one
 * side marks deprecated and the other does not. Descriptions and deprecation reasons are not compared: ours are written
 * for the site.
 *
 * Usage: npx tsx scripts/compare-graphql-schema.ts <release SDL: a .graphql file or a folder of them> [ours.graphql] [--json]
 * The release's files are not part of this repository; read them from a checkout or a tag, for example
 * `git show v0.10.5:datahub-graphql-core/src/main/resources/entity.graphql` for each file of that folder.
 * Exits 1 when there is any difference, 2 when an input cannot be read or parsed.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {
  buildSchema, isEnumType, isSpecifiedScalarType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isUnionType, print,
  type GraphQLArgument, type GraphQLNamedType, type GraphQLSchema,
} from 'graphql';

/** Which side has an element the other lacks, or `mismatch` when both have it with different types. */
export type DifferenceKind = 'missing' | 'extra' | 'mismatch';
/**
 * What sort of element differs; `member` is a type of a union, `interface` one a type implements, `deprecation` the
 * deprecated mark of a field or enum value both sides have.
 */
export type ElementKind = 'type' | 'field' | 'argument' | 'value' | 'member' | 'interface' | 'deprecation';

export interface Difference {
  kind: DifferenceKind;
  element: ElementKind;
  /** `Type`, `Type.field`, `Type.field(arg)`, `Enum.VALUE`, `Union|Member` or `Type<Interface`. */
  path: string;
  /** For a mismatch: the release's form, then ours. For a missing or extra type: its kind. */
  detail?: string;
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'object';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  if (isEnumType(type)) return 'enum';
  if (isInputObjectType(type)) return 'input';
  if (isScalarType(type)) return 'scalar';
  return 'unknown';
}

/** Named types a schema defines; GraphQL's built-in scalars exist in every schema, whether a field uses them or not. */
const userTypes = (schema: GraphQLSchema) =>
  new Map(Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !isSpecifiedScalarType(t)).map((t) => [t.name, t]));

/** Elements of both sides keyed by path: present in one map and absent in the other is missing or extra. */
function compareKeys(release: Map<string, string>, ours: Map<string, string>, element: ElementKind, out: Difference[]): void {
  for (const [key, form] of release) {
    const mine = ours.get(key);
    if (mine === undefined) out.push({kind: 'missing', element, path: key});
    else if (mine !== form) out.push({kind: 'mismatch', element, path: key, detail: `release ${form}, ours ${mine}`});
  }
  for (const key of ours.keys()) if (!release.has(key)) out.push({kind: 'extra', element, path: key});
}

const argForm = (arg: GraphQLArgument) =>
  String(arg.type) + (arg.astNode?.defaultValue ? ` = ${print(arg.astNode.defaultValue)}` : '');

const deprecationOf = (element: {deprecationReason?: string | null}) => (element.deprecationReason ? 'deprecated' : 'not deprecated');

/** The comparable elements of one named type that both schemas define with the same kind. */
function elementsOf(type: GraphQLNamedType): Record<Exclude<ElementKind, 'type'>, Map<string, string>> {
  const result = {field: new Map<string, string>(), argument: new Map<string, string>(), value: new Map<string, string>(),
    member: new Map<string, string>(), interface: new Map<string, string>(), deprecation: new Map<string, string>()};
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      result.field.set(`${type.name}.${field.name}`, String(field.type));
      result.deprecation.set(`${type.name}.${field.name}`, deprecationOf(field));
      for (const arg of field.args) result.argument.set(`${type.name}.${field.name}(${arg.name})`, argForm(arg));
    }
    for (const iface of type.getInterfaces()) result.interface.set(`${type.name}<${iface.name}`, iface.name);
  } else if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      const fallback = field.astNode?.defaultValue ? ` = ${print(field.astNode.defaultValue)}` : '';
      result.field.set(`${type.name}.${field.name}`, String(field.type) + fallback);
      result.deprecation.set(`${type.name}.${field.name}`, deprecationOf(field));
    }
  } else if (isEnumType(type)) {
    for (const value of type.getValues()) {
      result.value.set(`${type.name}.${value.name}`, value.name);
      result.deprecation.set(`${type.name}.${value.name}`, deprecationOf(value));
    }
  } else if (isUnionType(type)) {
    for (const member of type.getTypes()) result.member.set(`${type.name}|${member.name}`, member.name);
  }
  return result;
}

/** Every difference between the release's schema and ours, sorted by element path. */
export function compareSchemas(release: GraphQLSchema, ours: GraphQLSchema): Difference[] {
  const out: Difference[] = [];
  const releaseTypes = userTypes(release);
  const ourTypes = userTypes(ours);
  for (const [name, type] of releaseTypes) {
    const mine = ourTypes.get(name);
    if (!mine) {
      out.push({kind: 'missing', element: 'type', path: name, detail: kindOf(type)});
      continue;
    }
    if (kindOf(mine) !== kindOf(type)) {
      out.push({kind: 'mismatch', element: 'type', path: name, detail: `release ${kindOf(type)}, ours ${kindOf(mine)}`});
      continue;
    }
    const releaseElements = elementsOf(type);
    const ourElements = elementsOf(mine);
    for (const element of ['field', 'argument', 'value', 'member', 'interface'] as const) {
      compareKeys(releaseElements[element], ourElements[element], element, out);
    }
    // A missing or extra field is reported once above; its deprecation only counts where both sides have it.
    for (const [key, mark] of releaseElements.deprecation) {
      const mine = ourElements.deprecation.get(key);
      if (mine !== undefined && mine !== mark) out.push({kind: 'mismatch', element: 'deprecation', path: key, detail: `release ${mark}, ours ${mine}`});
    }
  }
  for (const [name, type] of ourTypes) {
    if (!releaseTypes.has(name)) out.push({kind: 'extra', element: 'type', path: name, detail: kindOf(type)});
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.kind.localeCompare(b.kind));
}

export interface DifferenceCounts {
  missingTypes: number;
  /** Missing fields, arguments, enum values, union members and interfaces of types both schemas define. */
  missingElements: number;
  extraTypes: number;
  extraElements: number;
  /** Fields and arguments of another type or default, types of another kind, and deprecation marks that differ. */
  mismatches: number;
}

/** Totals of a comparison, as the closing line of the report prints them. */
export function countDifferences(differences: readonly Difference[]): DifferenceCounts {
  const count = (test: (d: Difference) => boolean) => differences.filter(test).length;
  return {
    missingTypes: count((d) => d.kind === 'missing' && d.element === 'type'),
    missingElements: count((d) => d.kind === 'missing' && d.element !== 'type'),
    extraTypes: count((d) => d.kind === 'extra' && d.element === 'type'),
    extraElements: count((d) => d.kind === 'extra' && d.element !== 'type'),
    mismatches: count((d) => d.kind === 'mismatch'),
  };
}

/** One line per difference, e.g. `missing field Dataset.health` or `mismatch argument Query.x(urn): release String, ours String!`. */
export function formatDifference(d: Difference): string {
  const detail = d.detail ? (d.kind === 'mismatch' ? `: ${d.detail}` : ` (${d.detail})`) : '';
  return `${d.kind} ${d.element} ${d.path}${detail}`;
}

/** The SDL of a .graphql file, or of every .graphql file of a folder joined in name order. */
export function readSdl(location: string): string {
  if (!statSync(location).isDirectory()) return readFileSync(location, 'utf8');
  const files = readdirSync(location).filter((f) => f.endsWith('.graphql')).sort();
  if (files.length === 0) throw new Error(`No .graphql files in ${location}: pass the folder holding the release's schema files.`);
  return files.map((f) => readFileSync(path.join(location, f), 'utf8')).join('\n');
}

function loadSchema(location: string, role: string): GraphQLSchema {
  try {
    return buildSchema(readSdl(location));
  } catch (error) {
    throw new Error(`Cannot read the ${role} schema from ${location}: ${(error as Error).message}`);
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const [releasePath, oursPath = 'data/schema.graphql'] = args.filter((a) => a !== '--json');
  if (!releasePath) {
    console.error('Usage: npx tsx scripts/compare-graphql-schema.ts <release .graphql file or folder> [ours.graphql] [--json]');
    process.exit(2);
  }
  let differences: Difference[];
  try {
    differences = compareSchemas(loadSchema(releasePath, 'release'), loadSchema(oursPath, 'site'));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const counts = countDifferences(differences);
  if (json) {
    console.log(JSON.stringify({counts, differences}, null, 2));
  } else {
    for (const d of differences) console.log(formatDifference(d));
    console.log(`missing: ${counts.missingTypes} types, ${counts.missingElements} fields/arguments/values/members/interfaces; `
      + `extra: ${counts.extraTypes} types, ${counts.extraElements} elements; mismatches (type, default or deprecation): ${counts.mismatches}`);
  }
  process.exit(differences.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
