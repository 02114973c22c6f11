import type {SearchHit} from '../../../lib/search/engine';
import {TITLE_SEPARATOR} from '../../../lib/search/types';
import type {AlgoliaConfig, Fetch, SearchBackend, SearchConfig} from './search-types';
import {toSiteRelative} from './url';

interface AlgoliaHit {
  url: string;
  content?: string | null;
  hierarchy: Record<string, string | null>;
}

/** Queries a DocSearch-style Algolia index over its REST API, with the spec's facet filters. */
export function algoliaRestBackend(config: SearchConfig & {algolia: AlgoliaConfig}, fetchImpl: Fetch): SearchBackend {
  const {appId, apiKey, indexName} = config.algolia;
  return {
    kind: 'algolia',
    async search(query, limit) {
      const response = await fetchImpl(`https://${appId}-dsn.algolia.net/1/indexes/${encodeURIComponent(indexName)}/query`, {
        method: 'POST',
        headers: {'X-Algolia-Application-Id': appId, 'X-Algolia-API-Key': apiKey, 'Content-Type': 'application/json'},
        body: JSON.stringify({
          query,
          hitsPerPage: limit,
          facetFilters: [`language:${config.language}`, [`docusaurus_tag:default`, `docusaurus_tag:${config.docsTag}`]],
        }),
      });
      if (!response.ok) throw new Error(`Algolia answered HTTP ${response.status}`);
      const body = (await response.json()) as {hits: AlgoliaHit[]; nbHits: number};
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      const hits = body.hits.map((h, i): SearchHit => {
        const url = toSiteRelative(h.url, config.siteUrl, config.externalUrlRegex);
        const levels = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((l) => h.hierarchy[l]).filter((v): v is string => Boolean(v));
        return {
          url,
          pageUrl: url.split('#')[0],
          group: h.hierarchy.lvl0 ?? '',
          pageTitle: h.hierarchy.lvl1 ?? '',
          heading: levels.join(TITLE_SEPARATOR),
          text: h.content ?? '',
          score: body.hits.length - i,
          terms,
          queryTerms: terms,
        };
      });
      return {hits, total: body.nbHits};
    },
  };
}
