import {describe, expect, it} from 'vitest';
import {extractSections, headingAnchors} from './extract-sections';

const source = `---
title: Sample
description: x
---

import Tabs from '@theme/Tabs';

Intro paragraph with **bold** text.

## First heading

Body of the first section.

\`\`\`bash
datahub docker quickstart
\`\`\`

### Nested detail

<Tabs groupId="api">

Nested body.

</Tabs>

## First heading

A repeated heading gets a suffixed anchor.

## Custom anchor {#my-id}

\`\`\`mermaid
graph TD
\`\`\`

Text.
`;

describe('extractSections', () => {
  const sections = extractSections({route: '/docs/sample', title: 'Sample', group: 'Guides', kind: 'guide', source});

  it('splits a page at its headings with Docusaurus anchors', () => {
    expect(sections.map((s) => s.url)).toEqual([
      '/docs/sample', '/docs/sample#first-heading', '/docs/sample#nested-detail', '/docs/sample#first-heading-1', '/docs/sample#my-id',
    ]);
  });

  it('keeps the heading hierarchy, language and docs tag', () => {
    expect(sections[2].hierarchy).toEqual(['Guides', 'Sample', 'First heading', 'Nested detail', null, null, null]);
    expect(sections[4].hierarchy[2]).toBe('Custom anchor');
    expect(sections[0]).toMatchObject({language: 'en', docsTag: 'docs-default-current'});
  });

  it('keeps prose and code, and drops front matter, MDX syntax and diagrams', () => {
    expect(sections[0].text).toBe('Intro paragraph with bold text.');
    expect(sections[1].text).toContain('datahub docker quickstart');
    expect(sections[2].text).toBe('Nested body.');
    expect(sections[4].text).toBe('Text.');
  });
});

describe('section text', () => {
  it('keeps table cells apart with a separator, list items with a space, and inline markup joined', () => {
    const [section] = extractSections({
      route: '/docs/t',
      title: 'T',
      group: 'G',
      kind: 'guide',
      source: '| Field | Type |\n| --- | --- |\n| batch_size | integer |\n\n- first item\n- second item\n\nA **bold**word and `code`.\n',
    });
    expect(section.text).toContain('Field · Type · batch_size · integer');
    expect(section.text).toContain('first item second item');
    expect(section.text).toContain('A boldword and code.');
  });
});

describe('section Markdown', () => {
  it('keeps each top-level block as written, code fences and tables included, without MDX-only lines', () => {
    const code = '```bash\ndatahub init --host http://localhost:8080\n\ndatahub ingest -c recipe.yml\n```';
    const source = `---\ntitle: T\n---\nimport Tabs from '@theme/Tabs';\n\n## Run it\n\n1. Install the CLI.\n2. Run:\n\n<Tabs>\n\n${code}\n\n</Tabs>\n\n| Option | Default |\n| --- | --- |\n| sink | rest |\n`;
    const [section] = extractSections({route: '/docs/t', title: 'T', group: 'G', kind: 'guide', source});
    expect(section.blocks).toEqual(['1. Install the CLI.\n2. Run:', code, '| Option | Default |\n| --- | --- |\n| sink | rest |']);
  });
});

describe('MDX syntax', () => {
  it('drops import and export lines and JSX tag lines of the page, never a line of a code block', () => {
    const code = '```bash\nexport DATAHUB_TELEMETRY_ENABLED=false\ndatahub ingest -c recipe.dhub.yaml\n```';
    const jsx = '````mdx\n<Tabs>\n```js\nexport const x = 1;\n```\n</Tabs>\n````';
    const source = `import Tabs from '@theme/Tabs';\nexport const meta = {};\n\n## Per process\n\n<Tabs>\n\n${code}\n\n${jsx}\n\n</Tabs>\n`;
    const [section] = extractSections({route: '/docs/t', title: 'T', group: 'G', kind: 'guide', source});
    expect(section.blocks).toEqual([code, jsx]);
    expect(section.text).toContain('export DATAHUB_TELEMETRY_ENABLED=false');
  });
});

describe('headingAnchors', () => {
  it('gives the anchors extractSections gives, on long hand-written pages and every generated page but the GraphQL reference', async () => {
    const {loadSiteData} = await import('../generate/load');
    const {renderSite} = await import('../generate/generate');
    const {readFileSync, existsSync} = await import('node:fs');
    const site = process.cwd();
    const generated = renderSite(loadSiteData(site));
    const hand = ['quickstart', 'deploy/kubernetes', 'how/updating-datahub', 'authentication/guides/sso/configure-oidc-react', 'what/urn', 'lineage/airflow']
      .map((p) => [`docs/${p}.md`, `docs/${p}.mdx`].find((f) => existsSync(`${site}/${f}`))!)
      .map((f) => readFileSync(`${site}/${f}`, 'utf8'));
    const pages = [...hand, ...[...generated.entries()].filter(([f]) => !f.startsWith('graphql/')).map(([, text]) => text)];
    for (const source of pages) {
      const sections = extractSections({route: '/docs/x', title: 'x', group: 'g', kind: 'guide', source});
      expect(headingAnchors(source)).toEqual(sections.map((s) => s.url.split('#')[1]).filter((a): a is string => a !== undefined));
    }
  }, 60_000);
});
