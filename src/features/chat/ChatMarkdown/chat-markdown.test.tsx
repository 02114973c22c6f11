import type {ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {ChatMarkdown} from '.';
import type {AnswerCode} from '../answer-code';
import {ALLOWED_SCHEMES, decodeCharacterReferences, schemeOf} from '../safe-url';

const InternalLink = ({to, children}: {to: string; children?: ReactNode}) => (
  <a data-internal="" href={to}>
    {children}
  </a>
);

/** Code blocks as plain elements that show what the dialog's code block is given. */
const CodeBlock = ({code, language, metastring, open}: AnswerCode) => (
  <pre data-meta={metastring} data-open={String(open)}>
    <code className={language && `language-${language}`}>{code}</code>
  </pre>
);

const render = (markdown: string, streaming = false) =>
  renderToStaticMarkup(<ChatMarkdown markdown={markdown} InternalLink={InternalLink} CodeBlock={CodeBlock} streaming={streaming} />);

/** Attribute values as a browser would read them (entities decoded). */
function attributes(html: string): Array<{name: string; value: string}> {
  return Array.from(html.matchAll(/\s([a-z-:]+)="([^"]*)"/gi), (m) => ({name: m[1].toLowerCase(), value: decodeCharacterReferences(m[2])}));
}

const hostile = [
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x]( javascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](java&#115;cript:alert(1))',
  '[x](jav&#x09;ascript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '<JAVASCRIPT:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '![img](javascript:alert(1))',
  '![img](data:image/svg+xml,<svg onload=alert(1)>)',
  '<script>alert(1)</script>',
  'Inline <script>alert(1)</script> script',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<div onclick="alert(1)">click</div>',
  '<style>body{display:none}</style>',
  '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '`<script>alert(1)</script>`',
];

describe('ChatMarkdown: hostile markdown renders inert', () => {
  it.each(hostile)('%s', (markdown) => {
    const html = render(markdown);
    expect(html).not.toMatch(/<(script|img|iframe|object|embed|svg|style|form|input|base|meta|link)\b/i);
    for (const {name, value} of attributes(html)) {
      expect(name, html).not.toMatch(/^on/);
      expect(name, html).not.toBe('style');
      if (name === 'href' || name === 'src' || name === 'action' || name === 'formaction' || name === 'xlink:href') {
        const scheme = schemeOf(value);
        expect(scheme === null || (ALLOWED_SCHEMES as readonly string[]).includes(scheme), `${name}="${value}" in ${html}`).toBe(true);
      }
    }
    expect(html.toLowerCase()).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/);
  });

  it('keeps the text of a dropped link, without an address', () => {
    const html = render('[click me](javascript:alert(1))');
    expect(html).toContain('click me');
    expect(html).not.toContain('href');
  });

  it('drops raw HTML instead of rendering it', () => {
    expect(render('before <b>bold</b> after')).not.toContain('<b>');
    expect(render('<script>alert(1)</script>')).toMatch(/^<div class="[^"]*"><\/div>$/);
  });
});

describe('ChatMarkdown: what survives', () => {
  it('links site paths through the internal link component, keeping the anchor', () => {
    const html = render('See [Tokens](/docs/authentication/personal-access-tokens#who-can-create-tokens).');
    expect(html).toContain('<a data-internal="" href="/docs/authentication/personal-access-tokens#who-can-create-tokens">Tokens</a>');
  });

  it('opens web links in a new tab without an opener', () => {
    const html = render('[Slack](https://slack.datahubproject.io) and https://github.com/datahub-project/datahub');
    expect(html).toContain('href="https://slack.datahubproject.io" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('href="https://github.com/datahub-project/datahub" target="_blank"');
  });

  it('keeps mailto, tel, anchor and query addresses as plain links', () => {
    const html = render('[m](mailto:a@b.c) [t](tel:+1555) [a](#section) [q](?q=x) [r](relative/page)');
    for (const href of ['mailto:a@b.c', 'tel:+1555', '#section', '?q=x', 'relative/page']) expect(html).toContain(`href="${href}"`);
    expect(html).not.toContain('data-internal');
  });

  it('renders code blocks as code, escaped', () => {
    const html = render('```bash\necho "<b>" && datahub docker quickstart\n```\n\nand `inline <code>`');
    expect(html).toContain('<pre data-open="false"><code class="language-bash">echo &quot;&lt;b&gt;&quot; &amp;&amp; datahub docker quickstart</code></pre>');
    expect(html).toContain('<code>inline &lt;code&gt;</code>');
  });

  it('gives a code block its language and title, and an indented or bare block its text alone', () => {
    const html = render('Run:\n\n```python title="add_owner.py"\nimport os\nprint(os.name)\n```\n\n```\nplain\n```\n\nText\n\n    indented\n');
    expect(html).toContain('<pre data-meta="title=&quot;add_owner.py&quot;" data-open="false"><code class="language-python">import os\nprint(os.name)</code></pre>');
    expect(html).toContain('<pre data-open="false"><code>plain</code></pre>');
    expect(html).toContain('<pre data-open="false"><code>indented</code></pre>');
  });

  it('marks as open only the code block whose closing fence has not streamed in yet, while the answer streams', () => {
    const markdown = '```bash\ndatahub init\n```\n\nThen:\n\n```python title="add_owner.py"\nimport os\nfrom datahub';
    const streaming = render(markdown, true);
    expect(streaming).toContain('<pre data-open="false"><code class="language-bash">datahub init</code></pre>');
    expect(streaming).toContain('<pre data-meta="title=&quot;add_owner.py&quot;" data-open="true"><code class="language-python">import os\nfrom datahub</code></pre>');
    // An answer stopped in the middle of a block keeps the block as it arrived, no longer open.
    expect(render(markdown)).toContain('<pre data-meta="title=&quot;add_owner.py&quot;" data-open="false">');
  });

  it('renders GitHub-flavoured markdown: tables, lists, strikethrough', () => {
    const html = render('| a | b |\n| - | - |\n| 1 | 2 |\n\n- one\n- two\n\n~~old~~');
    expect(html).toContain('<table>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<del>old</del>');
  });

  it('turns images into links, so an answer never loads an address by itself', () => {
    const html = render('![diagram](https://example.com/track.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="https://example.com/track.png"');
    expect(html).toContain('diagram');
  });
});
