import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {describe, expect, it} from 'vitest';
import type {Section} from '../../lib/search/types';
import {docTitlesOf, sectionHeadingsOf} from '.';

describe('doc titles', () => {
  it('maps each doc permalink to its title', () => {
    const content = {
      loadedVersions: [{docs: [{permalink: '/docs/features', title: 'Features'}, {permalink: '/docs/quickstart', title: 'Quickstart'}]}],
    } as unknown as LoadedContent;
    expect(docTitlesOf(content)).toEqual({'/docs/features': 'Features', '/docs/quickstart': 'Quickstart'});
  });

  it('lists the headings their anchors do not spell, as written on the page', () => {
    const section = (url: string, heading: string | null) => ({url, hierarchy: ['G', 'Page', heading, null, null, null, null]}) as Section;
    expect(sectionHeadingsOf([
      section('/docs/a', null),
      section('/docs/a#who-can-create-tokens', 'Who can create tokens'),
      section('/docs/a#step-3-create-a-token', 'Step 3: Create a token'),
      section('/docs/b#powerbi', 'PowerBI'),
    ])).toEqual({'/docs/a': {'step-3-create-a-token': 'Step 3: Create a token'}, '/docs/b': {powerbi: 'PowerBI'}});
  });
});
