/**
 * The chat's retrieval reranks only the pages that can hold its references (lib/search/bounded-ranking.ts): it must
 * choose exactly what ranking every match chooses, for every question the project measures, and its bound must hold
 * for every section it leaves out.
 */
import {describe, expect, it} from 'vitest';
import {collectSections} from '../../plugins/search-index/collect';
import {loadSynonyms} from '../../plugins/search-index/synonyms';
import {searchIndexOfSections} from '../../lib/search/engine';
import {analyzeFollowUp} from '../../lib/search/query';
import {chooseReferences, lexicalCandidates, lexicalReferences} from '../../lib/search/retrieval';
import {rankingWeights} from '../../data/ranking-weights';
import {readQuestionSets} from '../../scripts/evaluation/question-sets';
import {readThreads} from '../../scripts/evaluation/threads';
import {scaledSections} from '../../scripts/bench/scaled-sections';
import {repositoryRoot} from './sharded-corpus';

const sections = collectSections(repositoryRoot);
const index = searchIndexOfSections(sections, loadSynonyms(repositoryRoot));
const questions = readQuestionSets(`${repositoryRoot}/data`).flatMap((set) => set.questions.map((q) => q.text));
const threads = readThreads(`${repositoryRoot}/data/chat-thread-questions.tsv`);

/** The references as they were chosen before: every match ranked, then chosen. */
const rankingEveryMatch = (prompt: string, count: number, threshold: number, earlier?: string[]) =>
  chooseReferences(lexicalCandidates(index, prompt, earlier, rankingWeights, sections) ?? [], sections, threshold, count);

/**
 * Reranks a question's pages a batch at a time (at most `batches`), checking after each that the pages reranked stand
 * as in the whole ranking and that no section left scores the bound or more; returns after how many batches the
 * sections ranked were fewer than `share` of the matches, and whether every page was reranked.
 */
function checkBatches(searchIndex: typeof index, question: string, share: number, batches = Infinity) {
  const query = analyzeFollowUp(question, [], searchIndex.context.synonyms);
  const whole = searchIndex.rank(query, 'OR');
  const ranking = searchIndex.rankBounded(query)!;
  let pruned = 0;
  for (let batch = 0; batch < batches && ranking.more(); batch++) {
    const ranked = new Set(ranking.ranked.map((r) => r.id));
    expect(ranking.ranked, question).toEqual(whole.filter((r) => ranked.has(r.id)));
    const left = whole.filter((r) => !ranked.has(r.id));
    if (left.length > 0) expect(Math.max(...left.map((r) => r.score)), question).toBeLessThan(ranking.bound);
    else expect(ranking.bound).toBe(-Infinity);
    if (ranking.ranked.length < whole.length * share) pruned++;
  }
  return {pruned, all: ranking.ranked.length === whole.length};
}

describe('bounded ranking', () => {
  for (const [count, threshold] of [[10, 0.5], [3, 0.5], [20, 0]] as const) {
    it(`chooses the references ranking every match chooses (${count} at threshold ${threshold}), with the same similarities and scores`, () => {
      for (const question of questions) {
        expect(lexicalReferences(index, question, {count, threshold}, rankingWeights, sections), question).toEqual(rankingEveryMatch(question, count, threshold));
      }
      for (const {earlier, text} of threads) {
        expect(lexicalReferences(index, text, {count, threshold, earlier: [earlier]}, rankingWeights, sections), text).toEqual(rankingEveryMatch(text, count, threshold, [earlier]));
      }
    }, 120_000);
  }

  it('ranks each page as the whole ranking does, and no section it has not ranked scores its bound or more', () => {
    let pruned = 0;
    for (const question of questions.filter((_, i) => i % 4 === 0)) {
      const checked = checkBatches(index, question, 1 / 2);
      expect(checked.all, question).toBe(true);
      pruned += checked.pruned;
    }
    // The bound is of use: it often leaves most matches unranked after a first few pages.
    expect(pruned).toBeGreaterThan(questions.length / 8);
  }, 120_000);
});

describe('bounded ranking over ten times the sections', () => {
  // Synthetic copies of the site's sections with altered words (the scale bench's): the bounds then leave most pages
  // out, from a search that keeps no matched terms per section (bounded-ranking.ts, lean-search.ts).
  const ten = scaledSections(sections, 10);
  let built: ReturnType<typeof searchIndexOfSections> | undefined;
  const tenIndex = () => (built ??= searchIndexOfSections(ten, loadSynonyms(repositoryRoot)));
  const everyMatchAtTen = (prompt: string, count: number, threshold: number, earlier?: string[]) =>
    chooseReferences(lexicalCandidates(tenIndex(), prompt, earlier, rankingWeights, ten) ?? [], ten, threshold, count);

  it('chooses the references ranking every match chooses, with the same similarities and scores', () => {
    const [count, threshold] = [10, 0.5];
    for (const question of questions.filter((_, i) => i % 3 === 0)) {
      expect(lexicalReferences(tenIndex(), question, {count, threshold}, rankingWeights, ten), question).toEqual(everyMatchAtTen(question, count, threshold));
    }
    for (const {earlier, text} of threads) {
      expect(lexicalReferences(tenIndex(), text, {count, threshold, earlier: [earlier]}, rankingWeights, ten), text).toEqual(everyMatchAtTen(text, count, threshold, [earlier]));
    }
  }, 300_000);

  it('ranks each page as the whole ranking does, and no section it has not ranked scores its bound or more', () => {
    let pruned = 0;
    const asked = questions.filter((_, i) => i % 12 === 0);
    for (const question of asked) pruned += checkBatches(tenIndex(), question, 1 / 10, 4).pruned;
    // At this size the first batches leave nine tenths of the matches unranked for most questions.
    expect(pruned).toBeGreaterThan(asked.length);
  }, 300_000);
});
