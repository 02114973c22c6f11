import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {DataFileError, parseDataText} from './parse-data';

/** The release's entity registry and aspect records, written by scripts/reference/extract_entities.py. */
export const ENTITY_REFERENCE_FILE = 'data/reference/entities-v0.10.5.json';
export const ENTITY_ASPECTS_DIR = 'data/entity-aspects';
export const INCLUDED_FIELDS_FILE = 'data/entity-included-fields.yaml';
export const ENTITY_RELATIONSHIPS_FILE = 'data/entity-relationships.yaml';

const text = z.string().trim().min(1, 'must not be empty');
const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a field, aspect or relationship name as the model spells it');

const referenceFieldSchema = z.object({
  name: z.string(),
  /** The type as the PDL writes it: `array[Owner]`, `map[string, string]`, `union[string, int]`. */
  type: z.string(),
  optional: z.boolean(),
  default: z.unknown().optional(),
  deprecated: z.literal(true).optional(),
  /** The symbols of the field's enum type, when it is one. */
  symbols: z.array(z.string()).optional(),
  /** The record the field comes from through `includes` (TimeseriesAspectBase, CustomProperties, …). */
  includedFrom: z.string().optional(),
});
export type ReferenceField = z.infer<typeof referenceFieldSchema>;

const referenceAspectSchema = z.object({
  record: z.string(),
  file: z.string(),
  kind: z.enum(['regular', 'timeseries']),
  key: z.boolean(),
  deprecated: z.boolean(),
  fields: z.array(referenceFieldSchema),
  searchable: z.array(z.object({path: z.string(), fieldName: z.string(), fieldType: z.string().optional(), addToFilters: z.boolean().optional()})),
  relationships: z.array(z.object({
    name: z.string(),
    entityTypes: z.array(z.string()),
    path: z.string(),
    isLineage: z.boolean().optional(),
    isUpstream: z.boolean().optional(),
  })),
});
export type ReferenceAspect = z.infer<typeof referenceAspectSchema>;

const referenceEntitySchema = z.object({
  name: z.string(),
  /** null where the registry sets none; DataHub's model docs treat such entities as core. */
  category: z.string().nullable(),
  keyAspect: z.string(),
  aspects: z.array(z.string()),
});
export type ReferenceEntity = z.infer<typeof referenceEntitySchema>;

export const entityReferenceSchema = z.object({
  release: z.string(),
  commit: z.string(),
  derivedBy: z.string(),
  entities: z.array(referenceEntitySchema),
  aspects: z.record(z.string(), referenceAspectSchema),
});
export type EntityReference = z.infer<typeof entityReferenceSchema>;

/** One file of data/entity-aspects/: what an aspect is for and what each of its fields holds, in the site's words. */
export const aspectDocSchema = z.strictObject({
  /** The aspect name, equal to the file name. */
  name: identifier,
  /** One or two sentences: what the aspect records and who writes it. Not needed for key aspects. */
  purpose: text.optional(),
  /** Field name -> description (Markdown). Fields inherited through `includes` may rely on data/entity-included-fields.yaml. */
  fields: z.record(identifier, text).default({}),
});
export type AspectDoc = z.infer<typeof aspectDocSchema>;

/** data/entity-included-fields.yaml: descriptions of the fields that many aspects inherit through `includes`. */
export const includedFieldsSchema = z.strictObject({
  /** Included record (TimeseriesAspectBase, CustomProperties, …) -> field name -> description. */
  records: z.record(identifier, z.record(identifier, text)),
});

/** data/entity-relationships.yaml: the meaning of each relationship name, written once. */
export const relationshipDocsSchema = z.strictObject({
  relationships: z.record(identifier, z.strictObject({
    /** What the edge means, phrased so it reads in both the outgoing and the incoming table ("Points from … to …"). */
    meaning: text,
    /** Where one name means something else in one aspect (IsPartOf on a group's deprecated member lists). */
    byAspect: z.record(identifier, text).optional(),
  })),
});

/** Everything an entity page is generated from besides the entity file. */
export interface EntityDocs {
  reference: EntityReference;
  aspects: Map<string, AspectDoc>;
  included: Record<string, Record<string, string>>;
  relationships: z.infer<typeof relationshipDocsSchema>['relationships'];
}

