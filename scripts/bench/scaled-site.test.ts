import {describe, expect, it} from 'vitest';
import {alterPage, copyRoute} from './scaled-site';
import {seededRandom} from './scaled-sections';

const PAGE = `---
title: Ownership API Tutorial
description: Add, read and remove owners with GraphQL.
slug: /ownership/api
---

import Tabs from '@theme/Tabs';
import {DocsAreas} from '@site/src/components/DocsAreas';

Ownership answers the question "who do I ask about this?". Every owner holds a \`ownership\` aspect; see [ownership types](/docs/ownership/ownership-types#built-in-types) and [the tutorial](./tags.md).

## Ownership types and their meaning

:::note Remember this
Owners surface on the asset page, drive notifications and receive privileges.
:::

<Tabs groupId="api">
<TabItem value="python" label="Python SDK">

\`\`\`python title="add_owner.py"
import os
from datahub.emitter.rest_emitter import DatahubRestEmitter
emitter = DatahubRestEmitter(gms_server="http://localhost:8080")
\`\`\`

</TabItem>
</Tabs>

<DocsAreas
  heading="Main areas of DataHub"
/>

Visit https://datahubproject.io/docs/quickstart or <https://example.com/some/path>, with &nbsp;spacing {props.value} and a footnote[^note] plus [reference text][reference].

[reference]: https://example.com/reference/target
`;

const alter = (source: string, copy = 2, seed = 11) => alterPage(source, copy, seededRandom(seed));

describe('alterPage: the prose of a page copy', () => {
  it('alters about 30% of the prose words of four letters or more, with the copy suffix', () => {
    const prose = Array.from({length: 400}, (_, i) => `word${String.fromCharCode(97 + (i % 26))}`).join(' ');
    const altered = alter(prose, 3).split(' ');
    const changed = altered.filter((w) => w.endsWith('q3')).length;
    expect(changed / altered.length).toBeGreaterThan(0.22);
    expect(changed / altered.length).toBeLessThan(0.38);
    expect(altered.every((w) => /^word[a-z](q3)?$/.test(w))).toBe(true);
  });

  it('is deterministic: the same seed gives the same copy, another seed another', () => {
    expect(alter(PAGE)).toBe(alter(PAGE));
    expect(alter(PAGE, 2, 11)).not.toBe(alter(PAGE, 2, 12));
    expect(alter(PAGE)).not.toBe(PAGE);
  });

  it('keeps front matter (but the slug, moved under /copyN), imports, code fences, headings, tags and admonition markers', () => {
    // With every word altered, whatever is left as it was is what the function protects.
    const altered = alterPage(PAGE, 2, () => 0);
    const lines = altered.split('\n');
    expect(lines.slice(0, 5)).toEqual(['---', 'title: Ownership API Tutorial', 'description: Add, read and remove owners with GraphQL.', 'slug: /copy2/ownership/api', '---']);
    for (const kept of [
      "import Tabs from '@theme/Tabs';",
      "import {DocsAreas} from '@site/src/components/DocsAreas';",
      '## Ownership types and their meaning',
      ':::note Remember this',
      '<Tabs groupId="api">',
      '<TabItem value="python" label="Python SDK">',
      '```python title="add_owner.py"',
      'import os',
      'from datahub.emitter.rest_emitter import DatahubRestEmitter',
      'emitter = DatahubRestEmitter(gms_server="http://localhost:8080")',
      '</TabItem>',
      '<DocsAreas',
      '  heading="Main areas of DataHub"',
      '[reference]: https://example.com/reference/target',
    ]) {
      expect(lines).toContain(kept);
    }
    expect(altered).toContain('Ownershipq2 answersq2 the questionq2 "who do I ask aboutq2 thisq2?". Everyq2 ownerq2 holdsq2 a `ownership` aspectq2;');
    expect(altered).toContain('[ownershipq2 typesq2](/docs/ownership/ownership-types#built-in-types) and [the tutorialq2](./tags.md)');
    expect(altered).toContain('Ownersq2 surfaceq2 on the assetq2 pageq2');
    expect(altered).toContain('Visitq2 https://datahubproject.io/docs/quickstart or <https://example.com/some/path>, withq2 &nbsp;spacingq2 {props.value} and a footnoteq2[^note] plusq2 [reference text][reference].');
  });

  it('leaves a code fence closed only by a fence of its own kind and length', () => {
    const source = ['Some words here', '````markdown', '```', 'inside words stay', '```', '````', 'after words'].join('\n');
    expect(alterPage(source, 1, () => 0).split('\n')).toEqual(['Someq1 wordsq1 hereq1', '````markdown', '```', 'inside words stay', '```', '````', 'afterq1 wordsq1']);
  });

  it('writes the front-matter slug of the docs home under the copy', () => {
    expect(alterPage('---\nslug: /\n---\nText', 4, () => 1).split('\n')[1]).toBe('slug: /copy4');
    expect(alterPage("---\nslug: 'guides/intro'\n---\n", 4, () => 1).split('\n')[1]).toBe("slug: '/copy4/guides/intro'");
  });

  it('places the copy of a route under /docs/copyN/', () => {
    expect(copyRoute('/docs/api/tutorials/owners', 3)).toBe('/docs/copy3/api/tutorials/owners');
  });
});
