// Bundled by the benchmark and injected into Chromium: the site's own engine, nothing else.
import {loadSearchIndex, type SearchIndexFile} from '../../lib/search/engine';
import {openShardedIndex} from '../../src/features/search/sharded-index';

(globalThis as unknown as {searchBench: unknown}).searchBench = {
  loadSearchIndex,
  openShardedIndex,
  parse: (text: string) => JSON.parse(text) as SearchIndexFile,
  // Without the HTTP cache: every run downloads what it reads.
  fetchText: (url: string) => fetch(url, {cache: 'no-store'}).then((response) => response.text()),
};
