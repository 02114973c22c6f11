import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkEntityDocs, checkEntityPage} from './entity-check';
import {entityModel, loadEntityDocs, type AspectDoc, type EntityDocs, type EntityReference} from './entity-reference';
import {readRoutes} from '../routes';
import {readData} from './load';
import {graphqlObjectNames} from './render-graphql';
import {entityPath, renderEntity, typeCell} from './render-entity';
import {entitySchema, type Entity} from './schemas';

const siteDir = path.resolve(__dirname, '../..');

/** A two-entity release in the shape of data/reference/entities-v0.10.5.json. */
const reference: EntityReference = {
  release: 'v0.10.5',
  commit: '0'.repeat(40),
  derivedBy: 'test',
  entities: [
    {name: 'widget', category: 'core', keyAspect: 'widgetKey', aspects: ['deprecation', 'ownership']},
    {name: 'corpuser', category: null, keyAspect: 'corpUserKey', aspects: []},
  ],
  aspects: {
    widgetKey: {record: 'x.WidgetKey', file: 'x', kind: 'regular', key: true, deprecated: false, searchable: [], relationships: [],
      fields: [{name: 'id', type: 'string', optional: false}]},
    corpUserKey: {record: 'x.CorpUserKey', file: 'x', kind: 'regular', key: true, deprecated: false, searchable: [], relationships: [],
      fields: [{name: 'username', type: 'string', optional: false}]},
    deprecation: {record: 'x.Deprecation', file: 'x', kind: 'regular', key: false, deprecated: false, relationships: [],
      searchable: [{path: 'deprecated', fieldName: 'deprecated', fieldType: 'BOOLEAN'}],
      fields: [{name: 'deprecated', type: 'boolean', optional: false}, {name: 'note', type: 'string', optional: false}]},
    ownership: {record: 'x.Ownership', file: 'x', kind: 'regular', key: false, deprecated: false,
      searchable: [{path: 'owners/*/owner', fieldName: 'owners', fieldType: 'URN'}],
      relationships: [{name: 'OwnedBy', entityTypes: ['corpuser'], path: 'owners/*/owner'}],
      fields: [{name: 'owners', type: 'array[Owner]', optional: false}, {name: 'kind', type: 'OwnerKind', optional: true, symbols: ['TECHNICAL', 'BUSINESS']}]},
  },
};

const entities: Entity[] = [
  {name: 'widget', displayName: 'Widget', category: 'core', description: 'A widget; see `ownership`.', exampleUrn: 'urn:li:widget:1'},
  {name: 'corpuser', displayName: 'Corp User', category: 'core', description: 'A person.', exampleUrn: 'urn:li:corpuser:jdoe'},
];

function docs(overrides: Partial<EntityDocs> = {}): EntityDocs {
  return {
    reference,
    aspects: new Map<string, AspectDoc>([
      ['widgetKey', {name: 'widgetKey', fields: {id: 'Identifier.'}}],
      ['corpUserKey', {name: 'corpUserKey', fields: {username: 'Login name.'}}],
      ['deprecation', {name: 'deprecation', purpose: 'Marks the entity as deprecated.', fields: {deprecated: 'Whether it is.', note: 'Why.'}}],
      ['ownership', {name: 'ownership', purpose: 'Owners.', fields: {owners: 'Owner entries.', kind: 'TECHNICAL or BUSINESS.'}}],
    ]),
    included: {},
    relationships: {OwnedBy: {meaning: 'Points from an owned entity to its owners.'}},
    ...overrides,
  };
}

const withAspect = (name: string, aspect: {name: string; purpose?: string; fields: Record<string, string>}) =>
  docs({aspects: new Map([...docs().aspects, [name, aspect]])});

