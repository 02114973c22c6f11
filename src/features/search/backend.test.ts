import {describe, expect, it} from 'vitest';
import {createSearchBackend} from './backend';
import type {SearchConfig} from './search-types';
import {buildSearchIndex} from '../../../lib/search/engine';
import {shardSearchIndex} from './sharded-index';
import {toSiteRelative} from './url';

const base: SearchConfig = {algolia: null, siteUrl: 'https://datahubproject.io', lexiconUrl: '/search-shards/lexicon.abc.json', language: 'en', docsTag: 'docs-default-current'};
const index = buildSearchIndex([{id: '/docs/a', url: '/docs/a', hierarchy: ['G', 'Lineage', null, null, null, null, null], text: 'Lineage text', language: 'en', docsTag: 'docs-default-current', pageKind: 'guide'}]);

describe('search backend selection', () => {
  it('reads the sharded index from files beside its lexicon, each once, and retries after a failed fetch', async () => {
    let shardCount = 0;
    const {lexicon, shards} = shardSearchIndex(index, (_content, kind) => `${kind}-${shardCount++}.txt`);
    const files = new Map([['/search-shards/lexicon.abc.json', JSON.stringify(lexicon)], ...shards.map((s): [string, string] => [`/search-shards/${s.file}`, s.content])]);
    const calls: string[] = [];
    let failFirst = true;
    const backend = createSearchBackend(base, async (url) => {
      calls.push(String(url));
      if (failFirst) {
        failFirst = false;
        return new Response('busy', {status: 503});
      }
      const body = files.get(String(url));
      return body === undefined ? new Response('missing', {status: 404}) : new Response(body);
    });
    expect(backend.kind).toBe('local');
    await expect(backend.search('lineage', 5)).rejects.toThrow('Search index request for /search-shards/lexicon.abc.json failed with HTTP 503');
    const {hits, total} = await backend.search('lineage', 5);
    expect(total).toBe(1);
    expect(hits[0]).toMatchObject({url: '/docs/a', pageTitle: 'Lineage', text: 'Lineage text'});
    await backend.search('lineage', 5);
    expect(calls.filter((c) => c.endsWith('lexicon.abc.json'))).toHaveLength(2);
    expect(new Set(calls).size).toBe(calls.length - 1);
  });

  it('warm() downloads the lexicon alone, and the next search reuses it', async () => {
    const {lexicon, shards} = shardSearchIndex(index, (_content, kind) => `${kind}.txt`);
    const files = new Map([['/search-shards/lexicon.abc.json', JSON.stringify(lexicon)], ...shards.map((s): [string, string] => [`/search-shards/${s.file}`, s.content])]);
    const calls: string[] = [];
    const backend = createSearchBackend(base, async (url) => {
      calls.push(String(url));
      return new Response(files.get(String(url)) ?? 'missing', {status: files.has(String(url)) ? 200 : 404});
    });
    backend.warm?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['/search-shards/lexicon.abc.json']);
    expect((await backend.search('lineage', 5)).total).toBe(1);
    expect(calls.filter((c) => c.endsWith('lexicon.abc.json'))).toHaveLength(1);
  });

  it('queries Algolia with the language and docs-tag facet filters when configured', async () => {
    let request: {url: string; init?: RequestInit} | null = null;
    const backend = createSearchBackend(
      {...base, algolia: {appId: 'APP', apiKey: 'KEY', indexName: 'datahub'}, externalUrlRegex: 'external\\.example'},
      async (url, init) => {
        request = {url: String(url), init};
        return new Response(JSON.stringify({nbHits: 42, hits: [
          {url: 'https://datahubproject.io/docs/lineage#edges', content: 'Edges', hierarchy: {lvl0: 'Docs', lvl1: 'Lineage', lvl2: 'Edges'}},
          {url: 'https://external.example/page', content: null, hierarchy: {lvl0: 'Ext', lvl1: 'External'}},
        ]}));
      },
    );
    expect(backend.kind).toBe('algolia');
    const {hits, total} = await backend.search('lineage', 8);
    expect(request!.url).toBe('https://APP-dsn.algolia.net/1/indexes/datahub/query');
    expect(JSON.parse(String(request!.init?.body))).toEqual({
      query: 'lineage', hitsPerPage: 8,
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
    expect(total).toBe(42);
    expect(hits.map((h) => h.url)).toEqual(['/docs/lineage#edges', 'https://external.example/page']);
    expect(hits[0]).toMatchObject({pageTitle: 'Lineage', heading: 'Edges', pageUrl: '/docs/lineage'});
  });
});

describe('toSiteRelative', () => {
  it('rewrites absolute URLs of the site to paths, keeping query and hash', () => {
    expect(toSiteRelative('https://datahubproject.io/docs/x?a=1#b', 'https://datahubproject.io')).toBe('/docs/x?a=1#b');
  });

  it('leaves URLs matching the external pattern alone', () => {
    expect(toSiteRelative('https://blog.example/post', 'https://datahubproject.io', '^https://blog\\.')).toBe('https://blog.example/post');
  });
});
