import {gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {buildSearchIndex, decodePostings, encodePostings, groupByPage, loadSearchIndex, processTerm} from './engine';
import type {Section} from './types';

const section = (url: string, title: string, heading: string | null, text: string): Section => ({
  id: url, url, hierarchy: ['Group', title, heading, null, null, null, null], text, language: 'en', docsTag: 'docs-default-current', pageKind: 'guide',
});

const sections: Section[] = [
  section('/docs/lineage', 'Lineage', null, 'How upstream and downstream relationships are tracked.'),
  section('/docs/lineage#column-level', 'Lineage', 'Column level', 'Fine-grained edges between schema fields.'),
  section('/docs/ingestion', 'Ingestion', null, 'Recipes pull metadata. Lineage is extracted by some sources.'),
  section('/docs/ingestion#recipes', 'Ingestion', 'Recipes', 'A recipe names a source and a sink, for example snowflake.'),
  section('/docs/tokens', 'Access tokens', null, 'Personal access tokens authenticate API calls.'),
];
const index = loadSearchIndex(buildSearchIndex(sections));

describe('search engine', () => {
  it('ranks a page-title match above a body match', () => {
    const hits = index.search('lineage');
    expect(hits[0].url).toBe('/docs/lineage');
    expect(hits.map((h) => h.url)).toContain('/docs/ingestion');
    expect(hits.findIndex((h) => h.url === '/docs/ingestion')).toBeGreaterThan(0);
  });

  it('ranks a heading match above a body-only match', () => {
    const hits = index.search('recipes');
    expect(hits[0].url).toBe('/docs/ingestion#recipes');
  });

  it('matches the word being typed as a prefix and tolerates typos', () => {
    expect(index.search('snowfl')[0].url).toBe('/docs/ingestion#recipes');
    expect(index.search('linage')[0].pageUrl).toBe('/docs/lineage');
    expect(index.search('personal acc')[0].url).toBe('/docs/tokens');
  });

  it('stems words so plurals and -ing forms match', () => {
    expect(processTerm('Tokens')).toBe(processTerm('token'));
    expect(index.search('token')[0].url).toBe('/docs/tokens');
  });

  it('takes a short version number for every release of that line, wherever it stands in the query', () => {
    const releases = loadSearchIndex(buildSearchIndex([
      section('/docs/releases#v0105', 'Releases', 'v0.10.5', 'Upgrade notes for 0.10.5: reindex before starting.'),
      section('/docs/releases#v096', 'Releases', 'v0.9.6', 'Upgrade notes for 0.9.6.'),
      section('/docs/quickstart', 'Quickstart', null, 'Upgrade the containers with one command.'),
    ]));
    expect(releases.search('0.10 upgrade notes')[0].url).toBe('/docs/releases#v0105');
    expect(releases.search('upgrade notes 0.9 reindex').map((h) => h.url)).toContain('/docs/releases#v096');
  });

  it('meets a long agent noun with its verb, and leaves short words ending in "or" alone', () => {
    expect(processTerm('contributor')).toBe(processTerm('contributing'));
    expect(processTerm('connectors')).toBe(processTerm('connect'));
    expect(processTerm('monitor')).toBe(processTerm('monitoring'));
    expect(processTerm('author')).not.toBe(processTerm('auth'));
  });

  it('returns nothing for an empty query or another language or docs tag', () => {
    expect(index.search('   ')).toEqual([]);
    expect(index.search('lineage', 10, {language: 'fr'})).toEqual([]);
    expect(index.search('lineage', 10, {docsTag: 'docs-default-1.0'})).toEqual([]);
    expect(index.search('lineage', 10, {language: 'en', docsTag: 'docs-default-current'}).length).toBeGreaterThan(0);
  });

  it('falls back to any-term matching when no section has every term', () => {
    expect(index.search('lineage zzzz').length).toBeGreaterThan(0);
  });

  it('groups hits by page in order of the best hit', () => {
    const groups = groupByPage(index.search('lineage'));
    expect(groups[0].pageUrl).toBe('/docs/lineage');
    expect(new Set(groups.map((g) => g.pageUrl)).size).toBe(groups.length);
  });

  it('round-trips posting lists through the compact encoding', () => {
    const postings: Array<[string, Record<string, Record<string, number>>]> = [['term', {'0': {'3': 1, '40': 2}, '2': {'7': 1}}]];
    expect(decodePostings(encodePostings(postings))).toEqual(postings);
  });

  it('keeps the compact index smaller than MiniSearch JSON', () => {
    const file = buildSearchIndex(sections);
    expect(gzipSync(JSON.stringify(file)).length).toBeLessThan(gzipSync(JSON.stringify(sections)).length * 2);
  });
});