describe('the entity data against the release', () => {
  it('accepts data that matches the release', () => {
    expect(checkEntityDocs(entities, docs())).toEqual([]);
  });

  it('reports a documented field the release lacks (deprecation.replacement)', () => {
    const stale = withAspect('deprecation', {name: 'deprecation', purpose: 'Deprecation.', fields: {deprecated: 'Whether.', note: 'Why.', replacement: 'The entity to use instead.'}});
    expect(checkEntityDocs(entities, stale)).toEqual(['data/entity-aspects/deprecation.yaml: fields.replacement: deprecation has no field replacement in v0.10.5']);
  });

  it('reports a field of a documented aspect without a description', () => {
    const thin = withAspect('deprecation', {name: 'deprecation', purpose: 'Deprecation.', fields: {deprecated: 'Whether.'}});
    expect(checkEntityDocs(entities, thin)).toEqual(['data/entity-aspects/deprecation.yaml: fields.note: no description']);
  });

  it('reports an aspect, an entity and a relationship the release lacks', () => {
    const stale = docs({
      aspects: new Map([...docs().aspects, ['postInfo', {name: 'postInfo', purpose: 'Posts.', fields: {target: 'Attached asset.'}}]]),
      relationships: {...docs().relationships, PostTarget: {meaning: 'Points from a post to an asset.'}},
    });
    const extra: Entity = {name: 'gadget', displayName: 'Gadget', category: 'core', description: 'Later.', exampleUrn: 'urn:li:gadget:1'};
    expect(checkEntityDocs([...entities, extra], stale)).toEqual([
      'data/entities/gadget.yaml: entity gadget is not in the v0.10.5 entity registry; remove it (and its route) or document the release it came in',
      'data/entity-aspects/postInfo.yaml: aspect postInfo is not in v0.10.5',
      'data/entity-relationships.yaml: relationships.PostTarget: no aspect of v0.10.5 declares a PostTarget relationship',
    ]);
  });

  it('reports descriptions that name fields, aspects or relationships the release lacks', () => {
    const entity = {...entities[0], description: 'Replaced by `deprecation.replacement`; linked from `PostTarget` and `postInfo`.'};
    expect(checkEntityDocs([entity, entities[1]], docs())).toEqual([
      'data/entities/widget.yaml: description: `deprecation.replacement`: aspect deprecation has no field replacement',
      'data/entities/widget.yaml: description: `PostTarget` is no relationship or type',
      'data/entities/widget.yaml: description: `postInfo` is no entity, aspect, relationship or field',
    ]);
  });

  it('reports enum values a field description names that the release lacks', () => {
    const stale = withAspect('ownership', {name: 'ownership', purpose: 'Owners.', fields: {owners: 'Entries.', kind: 'TECHNICAL, BUSINESS or STEWARD.'}});
    expect(checkEntityDocs(entities, stale)).toEqual([
      'data/entity-aspects/ownership.yaml: fields.kind: STEWARD is not a value of OwnerKind in v0.10.5 (TECHNICAL, BUSINESS)',
    ]);
  });

  it('reports a registry entity without a page, a wrong category and a missing relationship meaning', () => {
    const corpuser = {...entities[1], category: 'internal' as const};
    expect(checkEntityDocs([corpuser], docs({relationships: {}}))).toEqual([
      'data/entities/corpuser.yaml: category: the v0.10.5 registry makes it core (no category set; core is the default)',
      'data/entities/widget.yaml: missing; entity widget of the v0.10.5 registry has no page',
      'data/entity-aspects/widgetKey.yaml: no documented entity has the aspect widgetKey',
      'data/entity-aspects/deprecation.yaml: no documented entity has the aspect deprecation',
      'data/entity-aspects/ownership.yaml: no documented entity has the aspect ownership',
      'data/entity-relationships.yaml: relationships.OwnedBy: missing; say what a OwnedBy edge means',
    ]);
  });
});

