// Bundled by the benchmark and injected into Chromium: the site's own engine, nothing else.
import {loadSearchIndex, type SearchIndexFile} from '../../src/features/search/engine';

(globalThis as unknown as {searchBench: unknown}).searchBench = {loadSearchIndex, parse: (text: string) => JSON.parse(text) as SearchIndexFile};
