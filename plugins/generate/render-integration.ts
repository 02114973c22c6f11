import type {Integration} from './schemas';
import {optionDefault, optionType} from './format-option';
import {bullets, factsTable, code, codeBlock, page, summary, table} from './markdown';
import {documentedOptions, releasePlugins, type DocumentedOption, type OptionSources, type Reference} from './source-options';

/** Site path of an integration's page: its generated source page, or the hand-written one it names. */
export function integrationPath(item: Integration): string {
  return item.docPath ?? `/docs/generated/ingestion/sources/${item.id}`;
}

type Capability = Integration['plugins'][number]['capabilities'][number];

/** A capability's status: what the plugin does (our data, checked against its code) beside what the release declares. */
const STATUSES = {
  declared: {label: '✅ Supported', legend: 'the plugin declares the capability and does it'},
  undeclared: {label: '✅ Works, not declared', legend: 'the plugin does it, but the release does not list it among the plugin\'s capabilities'},
  brokenPromise: {label: '❌ Declared, does not work', legend: 'the release lists the capability, but the plugin\'s code does not do it; the note says what happens'},
  no: {label: '❌ Not supported', legend: 'the plugin does not do it; the note says why, or what it does instead'},
} as const;

function capabilityStatus(capability: Capability, declared: Readonly<Record<string, boolean>>): keyof typeof STATUSES {
  const promised = declared[capability.name] === true;
  if (capability.supported) return promised ? 'declared' : 'undeclared';
  return promised ? 'brokenPromise' : 'no';
}

function capabilityTable(item: Integration, reference: Reference): string {
  const used = new Set<keyof typeof STATUSES>();
  const tables = item.plugins.map((plugin) => {
    const declared = reference.plugins[plugin.name]?.capabilities ?? {};
    const heading = item.plugins.length > 1 ? `### ${code(plugin.name)}\n\n` : '';
    const rows = plugin.capabilities.map((c) => {
      const status = capabilityStatus(c, declared);
      used.add(status);
      return [c.name, STATUSES[status].label, c.note];
    });
    return heading + table(['Capability', 'Status', 'Notes'], rows);
  });
  const legend = (Object.keys(STATUSES) as Array<keyof typeof STATUSES>).filter((s) => used.has(s))
    .map((s) => `${STATUSES[s].label.replace(/^(\S+) (.*)$/, '$1 **$2**')}: ${STATUSES[s].legend}.`).join(' ');
  return [`Statuses, as of ${reference.release}: ${legend}`, ...tables].join('\n\n');
}

/** What a support status means for a plugin, in the site's words; nothing for Certified. */
function statusNote(plugin: Integration['plugins'][number]): string | undefined {
  const name = code(plugin.name);
  switch (plugin.status) {
    case 'Certified':
      return undefined;
    case 'Incubating':
      return `The ${name} plugin is **Incubating**: ready to use, but tested on fewer setups than a certified plugin, and its options may still change between releases.`;
    case 'Testing':
      return `The ${name} plugin is **Testing**: meant for trying out, and it may change without notice between releases.`;
    case 'Unknown':
      return `The support status of the ${name} plugin is **Unknown**: its authors give no promise about its stability.`;
  }
}

const parentOf = (name: string) => name.slice(0, Math.max(0, name.lastIndexOf('.')));

/** Two columns keep the table readable on a phone: the option left, its type, meaning, values and default right. */
function optionRows(options: DocumentedOption[]): string {
  return table(['Option', 'Description'], options.map(({name, option, description}) => {
    const values = option.enum?.length ? ` One of ${option.enum.map((v) => code(String(v))).join(', ')}.` : '';
    const shown = optionDefault(option);
    return [
      `${code(name)}${option.required ? ' (required)' : ''}`,
      `*${optionType(option)}*. ${description ?? ''}${values}${shown ? ` Default: ${shown}.` : ''}`,
    ];
  }));
}

/** One plugin's options: the top-level table, then a table per nested group (`profiling.*`), in the release's order. */
function pluginOptions(item: Integration, plugin: string, sources: OptionSources, level: number): string {
  const documented = documentedOptions(item, plugin, sources.reference, sources.shared);
  if (documented.length === 0) return 'This source has no options of its own: the recipe only names its `type`.';
  const groups = new Map<string, DocumentedOption[]>();
  // The top level first, then each nested group after its parent's; in a group, required options first, then the
  // rest in the release's (alphabetical) order.
  const ordered = [...documented.filter((o) => o.option.required), ...documented.filter((o) => !o.option.required)];
  for (const parent of ['', ...new Set(documented.map((o) => parentOf(o.name)).filter(Boolean).sort())]) groups.set(parent, []);
  for (const entry of ordered) groups.get(parentOf(entry.name))!.push(entry);
  const renamed = Object.entries(sources.reference.plugins[plugin].options).filter(([, o]) => o.deprecated).map(([name]) => code(name));
  return [
    ...[...groups].filter(([, rows]) => rows.length).map(([parent, rows]) =>
      (parent ? `${'#'.repeat(level)} ${code(parent)} options\n\nSet these under ${code(parent)}.\n\n` : '') + optionRows(rows)),
    renamed.length ? `Older names the release still accepts, with a deprecation warning, and maps to the options above or ignores: ${renamed.join(', ')}.` : '',
  ].filter(Boolean).join('\n\n');
}

function configSection(item: Integration, sources: OptionSources): string {
  const plugins = releasePlugins(item, sources.reference);
  const intro = `Set these under ${code('source.config')} in the recipe. Every option the plugin accepts in ${sources.reference.release} is listed. ` +
    `A *pattern* option filters by name: ${code('allow')} and ${code('deny')} take lists of regular expressions (a name is kept when it matches an ` +
    `${code('allow')} entry and no ${code('deny')} entry; the default allows everything), and ${code('ignoreCase')} (default ${code('true')}) makes the match case-insensitive.`;
  if (plugins.length <= 1) return [intro, plugins.length ? pluginOptions(item, plugins[0], sources, 3) : 'This source has no options of its own.'].join('\n\n');
  return [intro, ...plugins.map((p) => `### ${code(p)}\n\n${pluginOptions(item, p, sources, 4)}`)].join('\n\n');
}

/** Markdown page for an ingestion source with a generated page. */
export function renderIntegration(item: Integration, sources: OptionSources): string {
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
      capabilityTable(item, sources.reference),
      '## Prerequisites',
      bullets(item.prerequisites),
      '## Install the plugin',
      item.plugins.map((p) => codeBlock('shell', p.install)).join('\n\n'),
      '## Configuration options',
      configSection(item, sources),
      '## Example recipe',
      codeBlock('yaml', item.recipe, recipeFile),
      `Run it with the CLI, or paste the ${code('source')} block into a UI ingestion source:`,
      codeBlock('shell', `datahub ingest -c ${recipeFile}`),
      ...item.sections.map((section) => `## ${section.heading}\n\n${section.body.trim()}`),
      '## Troubleshooting',
      item.troubleshooting.map((t) => `### ${t.problem.replace(/\s+/g, ' ').trim()}\n\n${t.solution.trim()}`).join('\n\n'),
      '## Related pages',
      bullets([
        '[Ingestion overview](/docs/metadata-ingestion)',
        '[Ingestion from the UI](/docs/ui-ingestion)',
        ...item.related.map((r) => `[${r.replace(/^\/docs\//, '')}](${r})`),
        '[All integrations](/integrations)',
      ]),
      item.plugins.some((p) => statusNote(p)) &&
        `:::note\n\n${item.plugins.map(statusNote).filter(Boolean).join('\n\n')}\n\n:::`,
    ],
  );
}
