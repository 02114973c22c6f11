import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {stringify} from 'yaml';
import {DataFileError, parseDataText} from '../generate/load';
import {guildSchema} from './guild-schema';

const siteDir = path.resolve(__dirname, '../..');
const file = 'data/guild.yaml';

const validGuild = {
  summary: 'A programme that thanks contributors.',
  tiers: [
    {id: 'champions', name: 'Champions', description: 'People who spread the word.', howToQualify: ['Give a talk.']},
    {id: 'community-supporters', name: 'Community Supporters', description: 'People who help.', howToQualify: ['Answer questions.']},
  ],
  howToJoin: ['Join the chat.'],
  members: [],
};

const parse = (value: unknown) => parseDataText(file, stringify(value), guildSchema);
const problemsOf = (value: unknown): string[] => {
  try {
    parse(value);
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as Error).message).toContain(file);
    return (error as DataFileError).problems;
  }
  throw new Error('expected a DataFileError');
};

describe('guild schema', () => {
  it('accepts the committed data/guild.yaml, with the three tiers and no invented members', () => {
    const guild = parseDataText(file, readFileSync(path.join(siteDir, file), 'utf8'), guildSchema);
    expect(guild.tiers.map((t) => t.name)).toEqual(['Top Code Contributors', 'Community Supporters', 'Champions']);
    expect(guild.members).toEqual([]);
  });

  it('defaults a missing member list to empty', () => {
    const {members: _omitted, ...rest} = validGuild;
    expect(parse(rest).members).toEqual([]);
  });

  it('accepts members with a tier id and an optional https link', () => {
    const guild = parse({...validGuild, members: [{name: 'A Person', tier: 'champions'}, {name: 'B Person', tier: 'champions', link: 'https://example.org/b'}]});
    expect(guild.members).toHaveLength(2);
    expect(guild.members[1].link).toBe('https://example.org/b');
  });

  it('names the field of a member whose tier does not exist, and lists the tiers', () => {
    expect(problemsOf({...validGuild, members: [{name: 'A Person', tier: 'gold'}]})).toEqual([
      'members.0.tier: "gold" is not a tier; use one of: champions, community-supporters',
    ]);
  });

  it('rejects unknown keys, so a typo does not pass silently', () => {
    expect(problemsOf({...validGuild, tiers: [{...validGuild.tiers[0], howToQualfy: ['x']}]})).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tiers\.0: .*howToQualfy/)]),
    );
  });

  it('names missing and empty fields', () => {
    const {summary: _omitted, ...rest} = validGuild;
    expect(problemsOf(rest)).toEqual([expect.stringMatching(/^summary: /)]);
    expect(problemsOf({...validGuild, tiers: [{...validGuild.tiers[0], howToQualify: []}]})).toEqual(['tiers.0.howToQualify: list at least one way to qualify']);
  });

  it('rejects duplicate tier ids and member links that are not https', () => {
    expect(problemsOf({...validGuild, tiers: [validGuild.tiers[0], validGuild.tiers[0]]})).toEqual([
      'tiers.1.id: "champions" is used by another tier; tier ids must be unique',
    ]);
    expect(problemsOf({...validGuild, members: [{name: 'A Person', tier: 'champions', link: 'javascript:alert(1)'}]})).toEqual([
      'members.0.link: an https:// address',
    ]);
  });
});
