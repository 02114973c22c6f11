import type {SdkPage} from './schemas';
import {bullets, code, codeBlock, page, table} from './markdown';

type Fn = SdkPage['modules'][number]['functions'][number];

function renderFunction(fn: Fn, heading: string): string {
  return [
    `${heading} ${fn.name}`,
    codeBlock('python', fn.signature),
    fn.description.trim(),
    fn.params.length > 0 && table(['Parameter', 'Type', 'Description'], fn.params.map((p) => [code(p.name), p.type ? code(p.type) : '', p.description])),
    fn.returns && `**Returns:** ${fn.returns.trim()}`,
    fn.example && `**Example**\n\n${codeBlock('python', fn.example)}`,
  ].filter(Boolean).join('\n\n');
}

export function renderSdkPage(sdk: SdkPage, slug: string): string {
  return page(
    {title: `Python SDK: ${sdk.title}`, description: sdk.description, sidebar_label: sdk.title},
    `data/python-sdk/${slug}.yaml`,
    [
      sdk.intro.trim(),
      codeBlock('shell', 'pip install --upgrade acryl-datahub'),
      ...sdk.modules.map((m) => [
        `## ${code(m.name)}`,
        m.description.trim(),
        ...m.functions.map((f) => renderFunction(f, '###')),
        ...m.classes.map((c) => [renderFunction(c, '###'), ...c.methods.map((method) => renderFunction({...method, name: `${c.name}.${method.name}`}, '####'))].join('\n\n')),
      ].join('\n\n')),
      '## Related pages',
      bullets(['[Python emitter and SDK guide](/docs/metadata-ingestion/as-a-library)', '[DataHub APIs overview](/docs/api/datahub-apis)']),
    ],
  );
}
