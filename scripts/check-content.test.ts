import {describe, expect, it} from 'vitest';
import {checkPage, unroutedPages} from './check-content';

const words = (n: number) => Array.from({length: n}, (_, i) => `word${i}`).join(' ');

describe('checkPage', () => {
  it('passes a page with front matter and enough words', () => {
    expect(checkPage('a', 'a.md', `---\ntitle: A\ndescription: About A.\n---\n${words(300)}`).problems).toEqual([]);
  });

  it('reports missing front matter, short pages and placeholders', () => {
    expect(checkPage('a', 'a.md', words(300)).problems).toEqual(['no front matter (--- title / description ---)']);
    expect(checkPage('a', 'a.md', `---\ntitle: A\n---\n${words(10)} TODO`).problems).toEqual([
      'front matter has no description',
      'only 11 words (at least 300)',
      'contains placeholder text "TODO"',
    ]);
    expect(checkPage('a', 'a.md', `---\ntitle: A\ndescription: B\n---\nLorem ipsum ${words(300)}`).problems).toEqual(['contains placeholder text "Lorem ipsum"']);
  });

  it('counts code blocks and diagrams', () => {
    const report = checkPage('a', 'a.md', '---\ntitle: A\ndescription: B\n---\n```bash\nls\n```\n```mermaid\ngraph TD\n```\n');
    expect(report.codeBlocks).toBe(1);
    expect(report.diagrams).toBe(1);
  });
});

describe('unroutedPages', () => {
  it('names the page files whose route is not in the route list, skipping partials, assets and the docs home', () => {
    const routes = new Set(['/docs/quickstart', '/docs/how/search']);
    const files = ['quickstart.md', 'how/search.mdx', 'how/new-guide.md', 'how/_shared-steps.mdx', 'how/diagram.png', 'docs-home.mdx', 'new-area/intro.mdx'];
    expect(unroutedPages(files, routes)).toEqual(['how/new-guide.md', 'new-area/intro.mdx']);
  });
});
