import {describe, expect, it} from 'vitest';
import {groupDontKnowQuestions, groupingTerms, isOffTopic} from './dont-know-groups';

const at = (iso: string) => new Date(iso);

describe('grouping don\'t-know questions', () => {
  it('reads a question as the search does: question and filler words dropped, words stemmed, order ignored', () => {
    expect(groupingTerms('How do I add tags?')).toEqual(groupingTerms('adding a tag'));
    expect(groupingTerms('What is the retention of Kafka topics?')).toEqual(groupingTerms('kafka topic retention'));
    expect(groupingTerms('How do I add tags?')).not.toEqual(groupingTerms('How do I remove tags?'));
    // Nothing for the search to read: the wording itself is the key, so such questions still group with their repeats.
    expect(groupingTerms('  ??? ')).toEqual(['???']);
  });

  it('adds up a group\'s wordings, orders groups by count then recency, and wordings the same way', () => {
    const groups = groupDontKnowQuestions([
      {prompt: 'Can I delete a domain?', count: 1, lastAsked: at('2026-11-03T00:00:00Z')},
      {prompt: 'How to add a tag in DataHub', count: 1, lastAsked: at('2026-11-01T00:00:00Z')},
      {prompt: 'adding tags', count: 2, lastAsked: at('2026-11-02T00:00:00Z')},
      {prompt: 'delete domains', count: 2, lastAsked: at('2026-11-04T00:00:00Z')},
      {prompt: 'How do I add a tag?', count: 1, lastAsked: at('2026-11-05T00:00:00Z')},
    ]);
    expect(groups.map((g) => [g.terms, g.count, g.lastAsked.toISOString().slice(0, 10)])).toEqual([
      [['add', 'tag'], 4, '2026-11-05'],
      [['delet', 'domain'], 3, '2026-11-04'],
    ]);
    expect(groups[0].wordings.map((w) => w.text)).toEqual(['adding tags', 'How do I add a tag?', 'How to add a tag in DataHub']);
  });

  it('names each group in the words readers typed, from its most asked wording, never in stems', () => {
    const [onelake, unread] = groupDontKnowQuestions([
      {prompt: 'How do I connect OneLake?', count: 2, lastAsked: at('2026-11-01T00:00:00Z')},
      {prompt: 'onelake connections', count: 1, lastAsked: at('2026-11-02T00:00:00Z')},
      {prompt: ' ??? ', count: 1, lastAsked: at('2026-11-03T00:00:00Z')},
    ]);
    expect([onelake.terms, onelake.words]).toEqual([['connect', 'onelak'], ['connect', 'OneLake']]);
    // Nothing for the search to read: the wording itself.
    expect(unread.words).toEqual(['???']);
  });

  it('sets a group apart as off-topic when more than half of its subject terms are on no page', () => {
    const onSite = (term: string) => ['bake', 'connect', 'lineag', 'support'].includes(term);
    const [bread, onelake, teradata] = groupDontKnowQuestions([
      {prompt: 'How do I bake sourdough bread?', count: 3, lastAsked: at('2026-11-01T00:00:00Z')},
      {prompt: 'How do I connect OneLake?', count: 2, lastAsked: at('2026-11-01T00:00:00Z')},
      {prompt: 'Does DataHub support Teradata lineage?', count: 1, lastAsked: at('2026-11-01T00:00:00Z')},
    ]);
    expect([bread, onelake, teradata].map((group) => isOffTopic(group, onSite))).toEqual([true, false, false]);
  });
});
