import * as z from 'zod';

const text = z.string().trim().min(1, 'must not be empty');
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case letters and digits');

const tierSchema = z.strictObject({
  /** Stable id that members refer to, such as `champions`. */
  id: slug,
  /** Name shown as the tier's heading. */
  name: text,
  /** One or two sentences: what the tier recognises. */
  description: text,
  /** What someone does to be recognised in this tier, one item per way. */
  howToQualify: z.array(text).min(1, 'list at least one way to qualify'),
});

const memberSchema = z.strictObject({
  /** The name the person asked to be listed under. */
  name: text,
  /** Id of one of the tiers above. */
  tier: slug,
  /** Optional public profile (https). */
  link: z.url({protocol: /^https$/, error: 'an https:// address'}).optional(),
});

/** data/guild.yaml: the community guild's programme and its members (an empty list until people join). */
export const guildSchema = z
  .strictObject({
    /** One paragraph: what the guild is and why it exists. */
    summary: text,
    tiers: z.array(tierSchema).min(1, 'define at least one tier'),
    /** Steps to take part, in order. */
    howToJoin: z.array(text).min(1, 'give at least one step'),
    /** Recognised people; never invented, so the page must read well with none. */
    members: z.array(memberSchema).default([]),
  })
  .superRefine((guild, ctx) => {
    const ids = guild.tiers.map((t) => t.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({code: 'custom', path: ['tiers', i, 'id'], message: `"${id}" is used by another tier; tier ids must be unique`});
    });
    guild.members.forEach((member, i) => {
      if (!ids.includes(member.tier)) {
        ctx.addIssue({code: 'custom', path: ['members', i, 'tier'], message: `"${member.tier}" is not a tier; use one of: ${ids.join(', ')}`});
      }
    });
  });
export type Guild = z.infer<typeof guildSchema>;
