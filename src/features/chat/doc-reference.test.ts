import {describe, expect, it} from 'vitest';
import {humanizeSlug, toDocReference, toDocReferences} from './doc-reference';

const titles = {
  pages: {
    '/docs/authentication/personal-access-tokens': 'Personal Access Tokens',
    '/docs/quick-ingestion-guides/tableau/setup': 'Tableau Quick Ingestion Setup',
    '/docs/': 'DataHub documentation',
  },
  headings: {'/docs/quick-ingestion-guides/tableau/setup': {'step-3-create-a-personal-access-token': 'Step 3: Create a personal access token'}},
};

describe('doc references', () => {
  it('titles a page from the build map', () => {
    expect(toDocReference('/docs/authentication/personal-access-tokens', titles)).toEqual({
      id: '/docs/authentication/personal-access-tokens',
      path: '/docs/authentication/personal-access-tokens',
      anchor: null,
      title: 'Personal Access Tokens',
    });
  });

  it('adds the section heading as written on the page', () => {
    expect(toDocReference('/docs/quick-ingestion-guides/tableau/setup#step-3-create-a-personal-access-token', titles)?.title).toBe(
      'Tableau Quick Ingestion Setup › Step 3: Create a personal access token',
    );
  });

  it('reads a heading the lookup leaves out from its anchor, which spells it', () => {
    expect(toDocReference('/docs/authentication/personal-access-tokens#who-can-create-tokens', titles)).toMatchObject({
      path: '/docs/authentication/personal-access-tokens',
      anchor: 'who-can-create-tokens',
      title: 'Personal Access Tokens › Who can create tokens',
    });
  });

  it('falls back to the last path segment for a page the map does not know', () => {
    expect(toDocReference('/docs/deploy/aws_setup#step-1', titles)?.title).toBe('Aws setup › Step 1');
    expect(toDocReference('/docs', titles)?.title).toBe('DataHub documentation');
  });

  it('never links an id that is not a site path', () => {
    for (const id of ['javascript:alert(1)', 'https://evil.example/docs', '//evil.example/x', 'docs/relative']) expect(toDocReference(id, titles)).toBeNull();
  });

  it('keeps the server order, once per id', () => {
    expect(toDocReferences(['/docs/b', '/docs/a', '/docs/b', 'javascript:x'], {pages: {}, headings: {}}).map((r) => r.id)).toEqual(['/docs/b', '/docs/a']);
  });

  it('humanizes slugs, decoding escapes', () => {
    expect(humanizeSlug('step-3-create-a-personal-access-token')).toBe('Step 3 create a personal access token');
    expect(humanizeSlug('caf%C3%A9__menu')).toBe('Café menu');
    expect(humanizeSlug('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
