import {
  ENTITY_ASPECTS_DIR, ENTITY_RELATIONSHIPS_FILE, INCLUDED_FIELDS_FILE, entityModel, fieldDescription,
  type EntityDocs, type EntityReference,
} from './entity-reference';
import type {Entity} from './schemas';

/** Upper-case words that are not enum symbols (checked against a field's symbols only when they are not these). */
const ACRONYMS = new Set(['API', 'CLI', 'DAG', 'DDL', 'GUID', 'ID', 'JSON', 'ORC', 'PDL', 'SDK', 'SQL', 'UI', 'URL', 'URN', 'UTC', 'UUID', 'YAML']);

/** Lower-case code spans that are values, not names. */
const LITERALS = new Set(['true', 'false', 'null']);

interface Names {
  entities: Set<string>;
  aspects: Set<string>;
  relationships: Set<string>;
  fields: Set<string>;
  types: Set<string>;
}

function namesOf(reference: EntityReference, entities: Entity[]): Names {
  const names: Names = {
    entities: new Set(reference.entities.map((e) => e.name)),
    aspects: new Set(Object.keys(reference.aspects)),
    relationships: new Set(),
    fields: new Set(),
    types: new Set(entities.flatMap((e) => (e.graphqlType ? [e.graphqlType] : []))),
  };
  for (const aspect of Object.values(reference.aspects)) {
    names.types.add(aspect.record.split('.').pop()!);
    for (const field of aspect.fields) {
      names.fields.add(field.name);
      for (const type of field.type.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) names.types.add(type);
      if (field.includedFrom) names.types.add(field.includedFrom);
    }
    for (const s of aspect.searchable) names.fields.add(s.fieldName);
    for (const r of aspect.relationships) names.relationships.add(r.name);
  }
  return names;
}

/**
 * Names in code spans that the release lacks: a camelCase name must be an entity, aspect, relationship or field
 * (of `fields` when given), `aspect.field` must be a field of that aspect, and a PascalCase name a relationship or
 * type of the model.
 */
export function unknownNames(markdown: string, reference: EntityReference, names: Names, fields?: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const dotted = span.match(/^([a-z][A-Za-z0-9]*)\.([A-Za-z_][A-Za-z0-9_]*)/);
    if (dotted && !span.includes(':') && !span.includes('/')) {
      const [, head, tail] = dotted;
      const aspect = reference.aspects[head];
      const entity = reference.entities.find((e) => e.name === head);
      if (aspect && !aspect.fields.some((f) => f.name === tail)) problems.push(`\`${span}\`: aspect ${head} has no field ${tail}`);
      if (entity && ![entity.keyAspect, ...entity.aspects].includes(tail)) problems.push(`\`${span}\`: entity ${head} has no aspect ${tail}`);
      continue;
    }
    if (/^[a-z][A-Za-z0-9_]*$/.test(span) && !LITERALS.has(span)) {
      const known = names.entities.has(span) || names.aspects.has(span) || names.relationships.has(span)
        || (fields ?? names.fields).has(span);
      if (!known) problems.push(`\`${span}\` is no entity, aspect, relationship or field${fields ? ' of this aspect' : ''}`);
    } else if (/^[A-Z][a-z]+[A-Z][A-Za-z]*$/.test(span)) {
      if (!names.relationships.has(span) && !names.types.has(span)) problems.push(`\`${span}\` is no relationship or type`);
    }
  }
  return problems;
}

