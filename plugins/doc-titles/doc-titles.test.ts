import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {describe, expect, it} from 'vitest';
import {docTitlesOf} from '.';

describe('doc titles', () => {
  it('maps each doc permalink to its title', () => {
    const content = {
      loadedVersions: [{docs: [{permalink: '/docs/features', title: 'Features'}, {permalink: '/docs/quickstart', title: 'Quickstart'}]}],
    } as unknown as LoadedContent;
    expect(docTitlesOf(content)).toEqual({'/docs/features': 'Features', '/docs/quickstart': 'Quickstart'});
  });
});
