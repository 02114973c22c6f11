import type {GuildMember, GuildTier} from '@site/plugins/page-data/types';

/** Members of one tier, for the member list. */
export interface TierMembers {
  tier: GuildTier;
  members: GuildMember[];
}

/** Members grouped by tier in the tiers' order, sorted by name, leaving out tiers nobody is in yet. */
export function membersByTier(tiers: GuildTier[], members: GuildMember[]): TierMembers[] {
  return tiers
    .map((tier) => ({
      tier,
      members: members.filter((m) => m.tier === tier.id).sort((a, b) => a.name.localeCompare(b.name, 'en', {sensitivity: 'base'})),
    }))
    .filter((group) => group.members.length > 0);
}
