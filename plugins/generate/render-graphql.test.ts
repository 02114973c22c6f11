import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {anchorOf, entryIndex, graphqlPages, renderGraphqlPages} from './render-graphql';

const sdl = `
"""Root."""
type Query {
  """Fetches a widget."""
  widget(urn: String!): Widget
  """Lists widgets."""
  allWidgets: [Widget!]!
}
"""Root."""
type Mutation {
  """Deletes a widget."""
  deleteWidget(urn: String!): Boolean
}
"""A widget."""
type Widget { urn: String!, kind: WidgetKind }
"""Kinds."""
enum WidgetKind { SMALL, LARGE }
`;

/** The `## name` headings of a generated page and the targets of its index links. */
function headingsAndIndex(page: string) {
  const headings = [...page.matchAll(/^## (\S+)$/gm)].map((m) => m[1]);
  const indexBlock = page.slice(page.indexOf('**Index**'), page.indexOf('\n## '));
  const links = [...indexBlock.matchAll(/\[([^\]]+)\]\(#([^)]+)\)/g)].map((m) => ({name: m[1], anchor: m[2]}));
  return {headings, links};
}

describe('GraphQL reference pages', () => {
  it('groups the index by initial letter with one link per entry', () => {
    expect(entryIndex(['allWidgets', 'Apple', 'widget'])).toBe(
      '**Index** (3):\n\n- **A:** [allWidgets](#allwidgets), [Apple](#apple)\n- **W:** [widget](#widget)',
    );
    expect(entryIndex([])).toBe('');
  });

  it('puts an index before the first entry of every page, linking each heading exactly once', () => {
    const pages = renderGraphqlPages(sdl);
    for (const p of graphqlPages) {
      const {headings, links} = headingsAndIndex(pages[p]);
      if (headings.length === 0) continue;
      expect(pages[p].indexOf('**Index**')).toBeLessThan(pages[p].indexOf('\n## '));
      expect(links.map((l) => l.name)).toEqual(headings);
      for (const l of links) expect(l.anchor).toBe(anchorOf(l.name));
    }
    expect(headingsAndIndex(pages.queries).headings).toEqual(['allWidgets', 'widget']);
  });

  it('indexes every operation and type of data/schema.graphql, whose names all slug to their lower case', () => {
    const pages = renderGraphqlPages(readFileSync('data/schema.graphql', 'utf8'));
    for (const p of graphqlPages) {
      const {headings, links} = headingsAndIndex(pages[p]);
      expect(links.map((l) => l.name)).toEqual(headings);
      // Docusaurus slugs a heading by lower-casing it and dropping punctuation; GraphQL names have none but `_`, which it keeps.
      for (const name of headings) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
    expect(headingsAndIndex(pages.queries).headings.length).toBeGreaterThanOrEqual(70);
    expect(headingsAndIndex(pages.mutations).headings.length).toBeGreaterThanOrEqual(90);
  });
});
