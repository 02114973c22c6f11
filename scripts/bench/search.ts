import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import {build} from 'esbuild';
import MiniSearch from 'minisearch';
import type {Browser} from 'playwright-core';
import type {Section} from '../../lib/search/types';
import {loadSearchIndex, type SearchIndexFile} from '../../lib/search/engine';
import {builtIndexName, readBuiltIndex} from '../search';
import {SEARCH_SHARDS_DIR} from '../../plugins/search-index/constants';
import {evaluateRelevance, readDevQueries, readDevQuestions} from '../relevance';
import {percentile, type BenchRow} from './report';

/** Queries typed character by character in the latency run (dev set plus common reader queries). */
function benchQueries(): string[] {
  const extra = ['datahub docker quickstart', 'ingestion recipe', 'personal access token', 'column level lineage', 'glossary terms', 'helm chart values', 'kafka topics', 'reindex elasticsearch', 'python emitter', 'data products'];
  return [...readDevQueries().map((q) => q.query), ...extra];
}

/** Index size, load time, keystroke latency (in Chromium) and relevance of the built search index. */
export async function benchSearch(browser: Browser, baseURL: string, buildDir: string): Promise<BenchRow[]> {
  const file = readBuiltIndex(buildDir);
  const raw = JSON.stringify(file);
  const sections = JSON.parse(readFileSync(path.join(buildDir, 'chat-sections.json'), 'utf8')) as Section[];
  // Baseline size: MiniSearch's own serialisation of the same fields, with the same snippets stored.
  const plain = new MiniSearch({fields: ['title', 'headings', 'text'], storeFields: ['url', 'title', 'headings', 'snippet']});
  plain.addAll(sections.map((s, i) => ({id: i, url: s.url, title: s.hierarchy[1], headings: s.hierarchy.slice(2).filter(Boolean).join(' '), text: s.text, snippet: s.text.slice(0, 140)})));
  const plainJson = JSON.stringify(plain);

  const bundle = await build({entryPoints: [path.resolve('scripts/bench/browser-entry.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', minify: true});
  const page = await browser.newPage();
  await page.goto(`${baseURL}/docs/features`, {waitUntil: 'networkidle'});
  // Evaluated through DevTools: the site's CSP rightly refuses inline script tags.
  await page.evaluate(bundle.outputFiles[0].text);
  const indexUrl = `/${builtIndexName(buildDir)}`;
  const queries = benchQueries();
  const result = await page.evaluate(async ({url, queries}) => {
    type Bench = {loadSearchIndex: (f: unknown) => {search: (q: string, n?: number) => unknown[]}; parse: (t: string) => unknown};
    const bench = (globalThis as unknown as {searchBench: Bench}).searchBench;
    const t0 = performance.now();
    const text = await (await fetch(url, {cache: 'no-store'})).text();
    const t1 = performance.now();
    const index = bench.loadSearchIndex(bench.parse(text));
    const t2 = performance.now();
    const typed: number[] = [];
    const naive: number[] = [];
    const docs = (JSON.parse(text) as {sections: Array<[number, string, string, string]>}).sections.map((s) => `${s[2]} ${s[3]}`.toLowerCase());
    for (const q of queries) {
      for (let i = 1; i <= q.length; i++) {
        const prefix = q.slice(0, i);
        const s = performance.now();
        index.search(prefix, 8);
        typed.push(performance.now() - s);
        const n = performance.now();
        const words = prefix.toLowerCase().split(/\s+/).filter(Boolean);
        docs.filter((d) => words.every((w) => d.includes(w))).slice(0, 8);
        naive.push(performance.now() - n);
      }
    }
    return {fetchMs: t1 - t0, loadMs: t2 - t1, typed, naive};
  }, {url: indexUrl, queries});
  const firstQueries = readDevQueries().map((q) => q.query);
  const lexiconName = readdirSync(path.join(buildDir, SEARCH_SHARDS_DIR)).find((f) => /^lexicon\.[0-9a-f]+\.json$/.test(f))!;
  // The search page's first query, cold: the sharded index (lexicon, then the shards the query needs) against the
  // whole index (fetch, parse, query), each fetched without the HTTP cache.
  const first = await page.evaluate(async ({indexUrl, shardsDir, lexiconName, queries, typedQueries}) => {
    type Bench = {
      loadSearchIndex: (f: unknown) => {search: (q: string, n?: number) => unknown[]};
      openShardedIndex: (lexicon: unknown, fetchShard: (file: string) => Promise<string>) => {search: (q: string, n: number) => Promise<unknown>};
      parse: (t: string) => unknown;
      fetchText: (url: string) => Promise<string>;
    };
    // No helper functions declared in here: the bundler would name them through a helper the page does not have.
    const bench = (globalThis as unknown as {searchBench: Bench}).searchBench;
    const sharded: Array<{ms: number; files: string[]}> = [];
    const modal: Array<{ms: number; files: string[]}> = [];
    const whole: number[] = [];
    for (const q of queries) {
      const files: string[] = [];
      let s = performance.now();
      const index = bench.openShardedIndex(JSON.parse(await bench.fetchText(`/${shardsDir}/${lexiconName}`)), (file) => {
        files.push(file);
        return bench.fetchText(`/${shardsDir}/${file}`);
      });
      await index.search(q, 20);
      sharded.push({ms: performance.now() - s, files});
      // The modal's first query: a fresh index, 8 hits.
      const modalFiles: string[] = [];
      s = performance.now();
      await bench.openShardedIndex(JSON.parse(await bench.fetchText(`/${shardsDir}/${lexiconName}`)), (file) => {
        modalFiles.push(file);
        return bench.fetchText(`/${shardsDir}/${file}`);
      }).search(q, 8);
      modal.push({ms: performance.now() - s, files: modalFiles});
      s = performance.now();
      bench.loadSearchIndex(bench.parse(await bench.fetchText(indexUrl))).search(q, 20);
      whole.push(performance.now() - s);
    }
    // The modal's keystrokes once the shards are there: every prefix of every typed query, first to download its
    // shards, then timed (the modal asks for 8 hits).
    const warmed = bench.openShardedIndex(JSON.parse(await bench.fetchText(`/${shardsDir}/${lexiconName}`)), (file) => bench.fetchText(`/${shardsDir}/${file}`));
    const prefixes = typedQueries.flatMap((q) => Array.from({length: q.length}, (_, i) => q.slice(0, i + 1)));
    for (const prefix of prefixes) await warmed.search(prefix, 8);
    const keystrokes: number[] = [];
    for (const prefix of prefixes) {
      const s = performance.now();
      await warmed.search(prefix, 8);
      keystrokes.push(performance.now() - s);
    }
    return {sharded, modal, whole, keystrokes};
  }, {indexUrl, shardsDir: SEARCH_SHARDS_DIR, lexiconName, queries: firstQueries, typedQueries: queries});
  await page.close();
  const brotliBytes = (file: string) => statSync(`${path.join(buildDir, SEARCH_SHARDS_DIR, file)}.br`, {throwIfNoEntry: false})?.size
    ?? brotliCompressSync(readFileSync(path.join(buildDir, SEARCH_SHARDS_DIR, file))).length;
  const wholeBrotli = statSync(path.join(buildDir, `${builtIndexName(buildDir)}.br`)).size / 1024;
  const lexiconBrotli = brotliBytes(lexiconName) / 1024;
  const downloaded = (r: {files: string[]}) => lexiconBrotli + r.files.reduce((n, f) => n + brotliBytes(f), 0) / 1024;
  const firstBytes = first.sharded.map(downloaded);
  const modalBytes = first.modal.map(downloaded);

  const ours = loadSearchIndex(file as SearchIndexFile);
  // Baseline: BM25 alone, MiniSearch over the same sections and fields with the engine's former boosts, the text as
  // typed (any word), without question analysis, synonyms or re-ranking by page title and kind.
  const bm25 = {
    search: (query: string) =>
      plain.search(query, {boost: {title: 5, headings: 2.5}, fuzzy: 0.2, combineWith: 'OR'}).map((r) => ({pageUrl: String(r.url).split('#')[0]})),
  };
  const relevance = evaluateRelevance(ours, readDevQueries());
  const relevanceBaseline = evaluateRelevance(bm25, readDevQueries());
  const questions = evaluateRelevance(ours, readDevQuestions());
  const questionsBaseline = evaluateRelevance(bm25, readDevQuestions());
  return [
    {area: 'Search', metric: 'Index size (raw)', value: raw.length / 1024, unit: 'KiB', baseline: plainJson.length / 1024, note: 'baseline: MiniSearch default JSON of the same sections'},
    {area: 'Search', metric: 'Index size (gzip)', value: gzipSync(raw).length / 1024, unit: 'KiB', baseline: gzipSync(plainJson).length / 1024, note: 'target < 400 KiB'},
    {area: 'Search', metric: 'Index fetch (loopback, Chromium)', value: result.fetchMs, unit: 'ms'},
    {area: 'Search', metric: 'Index parse + load (Chromium)', value: result.loadMs, unit: 'ms'},
    {area: 'Search', metric: 'Sharded index: lexicon (brotli)', value: lexiconBrotli, unit: 'KiB', baseline: wholeBrotli, note: 'baseline: the whole index (brotli), which the search modal loaded before it read shards'},
    {area: 'Search', metric: 'Search modal, first query (8 hits): downloaded (brotli) p50', value: percentile(modalBytes, 50), unit: 'KiB', baseline: percentile(firstBytes, 50), note: 'baseline: the search page first query (20 hits); the modal loaded the whole index before'},
    {area: 'Search', metric: 'Search modal, first query (8 hits): cold (loopback, Chromium) p50', value: percentile(first.modal.map((r) => r.ms), 50), unit: 'ms', baseline: percentile(first.whole, 50), note: 'baseline: fetch, parse and query the whole index'},
    {area: 'Search', metric: `Search modal keystroke, shards downloaded, p50 (${first.keystrokes.length} prefixes)`, value: percentile(first.keystrokes, 50), unit: 'ms', baseline: percentile(result.typed, 50), note: 'baseline: the whole index in memory'},
    {area: 'Search', metric: 'Search modal keystroke, shards downloaded, p95', value: percentile(first.keystrokes, 95), unit: 'ms', baseline: percentile(result.typed, 95), note: 'target < 5 ms'},
    {area: 'Search', metric: `Search page, first query: downloaded (brotli) p50 (${firstQueries.length} dev queries)`, value: percentile(firstBytes, 50), unit: 'KiB', baseline: wholeBrotli, note: 'lexicon + posting shards + section shards of 20 hits; baseline: whole index'},
    {area: 'Search', metric: 'Search page, first query: downloaded (brotli) p95', value: percentile(firstBytes, 95), unit: 'KiB', baseline: wholeBrotli},
    {area: 'Search', metric: 'Search page, first query: 20 hits, cold (loopback, Chromium) p50', value: percentile(first.sharded.map((r) => r.ms), 50), unit: 'ms', baseline: percentile(first.whole, 50), note: 'baseline: fetch, parse and query the whole index'},
    {area: 'Search', metric: `Keystroke query p50 (${result.typed.length} prefixes of ${queries.length} queries)`, value: percentile(result.typed, 50), unit: 'ms', baseline: percentile(result.naive, 50), note: 'baseline: substring scan of snippets'},
    {area: 'Search', metric: 'Keystroke query p95', value: percentile(result.typed, 95), unit: 'ms', baseline: percentile(result.naive, 95), note: 'target < 5 ms'},
    {area: 'Search', metric: `Relevance hit@1 (${relevance.rows.length} dev queries)`, value: relevance.hitAt1, unit: '', baseline: relevanceBaseline.hitAt1, note: 'baseline: BM25 alone; target >= 0.848'},
    {area: 'Search', metric: 'Relevance hit@5', value: relevance.hitAt5, unit: '', baseline: relevanceBaseline.hitAt5, note: 'target >= 0.95'},
    {area: 'Search', metric: `Relevance on chat questions hit@1 (${questions.rows.length} dev questions)`, value: questions.hitAt1, unit: '', baseline: questionsBaseline.hitAt1, note: 'baseline: BM25 alone; target >= 0.8'},
    {area: 'Search', metric: 'Relevance on chat questions hit@5', value: questions.hitAt5, unit: '', baseline: questionsBaseline.hitAt5},
  ];
}

