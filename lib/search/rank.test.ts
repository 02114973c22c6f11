import {describe, expect, it} from 'vitest';
import {buildSearchIndex, loadSearchIndex} from './engine';
import type {PageKind} from './rank';
import {rankingWeights} from '../../data/ranking-weights';
import {createLexicalRetriever, diversify} from './retrieval';
import type {Section} from './types';

const section = (url: string, title: string, heading: string | null, text: string, pageKind: PageKind = 'guide'): Section => ({
  id: url, url, hierarchy: ['Group', title, heading, null, null, null, null], text, language: 'en', docsTag: 'docs-default-current', pageKind,
});

const sections: Section[] = [
  section('/docs/spark', 'Spark Lineage', null, 'The Spark agent emits lineage for every job it sees, with column lineage where Spark plans show it.'),
  section('/docs/spark#setup', 'Spark Lineage', 'Setup', 'Add the agent jar and point it at DataHub to send lineage from each Spark job.'),
  section('/docs/lineage', 'Lineage', null, 'Lineage shows where data comes from and where it goes.'),
  section('/docs/lineage#edit', 'Lineage', 'Edit lineage', 'Add or remove upstream edges by hand in the UI.'),
  section('/docs/entities/dataset', 'Dataset', null, 'A dataset has the schemaMetadata aspect and the ownership aspect. To add an owner, write ownership.', 'model-reference'),
  section('/docs/ownership', 'Ownership', null, 'To add an owner to a dataset, open its page and choose Add owners; ownership is stored as an aspect.'),
  section('/docs/ownership#types', 'Ownership', 'Ownership types', 'Custom ownership types name what an owner does.'),
  section('/docs/ownership#api', 'Ownership', 'From the API', 'The addOwners mutation adds owners to a dataset.'),
];
const index = loadSearchIndex(buildSearchIndex(sections));
const pages = (query: string) => [...new Set(index.search(query).map((h) => h.pageUrl))];

