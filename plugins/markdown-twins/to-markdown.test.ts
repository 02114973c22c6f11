import {describe, expect, it} from 'vitest';
import {llmsTxtProblems, twinProblems} from './check-twin';
import {llmsFullTxt, llmsTxt} from './llms-txt';
import {toMarkdown} from './to-markdown';

const base = {title: 'Ingest from Snowflake', route: '/docs/snowflake', siteUrl: 'https://docs.example'};

describe('toMarkdown', () => {
  it('writes the title as an h1 and drops the front matter, imports and comments', () => {
    const source = "---\ntitle: Ingest from Snowflake\ndescription: x\n---\n\nimport Tabs from '@theme/Tabs';\n<!-- generated -->\nIntro.\n\n## Set up\n";
    expect(toMarkdown({...base, source})).toBe('# Ingest from Snowflake\n\nIntro.\n\n## Set up\n');
  });

  it('turns tabs into labelled sections and admonitions into labelled quotes', () => {
    const source = [
      '<Tabs groupId="api">',
      '<TabItem value="py" label="Python SDK">',
      '',
      'Use the SDK.',
      '',
      '</TabItem>',
      '<TabItem value="curl">',
      '',
      'Use curl.',
      '</TabItem>',
      '</Tabs>',
      '',
      ':::warning Before you start',
      'Stop the server.',
      '',
      'Then go on.',
      ':::',
      '',
      'After.',
    ].join('\n');
    expect(toMarkdown({...base, source})).toBe(
      '# Ingest from Snowflake\n\n**Python SDK**\n\nUse the SDK.\n\n**curl**\n\nUse curl.\n\n> **Warning: Before you start**\n>\n> Stop the server.\n>\n> Then go on.\n\nAfter.\n',
    );
  });

  it('makes links absolute, in-page anchors included, but leaves code alone', () => {
    const source = 'See [the CLI](/docs/cli), [below](#setup) and `[x](/docs/y)`.\n\n```md\n[raw](/docs/raw)\n:::note\n<Tabs>\n```\n\n## Setup {#setup}\n';
    expect(toMarkdown({...base, source})).toBe(
      '# Ingest from Snowflake\n\nSee [the CLI](https://docs.example/docs/cli), [below](https://docs.example/docs/snowflake#setup) and `[x](/docs/y)`.\n\n```md\n[raw](/docs/raw)\n:::note\n<Tabs>\n```\n\n## Setup\n',
    );
  });

  it('keeps a mermaid block as a fenced mermaid block, and code inside an admonition quoted whole', () => {
    const source = '```mermaid\ngraph LR\n  A --> B\n```\n\n:::tip\n```bash\ndatahub version\n```\n:::\n';
    expect(toMarkdown({...base, source})).toBe('# Ingest from Snowflake\n\n```mermaid\ngraph LR\n  A --> B\n```\n\n> **Tip**\n>\n> ```bash\n> datahub version\n> ```\n');
  });

  it('renders known components and refuses unknown ones, naming them', () => {
    const components = {Cards: '- [A](https://docs.example/docs/a)', SearchBox: ''};
    expect(toMarkdown({...base, source: 'Hi.\n\n<SearchBox />\n\n<Cards />\n', components})).toBe('# Ingest from Snowflake\n\nHi.\n\n- [A](https://docs.example/docs/a)\n');
    expect(() => toMarkdown({...base, source: '<Mystery />\n'})).toThrow(/<Mystery \/>/);
  });
});

describe('llms files', () => {
  const page = (route: string, title: string) => ({route, title, description: `About\n${title}.`, twinUrl: `https://docs.example${route}.md`, markdown: `# ${title}\n\nText.\n`});
  const sections = [{title: 'Start', pages: [page('/docs/a', 'A')]}, {title: 'Empty', pages: []}, {title: 'More', pages: [page('/docs/b', 'B')]}];

  it('lists every page under its section with a one-line description, and skips empty sections', () => {
    expect(llmsTxt({title: 'Docs', summary: 'What\nthis is.'}, sections)).toBe(
      '# Docs\n\n> What this is.\n\n## Start\n\n- [A](https://docs.example/docs/a.md): About A.\n\n## More\n\n- [B](https://docs.example/docs/b.md): About B.\n',
    );
  });

  it('joins every page in order, each headed by its URL', () => {
    expect(llmsFullTxt('https://docs.example', sections)).toBe('URL: https://docs.example/docs/a\n\n# A\n\nText.\n\n---\n\nURL: https://docs.example/docs/b\n\n# B\n\nText.\n');
  });
});

describe('twin checks', () => {
  const html = '<article><header><h1>Setup</h1></header><h2 id="a">Run <code>datahub_cli</code><a class="hash-link" href="#a" aria-label="Direct link to Run">​</a></h2></article>';

  it('accepts a twin with the page\'s headings and HTML only inside code', () => {
    expect(twinProblems('# Setup\n\n## Run `datahub_cli`\n\n```html\n<div>\nimport x from "y"\n```\n\nUse `<div>` and <https://x.example>.\n', html)).toEqual([]);
  });

  it('names HTML outside code, MDX imports and a missing or different heading', () => {
    const problems = twinProblems('# Setup\n\nimport Tabs from "@theme/Tabs";\n\n<Tabs>\n\n## Walk\n', html);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('HTML outside code: "<Tabs>"');
    expect(problems[1]).toContain('MDX import or export line');
    expect(problems[2]).toContain('page "h2 run datahub cli", twin "h2 walk"');
    expect(twinProblems('# Setup\n', html)[0]).toContain('twin "(none)"');
  });

  it('reports a doc route that llms.txt links never or twice', () => {
    const url = (route: string) => `https://docs.example${route}.md`;
    const txt = '- [A](https://docs.example/docs/a.md)\n- [B](https://docs.example/docs/b.md)\n- [B](https://docs.example/docs/b.md)\n';
    expect(llmsTxtProblems(txt, ['/docs/a', '/docs/b', '/docs/c'], url)).toEqual([
      '/docs/b: linked 2 times in llms.txt (once expected)',
      '/docs/c: linked 0 times in llms.txt (once expected)',
    ]);
  });
});
