import type {EnvironmentVariables} from './schemas';
import {code, page, table} from './markdown';

/** The environment-variables page: the prose and one table per section, from data/environment-variables.yaml. */
export function renderEnvironmentVariables(data: EnvironmentVariables): string {
  return page(
    {title: data.title, description: data.description},
    'data/environment-variables.yaml',
    [
      data.intro.trim(),
      ...data.sections.flatMap((section) => [
        `## ${section.title}`,
        section.intro?.trim(),
        table(['Variable', 'Default', 'Components', 'Description'], section.variables.map((v) => [
          code(v.name), v.default ?? 'unset', v.components.join(', '), v.description,
        ])),
        section.notes?.trim(),
      ]),
    ],
  );
}
