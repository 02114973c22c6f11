import {describe, expect, it} from 'vitest';
import {extractSections} from './extract-sections';

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
  const sections = extractSections({route: '/docs/sample', title: 'Sample', group: 'Guides', source});

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
  it('keeps the words of table cells and list items apart, and inline markup joined', () => {
    const [section] = extractSections({
      route: '/docs/t',
      title: 'T',
      group: 'G',
      source: '| Field | Type |\n| --- | --- |\n| batch_size | integer |\n\n- first item\n- second item\n\nA **bold**word and `code`.\n',
    });
    expect(section.text).toContain('Field Type batch_size integer');
    expect(section.text).toContain('first item second item');
    expect(section.text).toContain('A boldword and code.');
  });
});