describe('entity pages against the release', () => {
  const known = new Set(['widget', 'corpuser']);
  const widget = renderEntity(entities[0], docs(), known, new Set());

  it('renders key, aspects with kind, fields and both directions of relationships', () => {
    expect(widget).toContain('| `id` | `string` | yes | no | Identifier. |');
    expect(widget).toContain('### ownership\n\n*Regular aspect; record `Ownership`.* Owners.');
    expect(widget).toContain('| `owners` | `array[Owner]` | yes | yes | Owner entries. |');
    expect(widget).toContain('| `kind` | `OwnerKind` | no | no | TECHNICAL or BUSINESS. Values: `TECHNICAL`, `BUSINESS`. |');
    expect(widget).toContain(`| \`OwnedBy\` | [corpuser](${entityPath('corpuser')}) | \`ownership\` at \`owners/*/owner\` | Points from an owned entity to its owners. |`);
    const person = renderEntity(entities[1], docs(), known, new Set());
    expect(person).toContain(`| \`OwnedBy\` | [widget](${entityPath('widget')}) | \`ownership\` at \`owners/*/owner\` |`);
    expect(checkEntityPage(widget, 'widget', reference)).toEqual([]);
    expect(checkEntityPage(person, 'corpuser', reference)).toEqual([]);
  });

  it('fails a page that shows a field, aspect or relationship the release lacks', () => {
    const stale = widget
      .replace('| `note` |', '| `replacement` | `Urn` | no | no | The entity to use instead. |\n| `note` |')
      .replace('## Relationships', '### postInfo\n\n| Field | Type |\n| --- | --- |\n| `target` | `Urn` |\n\n## Relationships')
      .replace('### Incoming', '| `PostTarget` | [corpuser](/x) | `postInfo` at `target` | Posts. |\n\n### Incoming');
    expect(checkEntityPage(stale, 'widget', reference)).toEqual([
      'widget: field deprecation.replacement is not in v0.10.5',
      'widget: aspect postInfo is not an aspect of widget in v0.10.5',
      'widget: outgoing PostTarget in postInfo is not a relationship of widget in v0.10.5',
    ]);
  });

  it('fails a page that leaves out a field or relationship of the release', () => {
    const thin = widget.replace(/\| `note` \|.*\n/, '').replace(/\| `OwnedBy` \|.*\n/, '');
    expect(checkEntityPage(thin, 'widget', reference)).toEqual([
      'widget: field deprecation.note of v0.10.5 is not on the page',
      'widget: outgoing OwnedBy in ownership of v0.10.5 is not on the page',
    ]);
  });

  it('summarises long unions instead of printing them whole', () => {
    expect(typeCell('union[A, B, C, D]')).toBe('`union` of 4 types');
    expect(typeCell('union[string, int]')).toBe('`union[string, int]`');
  });
});

describe('the repository entity data and generated pages', () => {
  // Only the entity data is read, so that work in progress on other data files does not hide entity problems.
  const entities = readdirSync(path.join(siteDir, 'data/entities')).filter((f) => f.endsWith('.yaml')).sort()
    .map((file) => readData(siteDir, `data/entities/${file}`, entitySchema));
  const data = {entities, entityDocs: loadEntityDocs(siteDir), routes: readRoutes(readFileSync(path.join(siteDir, 'data/routes.tsv'), 'utf8'))};
  const graphqlTypes = graphqlObjectNames(readFileSync(path.join(siteDir, 'data/schema.graphql'), 'utf8'));

  it('documents every entity, aspect, field and relationship of v0.10.5 and nothing else', () => {
    expect(checkEntityDocs(data.entities, data.entityDocs)).toEqual([]);
  });

  it('generates entity pages that match the release both ways', () => {
    const known = new Set(entities.map((e) => e.name));
    const problems = entities.flatMap((entity) =>
      checkEntityPage(renderEntity(entity, data.entityDocs, known, graphqlTypes), entity.name, data.entityDocs.reference));
    expect(problems).toEqual([]);
  });

  it('has a route for every entity of the release, and an entity of the release for every entity route', () => {
    const routes = data.routes.map((r) => r.path).filter((p) => p.startsWith('/docs/generated/metamodel/entities/'));
    const registry = data.entityDocs.reference.entities.map((e) => entityPath(e.name));
    expect(routes.filter((r) => !registry.includes(r))).toEqual([]);
    expect(registry.filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('reads the reference the extractor wrote', () => {
    const {reference: ref} = loadEntityDocs(siteDir);
    expect(ref.release).toBe('v0.10.5');
    const mlModel = entityModel(data.entityDocs, 'mlModel');
    const properties = mlModel.aspects.find((a) => a.name === 'mlModelProperties')!;
    expect(properties.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['customProperties', 'externalUrl', 'date', 'hyperParameters', 'onlineMetrics', 'tags', 'trainingJobs', 'downstreamJobs']));
    expect(ref.aspects.deprecation.fields.map((f) => f.name)).toEqual(['deprecated', 'decommissionTime', 'note', 'actor']);
    expect(ref.aspects.postInfo.fields.map((f) => f.name)).toEqual(['type', 'content', 'created', 'lastModified']);
    expect(ref.aspects.ownership.relationships).toContainEqual({name: 'OwnedBy', entityTypes: ['corpuser', 'corpGroup'], path: 'owners/*/owner'});
  });
});
