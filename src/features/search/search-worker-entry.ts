/**
 * The search page's search worker (search-worker.ts): the engine and the sharded index, in a script of their own
 * that only the worker downloads and compiles, so the page's first load and main thread carry neither.
 */
import {serveShardedIndex} from './search-worker';
import {openShardedIndexAt} from './sharded-index';

serveShardedIndex(self as unknown as Parameters<typeof serveShardedIndex>[0], openShardedIndexAt);
