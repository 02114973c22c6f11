import type {EnvironmentVariables} from './schemas';
import {code, page} from './markdown';

type Variable = EnvironmentVariables['sections'][number]['variables'][number];

/** Ends a sentence-like fragment with a full stop unless it already ends with punctuation. */
const sentence = (text: string) => {
  const flat = text.replace(/\s*\n\s*/g, ' ').trim();
  return /[.!?][)"'`]*$/.test(flat) ? flat : `${flat}.`;
};

/**
 * One variable as a list item: name, the components that read it, what it does, its default. A list rather than a
 * table because long names (`ELASTICSEARCH_INDEX_BUILDER_ENTITY_SETTINGS_OVERRIDES`) cannot wrap inside a table
 * cell, which pushed every other column off a phone's screen; list text wraps at any width.
 */
export function variableItem(v: Variable): string {
  return `- **${code(v.name)}** (${v.components.join(', ')}): ${sentence(v.description)} Default: ${sentence(v.default ?? 'unset')}`;
}

/** The environment-variables page: the prose and one list per section, from data/environment-variables.yaml. */
export function renderEnvironmentVariables(data: EnvironmentVariables): string {
  return page(
    {title: data.title, description: data.description},
    'data/environment-variables.yaml',
    [
      data.intro.trim(),
      ...data.sections.flatMap((section) => [
        `## ${section.title}`,
        section.intro?.trim(),
        section.variables.map(variableItem).join('\n'),
        section.notes?.trim(),
      ]),
    ],
  );
}