describe('ranking', () => {
  it('ranks the page whose title is the query before a page whose title only contains it', () => {
    expect(pages('lineage')[0]).toBe('/docs/lineage');
  });

  // The page kind's feature, under a positive weight (the fit decides how much it counts, 0 included).
  const withKind = {...rankingWeights, features: {...rankingWeights.features, kind: 1}};
  const rankTwins = (twins: Section[], query: string) => {
    const twinIndex = loadSearchIndex(buildSearchIndex(twins));
    return twinIndex.rank(twinIndex.context.analyze(query), undefined, withKind).map((r) => ({url: twins[r.id].url, score: r.score}));
  };

  it('prefers a guide for a task and the generated reference for a lookup, other things equal', () => {
    const text = 'Owners of a dataset: the ownership aspect lists them, and an owner is added with addOwners.';
    const twins = [section('/docs/entities/owners', 'Owners', null, text, 'model-reference'), section('/docs/guides/owners', 'Owners', null, text, 'guide')];
    expect(rankTwins(twins, 'How do I add an owner to a dataset?')[0].url).toBe('/docs/guides/owners');
    expect(rankTwins(twins, 'Which aspects does a dataset have for owners?')[0].url).toBe('/docs/entities/owners');
    expect(pages('How do I add an owner to a dataset?')).toContain('/docs/ownership');
  });

  it('prefers the open-source guide to the managed edition\'s, unless the query names that edition', () => {
    const text = 'Send a Slack notification to a channel when a tag is added to a dataset.';
    const twins = [section('/docs/managed/slack', 'Slack notifications', null, text, 'managed-guide'), section('/docs/actions/slack', 'Slack notifications', null, text, 'guide')];
    expect(rankTwins(twins, 'How do I send a Slack notification when a tag is added?')[0].url).toBe('/docs/actions/slack');
    const managed = rankTwins(twins, 'How do I send a Slack notification in Acryl when a tag is added?');
    expect(managed[0].score).toBeCloseTo(managed[1].score);
  });
  it('ranks a page whose description says it is about the subjects before a page that only mentions them', () => {
    const text = 'Old versions of every aspect stay in the database until something removes them.';
    const twins = loadSearchIndex(buildSearchIndex([
      section('/docs/versioning', 'Aspect Versioning', null, text),
      {...section('/docs/retention', 'Database Retention', null, text), summary: 'Limit how many old aspect versions the database keeps.'},
    ]));
    expect(twins.search('keep fewer old versions in the database')[0].url).toBe('/docs/retention');
    // Without the description, the two pages tie and keep index order.
    const plain = loadSearchIndex(buildSearchIndex([section('/docs/versioning', 'Aspect Versioning', null, text), section('/docs/retention', 'Database Retention', null, text)]));
    expect(plain.search('keep fewer old versions in the database')[0].url).toBe('/docs/versioning');
  });
  it('answers "what is" with the page that explains the concept, not a task page that uses the word more', () => {
    const pages = loadSearchIndex(buildSearchIndex([
      section('/docs/truncate', 'Truncate Timeseries Data', null, 'Truncate old timeseries aspect values to save space.'),
      section('/docs/aspect', 'What Is an Aspect?', null, 'An aspect is a bundle of metadata about an entity. A timeseries aspect records values over time.'),
    ]));
    expect(pages.search('What is a timeseries aspect?')[0].url).toBe('/docs/aspect');
    expect(pages.search('truncate a timeseries aspect')[0].url).toBe('/docs/truncate');
  });

  it('weighs the topic of a task over its verb, which the docs often say in other words', () => {
    const pages = loadSearchIndex(buildSearchIndex([
      section('/docs/lineage', 'Column tutorial A', null, 'Add lineage between a column and its upstream column with the Python API. Add more.'),
      section('/docs/descriptions', 'Column tutorial B', null, 'Update the description of a column with the Python API.'),
      section('/docs/tags', 'Other', null, 'Add a tag. Add a term. Add an owner.'),
      section('/docs/other', 'Other two', null, 'Nothing about these words, only filler text for the corpus statistics description.'),
    ]));
    expect(pages.search('add a description to a column with the python api')[0].url).toBe('/docs/descriptions');
  });

  it('can put the troubleshooting section of a page first when the query describes a problem', () => {
    const setup = 'Grant the role access to the query history, then run the Redshift recipe to collect lineage.';
    const pages = loadSearchIndex(buildSearchIndex([
      section('/docs/redshift', 'Redshift', null, setup, 'integration'),
      section('/docs/redshift#troubleshooting', 'Redshift', 'Troubleshooting', 'Check the recipe.', 'integration'),
      {...section('/docs/redshift#lineage-is-empty', 'Redshift', 'Lineage is empty', 'The user sees only its own queries, so Redshift lineage stays empty.', 'integration'), hierarchy: ['Group', 'Redshift', 'Troubleshooting', 'Lineage is empty', null, null, null]},
    ]));
    // The troubleshooting prior and the opening section's are fitted weights (data/ranking-weights.ts) that move with
    // each fit, so the mechanism is tested with a prior of its own and no opening bonus.
    const withPrior = {...rankingWeights, features: {...rankingWeights.features, problemSection: Math.log(1.5), opening: 0}};
    const first = (query: string) => pages.rank(pages.context.analyze(query), undefined, withPrior)[0].id;
    expect(first('redshift shows no lineage')).toBe(2);
    expect(first('redshift lineage query history')).toBe(0);
  });
});

describe('chat retrieval', () => {
  const retriever = createLexicalRetriever(sections);

  it('references at most two sections of a page, each page\'s best first', async () => {
    const found = await retriever.retrieve('ownership owner dataset', {count: 10, threshold: 0});
    const urls = found.map((r) => r.section.url.split('#')[0]);
    for (const page of new Set(urls)) expect(urls.filter((u) => u === page).length).toBeLessThanOrEqual(2);
    const firstSeen = urls.map((u, i) => urls.indexOf(u) === i);
    // Every page's first section comes before any page's second.
    expect(firstSeen.indexOf(false) === -1 || firstSeen.slice(firstSeen.indexOf(false)).every((f) => !f)).toBe(true);
  });

  it('finds nothing above the threshold for a question the docs do not cover', async () => {
    expect(await retriever.retrieve('How long should I boil an egg for a runny yolk?', {count: 10, threshold: 0.5})).toEqual([]);
  });

  it('keeps items of each page in order, two at most, second ones last', () => {
    expect(diversify(['a1', 'a2', 'b1', 'a3', 'c1', 'b2'], (x) => x[0])).toEqual(['a1', 'b1', 'c1', 'a2', 'b2']);
  });
});