/** Upper-case words of a field description that look like enum symbols but are not the field's. */
function unknownSymbols(description: string, symbols: readonly string[]): string[] {
  const words = description.replace(/`[^`]*`/g, ' ').match(/\b[A-Z][A-Z0-9_]{2,}\b/g) ?? [];
  return [...new Set(words)].filter((w) => !symbols.includes(w) && !ACRONYMS.has(w));
}

/**
 * Problems of the entity data against the release: entities, aspects, fields and relationships the release lacks,
 * fields of documented aspects without a description, and descriptions that name what the release lacks.
 */
export function checkEntityDocs(entities: Entity[], docs: EntityDocs): string[] {
  const {reference} = docs;
  const release = reference.release;
  const problems: string[] = [];
  const names = namesOf(reference, entities);
  const byName = new Map(reference.entities.map((e) => [e.name, e]));

  const documented = entities.filter((e) => byName.has(e.name));
  for (const entity of entities) {
    const file = `data/entities/${entity.name}.yaml`;
    const ref = byName.get(entity.name);
    if (!ref) {
      problems.push(`${file}: entity ${entity.name} is not in the ${release} entity registry; remove it (and its route) or document the release it came in`);
      continue;
    }
    const category = ref.category ?? 'core';
    if (entity.category !== category) problems.push(`${file}: category: the ${release} registry makes it ${category}${ref.category ? '' : ' (no category set; core is the default)'}`);
    if (!entity.exampleUrn.startsWith(`urn:li:${entity.name}:`)) problems.push(`${file}: exampleUrn: must be a urn:li:${entity.name}:… URN`);
    for (const p of unknownNames(entity.description, reference, names)) problems.push(`${file}: description: ${p}`);
  }
  for (const ref of reference.entities) {
    if (!entities.some((e) => e.name === ref.name)) problems.push(`data/entities/${ref.name}.yaml: missing; entity ${ref.name} of the ${release} registry has no page`);
  }

  const needed = new Map<string, string[]>();
  for (const entity of documented) {
    const ref = byName.get(entity.name)!;
    for (const aspect of [ref.keyAspect, ...ref.aspects]) needed.set(aspect, [...(needed.get(aspect) ?? []), entity.name]);
  }
  for (const [name, doc] of docs.aspects) {
    const file = `${ENTITY_ASPECTS_DIR}/${name}.yaml`;
    const aspect = reference.aspects[name];
    if (!aspect) {
      problems.push(`${file}: aspect ${name} is not in ${release}`);
      continue;
    }
    if (!needed.has(name)) problems.push(`${file}: no documented entity has the aspect ${name}`);
    const fieldNames = new Set(aspect.fields.map((f) => f.name));
    for (const field of Object.keys(doc.fields)) {
      if (!fieldNames.has(field)) problems.push(`${file}: fields.${field}: ${name} has no field ${field} in ${release}`);
    }
    if (!aspect.key && !doc.purpose) problems.push(`${file}: purpose: say what the aspect records and who writes it`);
    for (const p of unknownNames(doc.purpose ?? '', reference, names)) problems.push(`${file}: purpose: ${p}`);
    for (const [field, text] of Object.entries(doc.fields)) {
      for (const p of unknownNames(text, reference, names, fieldNames.has(field) ? new Set([...fieldNames, ...names.fields]) : undefined)) {
        problems.push(`${file}: fields.${field}: ${p}`);
      }
    }
  }
  for (const [name, users] of needed) {
    const file = `${ENTITY_ASPECTS_DIR}/${name}.yaml`;
    const aspect = reference.aspects[name];
    if (!aspect) {
      problems.push(`${reference.derivedBy}: aspect ${name} of ${users.join(', ')} has no record; regenerate the reference`);
      continue;
    }
    if (!docs.aspects.has(name)) {
      problems.push(`${file}: missing; aspect ${name} (of ${users.join(', ')}) needs a purpose and a description of each field`);
      continue;
    }
    for (const field of aspect.fields) {
      const description = fieldDescription(docs, name, field);
      if (!description) {
        problems.push(`${file}: fields.${field.name}: no description${field.includedFrom ? ` (nor in ${INCLUDED_FIELDS_FILE} under ${field.includedFrom})` : ''}`);
      } else if (field.symbols) {
        for (const word of unknownSymbols(description, field.symbols)) {
          problems.push(`${file}: fields.${field.name}: ${word} is not a value of ${field.type} in ${release} (${field.symbols.join(', ')})`);
        }
      }
    }
  }

  for (const [record, fields] of Object.entries(docs.included)) {
    const carried = Object.values(reference.aspects).flatMap((a) => a.fields.filter((f) => f.includedFrom === record));
    if (!carried.length) problems.push(`${INCLUDED_FIELDS_FILE}: records.${record}: no aspect of ${release} includes ${record}`);
    for (const [field, text] of Object.entries(fields)) {
      if (carried.length && !carried.some((f) => f.name === field)) problems.push(`${INCLUDED_FIELDS_FILE}: records.${record}.${field}: ${record} has no field ${field} in ${release}`);
      for (const p of unknownNames(text, reference, names)) problems.push(`${INCLUDED_FIELDS_FILE}: records.${record}.${field}: ${p}`);
    }
  }

  const declaredIn = new Map<string, Set<string>>();
  for (const [aspect, data] of Object.entries(reference.aspects)) {
    for (const rel of data.relationships) declaredIn.set(rel.name, (declaredIn.get(rel.name) ?? new Set()).add(aspect));
  }
  for (const [name, doc] of Object.entries(docs.relationships)) {
    const where = `${ENTITY_RELATIONSHIPS_FILE}: relationships.${name}`;
    if (!declaredIn.has(name)) {
      problems.push(`${where}: no aspect of ${release} declares a ${name} relationship`);
      continue;
    }
    for (const p of unknownNames(doc.meaning, reference, names)) problems.push(`${where}.meaning: ${p}`);
    for (const [aspect, text] of Object.entries(doc.byAspect ?? {})) {
      if (!declaredIn.get(name)!.has(aspect)) problems.push(`${where}.byAspect.${aspect}: ${aspect} declares no ${name} relationship in ${release}`);
      const fields = new Set(reference.aspects[aspect]?.fields.map((f) => f.name) ?? []);
      for (const p of unknownNames(text, reference, names, fields)) problems.push(`${where}.byAspect.${aspect}: ${p}`);
    }
  }
  const used = new Set<string>();
  for (const entity of documented) {
    const model = entityModel(docs, entity.name);
    for (const row of [...model.outgoing, ...model.incoming]) used.add(row.name);
  }
  for (const name of used) {
    if (!docs.relationships[name]) problems.push(`${ENTITY_RELATIONSHIPS_FILE}: relationships.${name}: missing; say what a ${name} edge means`);
  }
  return problems;
}

const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim());
const codeOf = (cell: string) => cell.match(/^`+ ?([^`]+?) ?`+/)?.[1];
const linkTexts = (cell: string) => [...cell.matchAll(/\[([^\]]+)\]\(|`([^`]+)`/g)].map((m) => m[1] ?? m[2]);

/**
 * Problems of a rendered entity page against the release: every aspect, field and relationship it shows must exist
 * there, and every aspect, field and relationship of the entity must be on it.
 */
export function checkEntityPage(markdown: string, entityName: string, reference: EntityReference): string[] {
  const release = reference.release;
  const entity = reference.entities.find((e) => e.name === entityName);
  if (!entity) return [`${entityName}: the page documents an entity that is not in the ${release} registry`];
  const problems: string[] = [];
  const own = [entity.keyAspect, ...entity.aspects];
  const seenAspects = new Set<string>();
  const seenFields = new Set<string>();
  const seenRelationships = new Set<string>();
  let h2 = '';
  let h3 = '';
  const lines = markdown.split('\n');
  lines.forEach((line, i) => {
    const heading = line.match(/^(##|###) (.+)$/);
    if (heading) {
      if (heading[1] === '##') [h2, h3] = [heading[2].trim(), ''];
      else h3 = heading[2].trim();
      if (h2 === 'Aspects' && heading[1] === '###') {
        seenAspects.add(h3);
        if (!entity.aspects.includes(h3)) problems.push(`${entityName}: aspect ${h3} is not an aspect of ${entityName} in ${release}`);
      }
      return;
    }
    if (!line.startsWith('|') || /^\|[\s|:-]+\|$/.test(line) || /^\|[\s|:-]+\|$/.test(lines[i + 1] ?? '')) return;
    const row = cells(line);
    const first = codeOf(row[0]);
    if (!first) return;
    const aspectName = h2 === 'Identity' ? entity.keyAspect : h2 === 'Aspects' ? h3 : '';
    if (aspectName) {
      const aspect = reference.aspects[aspectName];
      seenFields.add(`${aspectName}.${first}`);
      if (aspect && !aspect.fields.some((f) => f.name === first)) problems.push(`${entityName}: field ${aspectName}.${first} is not in ${release}`);
      return;
    }
    if (h2 !== 'Relationships' || (h3 !== 'Outgoing' && h3 !== 'Incoming')) return;
    const ends = linkTexts(row[1]);
    const stored = codeOf(row[2]) ?? '';
    seenRelationships.add(`${h3}:${first}:${stored}`);
    const declared = (aspect: string) => reference.aspects[aspect]?.relationships.filter((r) => r.name === first) ?? [];
    if (h3 === 'Outgoing') {
      const rels = own.includes(stored) ? declared(stored) : [];
      if (!rels.length) problems.push(`${entityName}: outgoing ${first} in ${stored} is not a relationship of ${entityName} in ${release}`);
      for (const end of ends) {
        if (rels.length && !rels.some((r) => r.entityTypes.includes(end))) problems.push(`${entityName}: outgoing ${first} does not point to ${end} in ${release}`);
      }
    } else {
      for (const end of ends) {
        const source = reference.entities.find((e) => e.name === end);
        const ok = source && [source.keyAspect, ...source.aspects].includes(stored)
          && declared(stored).some((r) => r.entityTypes.includes(entityName));
        if (!ok) problems.push(`${entityName}: incoming ${first} from ${end} through ${stored} is not in ${release}`);
      }
    }
  });
  for (const aspect of entity.aspects) {
    if (!seenAspects.has(aspect)) problems.push(`${entityName}: aspect ${aspect} of ${release} is not on the page`);
  }
  for (const aspect of own) {
    for (const field of reference.aspects[aspect]?.fields ?? []) {
      if ((aspect === entity.keyAspect || seenAspects.has(aspect)) && !seenFields.has(`${aspect}.${field.name}`)) {
        problems.push(`${entityName}: field ${aspect}.${field.name} of ${release} is not on the page`);
      }
    }
  }
  for (const aspect of own) {
    for (const rel of reference.aspects[aspect]?.relationships ?? []) {
      if (!seenRelationships.has(`Outgoing:${rel.name}:${aspect}`)) problems.push(`${entityName}: outgoing ${rel.name} in ${aspect} of ${release} is not on the page`);
    }
  }
  for (const source of reference.entities) {
    for (const aspect of [source.keyAspect, ...source.aspects]) {
      for (const rel of reference.aspects[aspect]?.relationships ?? []) {
        if (rel.entityTypes.includes(entityName) && !seenRelationships.has(`Incoming:${rel.name}:${aspect}`)) {
          problems.push(`${entityName}: incoming ${rel.name} from ${source.name} (${aspect}) of ${release} is not on the page`);
        }
      }
    }
  }
  return [...new Set(problems)];
}
