import type {Integration} from './schemas';
import {bullets, factsTable, code, codeBlock, page, summary, table} from './markdown';

/** Site path of an integration's page: its generated source page, or the hand-written one it names. */
export function integrationPath(item: Integration): string {
  return item.docPath ?? `/docs/generated/ingestion/sources/${item.id}`;
}

function formatDefault(value: string | number | boolean | null): string {
  return value === null ? '—' : code(String(value));
}

function capabilityTable(item: Integration): string {
  return item.plugins
    .map((plugin) => {
      const heading = item.plugins.length > 1 ? `### ${code(plugin.name)}\n\n` : '';
      const rows = plugin.capabilities.map((c) => [c.name, c.supported ? '✅ Supported' : '❌ Not supported', c.note]);
      return heading + table(['Capability', 'Status', 'Notes'], rows);
    })
    .join('\n\n');
}

/** Two columns keep the table readable on a phone: option facts left, explanation right. */
function configTable(item: Integration): string {
  if (item.config.length === 0) {
    return 'This source has no options of its own: the recipe only names its `type`.';
  }
  const rows = item.config.map((o) => [
    `${code(o.name)}${o.required ? ' (required)' : ''}`,
    `*${o.type}*. ${o.description} Default: ${formatDefault(o.default)}.`,
  ]);
  return table(['Option', 'Description'], rows);
}

/** Markdown page for an ingestion source with a generated page. */
export function renderIntegration(item: Integration): string {
  const main = item.plugins[0];
  const recipeFile = `${item.id}.dhub.yaml`;
  const facts = factsTable([
    ['Platform type', item.platformType],
    ['Connection', item.connectionType === 'Pull' ? 'Pull: DataHub connects to the system and reads metadata' : 'Push: the system sends metadata to DataHub'],
    ['Plugins', item.plugins.map((p) => `${code(p.name)} (${p.status})`).join(', ')],
    ...(item.features.length ? [['Features', item.features.join(', ')]] : []),
  ]);
  return page(
    {title: item.name, description: summary(item.description), sidebar_label: item.name},
    `data/integrations/${item.id}.yaml`,
    [
      item.description.trim(),
      facts,
      '## Capabilities',
      capabilityTable(item),
      '## Prerequisites',
      bullets(item.prerequisites),
      '## Install the plugin',
      item.plugins.map((p) => codeBlock('shell', p.install)).join('\n\n'),
      '## Configuration options',
      `Set these under ${code('source.config')} in the recipe. Patterns (*object (AllowDenyPattern)*) take ${code('allow')} and ${code('deny')} lists of regular expressions.`,
      configTable(item),
      '## Example recipe',
      codeBlock('yaml', item.recipe, recipeFile),
      `Run it with the CLI, or paste the ${code('source')} block into a UI ingestion source:`,
      codeBlock('shell', `datahub ingest -c ${recipeFile}`),
      '## Troubleshooting',
      item.troubleshooting.map((t) => `### ${t.problem.replace(/\s+/g, ' ').trim()}\n\n${t.solution.trim()}`).join('\n\n'),
      '## Related pages',
      bullets([
        '[Ingestion overview](/docs/metadata-ingestion)',
        '[Ingestion from the UI](/docs/ui-ingestion)',
        ...item.related.map((r) => `[${r.replace(/^\/docs\//, '')}](${r})`),
        '[All integrations](/integrations)',
      ]),
      main.status !== 'Certified' &&
        `:::note\n\nThe ${code(main.name)} plugin is **${main.status}**: it works, but its options may change between releases.\n\n:::`,
    ],
  );
}
