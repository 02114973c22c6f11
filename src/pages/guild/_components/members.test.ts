import {describe, expect, it} from 'vitest';
import type {GuildTier} from '@site/plugins/page-data/types';
import {membersByTier} from './members';

const tier = (id: string): GuildTier => ({id, name: id, description: 'd', howToQualify: ['q']});
const tiers = [tier('top-code-contributors'), tier('community-supporters'), tier('champions')];

describe('membersByTier', () => {
  it('is empty when nobody is listed, so the page shows its invitation', () => {
    expect(membersByTier(tiers, [])).toEqual([]);
  });

  it('groups members in tier order, sorted by name, and skips empty tiers', () => {
    const groups = membersByTier(tiers, [
      {name: 'Zed', tier: 'champions'},
      {name: 'amy', tier: 'champions', link: 'https://example.org/amy'},
      {name: 'Bo', tier: 'top-code-contributors'},
    ]);
    expect(groups.map((g) => [g.tier.id, g.members.map((m) => m.name)])).toEqual([
      ['top-code-contributors', ['Bo']],
      ['champions', ['amy', 'Zed']],
    ]);
  });
});