/** Reads the reference and the description files; a file that does not parse throws a DataFileError naming it. */
export function loadEntityDocs(siteDir: string): EntityDocs {
  const read = (relative: string) => readFileSync(path.join(siteDir, relative), 'utf8');
  const parsed = entityReferenceSchema.safeParse(JSON.parse(read(ENTITY_REFERENCE_FILE)));
  if (!parsed.success) {
    throw new DataFileError(ENTITY_REFERENCE_FILE, [
      ...parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`),
      'regenerate it with python3 scripts/reference/extract_entities.py <git-dir> v0.10.5',
    ]);
  }
  const aspects = new Map<string, AspectDoc>();
  const dir = path.join(siteDir, ENTITY_ASPECTS_DIR);
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort() : []) {
    const relative = `${ENTITY_ASPECTS_DIR}/${file}`;
    const doc = parseDataText(relative, read(relative), aspectDocSchema);
    if (doc.name !== path.basename(file, '.yaml')) throw new DataFileError(relative, [`name: "${doc.name}" must equal the file name`]);
    aspects.set(doc.name, doc);
  }
  return {
    reference: parsed.data,
    aspects,
    included: parseDataText(INCLUDED_FIELDS_FILE, read(INCLUDED_FIELDS_FILE), includedFieldsSchema).records,
    relationships: parseDataText(ENTITY_RELATIONSHIPS_FILE, read(ENTITY_RELATIONSHIPS_FILE), relationshipDocsSchema).relationships,
  };
}

/** A field as an entity page shows it. */
export interface FieldView extends ReferenceField {
  /** Names the search index gives this field or values nested in it. */
  searchable: string[];
  description?: string;
}

export interface AspectView {
  name: string;
  kind: 'regular' | 'timeseries';
  deprecated: boolean;
  record: string;
  purpose?: string;
  fields: FieldView[];
}

/** One row of a relationship table: one relationship name stored in one aspect. */
export interface RelationshipRow {
  name: string;
  /** Target entities (outgoing) or source entities (incoming). */
  ends: string[];
  aspect: string;
  paths: string[];
  meaning?: string;
}

export interface EntityModel {
  entity: ReferenceEntity;
  key: AspectView;
  aspects: AspectView[];
  outgoing: RelationshipRow[];
  incoming: RelationshipRow[];
}

/** The description of a field: the aspect's own, else the one of the record it is included from. */
export function fieldDescription(docs: EntityDocs, aspect: string, field: ReferenceField): string | undefined {
  return docs.aspects.get(aspect)?.fields[field.name]
    ?? (field.includedFrom ? docs.included[field.includedFrom]?.[field.name] : undefined);
}

/** The meaning of a relationship name where it is stored in an aspect. */
export function relationshipMeaning(docs: EntityDocs, name: string, aspect: string): string | undefined {
  const doc = docs.relationships[name];
  return doc?.byAspect?.[aspect] ?? doc?.meaning;
}

function aspectView(docs: EntityDocs, name: string): AspectView {
  const aspect = docs.reference.aspects[name];
  if (!aspect) throw new Error(`${ENTITY_REFERENCE_FILE} has no aspect ${name}`);
  return {
    name,
    kind: aspect.kind,
    deprecated: aspect.deprecated,
    record: aspect.record.split('.').pop() ?? aspect.record,
    purpose: docs.aspects.get(name)?.purpose,
    fields: aspect.fields.map((field) => ({
      ...field,
      searchable: aspect.searchable
        .filter((s) => s.path === field.name || s.path.startsWith(`${field.name}/`))
        .map((s) => s.fieldName),
      description: fieldDescription(docs, name, field),
    })),
  };
}

function addRow(rows: RelationshipRow[], row: Omit<RelationshipRow, 'meaning'>, docs: EntityDocs) {
  const same = rows.find((r) => r.name === row.name && r.aspect === row.aspect);
  if (!same) {
    rows.push({...row, ends: [...row.ends], paths: [...row.paths], meaning: relationshipMeaning(docs, row.name, row.aspect)});
    return;
  }
  for (const end of row.ends) if (!same.ends.includes(end)) same.ends.push(end);
  for (const p of row.paths) if (!same.paths.includes(p)) same.paths.push(p);
}

/** The page model of one entity of the reference: key, aspects with described fields, and both kinds of edges. */
export function entityModel(docs: EntityDocs, name: string): EntityModel {
  const entity = docs.reference.entities.find((e) => e.name === name);
  if (!entity) throw new Error(`${name} is not an entity of the ${docs.reference.release} registry (${ENTITY_REFERENCE_FILE})`);
  const own = [entity.keyAspect, ...entity.aspects];
  const outgoing: RelationshipRow[] = [];
  for (const aspect of own) {
    for (const rel of docs.reference.aspects[aspect]?.relationships ?? []) {
      addRow(outgoing, {name: rel.name, ends: rel.entityTypes, aspect, paths: [rel.path]}, docs);
    }
  }
  const incoming: RelationshipRow[] = [];
  for (const source of docs.reference.entities) {
    for (const aspect of [source.keyAspect, ...source.aspects]) {
      for (const rel of docs.reference.aspects[aspect]?.relationships ?? []) {
        if (rel.entityTypes.includes(name)) addRow(incoming, {name: rel.name, ends: [source.name], aspect, paths: [rel.path]}, docs);
      }
    }
  }
  return {
    entity,
    key: aspectView(docs, entity.keyAspect),
    aspects: entity.aspects.map((a) => aspectView(docs, a)),
    outgoing,
    incoming,
  };
}
