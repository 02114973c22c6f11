import type {Entity} from './schemas';
import {ENTITY_ASPECTS_DIR, ENTITY_REFERENCE_FILE, entityModel, type AspectView, type EntityDocs, type FieldView, type RelationshipRow} from './entity-reference';
import {bullets, factsTable, code, page, summary, table} from './markdown';

export const entityPath = (name: string) => `/docs/generated/metamodel/entities/${name.toLowerCase()}`;

/** Headers of the field tables; the page check in entity-check.ts reads rows by position. */
export const FIELD_HEADERS = ['Field', 'Type', 'Required', 'Searchable', 'Description'];
const MAX_UNION_MEMBERS = 3;
const MAX_SYMBOLS = 12;
const MAX_DEFAULT_LENGTH = 24;

/** A type short enough for a table cell: long unions are summarised, the rest as the PDL writes it. */
export function typeCell(type: string): string {
  const union = type.match(/^union\[(.*)\]$/);
  if (union) {
    const members = union[1].split(', ');
    if (members.length > MAX_UNION_MEMBERS) return `${code('union')} of ${members.length} types`;
  }
  return code(type);
}

function requiredCell(field: FieldView): string {
  if (field.optional) return 'no';
  if (field.default === undefined) return 'yes';
  const shown = JSON.stringify(field.default);
  return shown.length <= MAX_DEFAULT_LENGTH ? `no (default ${code(shown)})` : 'no (has a default)';
}

function searchableCell(field: FieldView): string {
  if (field.searchable.length === 0) return 'no';
  if (field.searchable.length === 1 && field.searchable[0] === field.name) return 'yes';
  return `as ${field.searchable.map(code).join(', ')}`;
}

function descriptionCell(field: FieldView): string {
  const parts = [field.description ?? ''];
  if (field.symbols?.length) {
    const shown = field.symbols.length > MAX_SYMBOLS ? field.symbols.slice(0, MAX_SYMBOLS - 2) : field.symbols;
    const rest = field.symbols.length - shown.length;
    parts.push(`Values: ${shown.map(code).join(', ')}${rest ? ` and ${rest} more` : ''}.`);
  }
  return parts.filter(Boolean).join(' ');
}

function fieldTable(fields: FieldView[]): string {
  return table(FIELD_HEADERS, fields.map((f) => [
    `${code(f.name)}${f.deprecated ? ' (deprecated)' : ''}`,
    typeCell(f.type),
    requiredCell(f),
    searchableCell(f),
    descriptionCell(f),
  ]));
}

const kindLabel = (a: AspectView) => `${a.kind === 'timeseries' ? 'Timeseries' : 'Regular'} aspect${a.deprecated ? ', deprecated' : ''}`;

function aspectSection(aspect: AspectView): string {
  return [
    `### ${aspect.name}`,
    `*${kindLabel(aspect)}; record ${code(aspect.record)}.* ${aspect.purpose?.trim() ?? ''}`.trim(),
    fieldTable(aspect.fields),
  ].join('\n\n');
}

/** Renders an entity page from the release reference and the site's descriptions. */
export function renderEntity(entity: Entity, docs: EntityDocs, known: ReadonlySet<string>, graphqlTypes: ReadonlySet<string>): string {
  const model = entityModel(docs, entity.name);
  const release = docs.reference.release;
  const link = (name: string) => (known.has(name) ? `[${name}](${entityPath(name)})` : code(name));
  const storedIn = (r: RelationshipRow) => `${code(r.aspect)} at ${r.paths.map(code).join(', ')}`;
  const relTable = (rows: RelationshipRow[], end: string) =>
    table(['Relationship', end, 'Stored in', 'Meaning'], rows.map((r) => [code(r.name), r.ends.map(link).join(', '), storedIn(r), r.meaning ?? '']));
  const graphql = entity.graphqlType && graphqlTypes.has(entity.graphqlType)
    ? `[${entity.graphqlType}](/docs/graphql/objects#${entity.graphqlType.toLowerCase()})`
    : 'not exposed as a GraphQL entity type';
  const timeseries = model.aspects.filter((a) => a.kind === 'timeseries').length;

  return page(
    {title: entity.displayName, description: summary(entity.description), sidebar_label: entity.name},
    `data/entities/${entity.name}.yaml, ${ENTITY_ASPECTS_DIR}/ and ${ENTITY_REFERENCE_FILE}`,
    [
      entity.description.trim(),
      factsTable([
        ['Entity name', code(entity.name)],
        ['Category', entity.category === 'core' ? 'Core: part of the public metadata model' : 'Internal: used by DataHub itself'],
        ['Key aspect', code(model.key.name)],
        ['Aspects', `${model.aspects.length}${timeseries ? ` (${timeseries} timeseries)` : ''}`],
        ['GraphQL type', graphql],
      ]),
      `The aspects, fields and relationships below are those of the DataHub ${release} entity registry and its PDL schemas.`,
      '## Identity',
      `An entity is identified by a URN built from the fields of its key aspect, ${code(model.key.name)} (record ${code(model.key.record)}). Example:`,
      '```text\n' + entity.exampleUrn + '\n```',
      fieldTable(model.key.fields),
      '## Aspects',
      model.aspects.length
        ? [
          `Aspects are listed in the order the ${release} entity registry declares them. A regular aspect holds the entity's current value, and earlier versions are kept subject to retention; a timeseries aspect keeps one value per point in time. **Required** tells whether a writer must set the field; **Searchable** gives the name the search index uses for it.`,
          table(['Aspect', 'Kind', 'Fields'], model.aspects.map((a) => [`[${a.name}](#${a.name.toLowerCase()})`, kindLabel(a), a.fields.length])),
        ].join('\n\n')
        : `This entity has no aspects besides its key in ${release}.`,
      ...model.aspects.map(aspectSection),
      '## Relationships',
      '### Outgoing',
      model.outgoing.length ? relTable(model.outgoing, 'Target') : 'This entity stores no relationships to other entities.',
      '### Incoming',
      model.incoming.length
        ? `Computed from the relationships that the aspects of every entity in the registry declare towards ${code(entity.name)}.\n\n${relTable(model.incoming, 'Source')}`
        : 'No entity declares a relationship to this one.',
      '## Related pages',
      bullets([
        '[The metadata model](/docs/metadata-modeling/metadata-model)',
        '[Extending the metadata model](/docs/metadata-modeling/extending-the-metadata-model)',
        '[URNs](/docs/what/urn)',
      ]),
    ],
  );
}
