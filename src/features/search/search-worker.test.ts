import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {shardedCorpus} from '../../../tests/unit/sharded-corpus';
import {connectShardedIndex, serveShardedIndex} from './search-worker';
import {openShardedIndex} from './sharded-index';
import type {SearchPage} from './search-types';

// The worker's side and the page's side joined by a real MessageChannel, as a dedicated worker joins them.
let {lexicon, shardFiles} = {} as ReturnType<typeof shardedCorpus>;
beforeAll(() => {
  ({lexicon, shardFiles} = shardedCorpus());
});

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((channel) => (channel.port1.close(), channel.port2.close())));

/** An index read from the in-memory shards; `missing` shards fail to download, as on a dropped connection. */
const inMemory = (missing = new Set<string>()) =>
  openShardedIndex(lexicon, async (name) => {
    if (missing.has(name)) throw new Error(`Search index request for ${name} failed with HTTP 503`);
    return shardFiles.get(name)!;
  });

function connect(open: (lexiconUrl: string) => Promise<ReturnType<typeof inMemory>>) {
  const channel = new MessageChannel();
  channels.push(channel);
  serveShardedIndex(channel.port2 as never, open);
  const page = channel.port1 as unknown as Worker;
  return {page, index: connectShardedIndex(page, '/search-shards/lexicon.json')};
}

describe('the sharded index in a worker', () => {
  it('answers as the index in the page does, the first hits first and the rest once the page has shown them', async () => {
    const asked: string[] = [];
    const {index} = connect(async (url) => (asked.push(url), inMemory()));
    const local = inMemory();
    const events: string[] = [];
    const page = await (await index).search('lineage', 20, {}, async (first: SearchPage) => {
      events.push(`first ${first.hits.length} of ${first.total}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('shown');
    });
    events.push(`all ${page.hits.length}`);
    expect(asked).toEqual(['/search-shards/lexicon.json']);
    expect(page).toEqual(await local.search('lineage', 20));
    expect(events).toEqual([`first 4 of ${page.total}`, 'shown', 'all 20']);
    // Searches overlap: each answer goes to its own caller.
    const [a, b] = await Promise.all([(await index).search('snowflake', 5), (await index).search('glossary term', 3, {combineWith: 'OR'})]);
    expect(a).toEqual(await local.search('snowflake', 5));
    expect(b).toEqual(await local.search('glossary term', 3, {combineWith: 'OR'}));
  });

  it('rejects the opening when the lexicon cannot be downloaded, with the reason', async () => {
    const {index} = connect(() => Promise.reject(new Error('Search index request for /search-shards/lexicon.json failed with HTTP 404')));
    await expect(index).rejects.toThrow('Search index request for /search-shards/lexicon.json failed with HTTP 404');
  });

  it('rejects a search whose shards cannot be downloaded, and answers the next ones', async () => {
    const missing = new Set(lexicon.postingShards.map((s) => s.file));
    const {index} = connect(async () => inMemory(missing));
    await expect((await index).search('lineage', 20)).rejects.toThrow(/failed with HTTP 503/);
    missing.clear();
    expect((await (await index).search('lineage', 20)).hits).toHaveLength(20);
  });

  it("rejects a search whose first-hits callback fails, and searches on", async () => {
    const {index} = connect(async () => inMemory());
    await expect(
      (await index).search('lineage', 20, {}, () => {
        throw new Error('the list could not be drawn');
      }),
    ).rejects.toThrow('the list could not be drawn');
    expect((await (await index).search('lineage', 2)).hits).toHaveLength(2);
  });

  it('rejects waiting and later searches with a clear message once the worker has stopped', async () => {
    let release = () => undefined as void;
    const {page, index} = connect(async () => {
      const opened = inMemory();
      return {search: async (...args) => (await new Promise<void>((resolve) => (release = resolve)), opened.search(...args))};
    });
    const waiting = (await index).search('lineage', 20);
    page.dispatchEvent(Object.assign(new Event('error'), {message: 'Uncaught RangeError: out of memory'}));
    await expect(waiting).rejects.toThrow('The search worker stopped: Uncaught RangeError: out of memory. Reload the page to search again.');
    await expect((await index).search('lineage', 20)).rejects.toThrow(/The search worker stopped/);
    release();
  });
});
