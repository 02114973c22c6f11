import type {Entity} from './schemas';
import {bullets, factsTable, code, page, summary, table} from './markdown';

export const entityPath = (name: string) => `/docs/generated/metamodel/entities/${name.toLowerCase()}`;

const kindLabel = {regular: 'Aspect', timeseries: 'Timeseries aspect', deprecated: 'Deprecated aspect'} as const;

function fieldTable(fields: Entity['aspects'][number]['fields']): string {
  return table(['Field', 'Type', 'Description'], fields.map((f) => [code(f.name), code(f.type), f.description]));
}

/** Renders an entity page; `known` holds entity names with pages and `graphqlTypes` the object types on /docs/graphql/objects. */
export function renderEntity(entity: Entity, known: ReadonlySet<string>, graphqlTypes: ReadonlySet<string>): string {
  const link = (name: string) => (known.has(name) ? `[${name}](${entityPath(name)})` : code(name));
  const relRow = (r: {name: string; via: string; description: string}, ends: string[]) =>
    [code(r.name), ends.map(link).join(', '), code(r.via), r.description];
  const {outgoing, incoming} = entity.relationships;
  const graphql = entity.graphqlType && graphqlTypes.has(entity.graphqlType)
    ? `[${entity.graphqlType}](/docs/graphql/objects#${entity.graphqlType.toLowerCase()})`
    : 'not exposed as a GraphQL entity type';

  return page(
    {title: entity.displayName, description: summary(entity.description), sidebar_label: entity.name},
    `data/entities/${entity.name}.yaml`,
    [
      entity.description.trim(),
      factsTable([
        ['Entity name', code(entity.name)],
        ['Category', entity.category === 'core' ? 'Core: part of the public metadata model' : 'Internal: used by DataHub itself'],
        ['Key aspect', code(entity.keyAspect.name)],
        ['GraphQL type', graphql],
      ]),
      '## Identity',
      `An entity is identified by a URN built from the fields of its key aspect, ${code(entity.keyAspect.name)}. Example:`,
      '```text\n' + entity.exampleUrn + '\n```',
      fieldTable(entity.keyAspect.fields),
      '## Aspects',
      entity.aspects.length
        ? `Aspects are listed in the order the entity registry declares them. Timeseries aspects keep one value per point in time instead of a single latest version.`
        : 'This entity has no aspects besides its key.',
      ...entity.aspects.map((a) => `### ${a.name}\n\n*${kindLabel[a.kind]}.* ${a.purpose.trim()}\n\n${fieldTable(a.fields)}`),
      '## Relationships',
      '### Outgoing',
      outgoing.length
        ? table(['Relationship', 'Target', 'Stored in', 'Meaning'], outgoing.map((r) => relRow(r, r.targets)))
        : 'This entity stores no relationships to other entities.',
      '### Incoming',
      incoming.length
        ? table(['Relationship', 'Source', 'Stored in', 'Meaning'], incoming.map((r) => relRow(r, r.sources)))
        : 'No other entity points to this one.',
      '## Related pages',
      bullets([
        '[The metadata model](/docs/metadata-modeling/metadata-model)',
        '[Extending the metadata model](/docs/metadata-modeling/extending-the-metadata-model)',
        '[URNs](/docs/what/urn)',
      ]),
    ],
  );
}
