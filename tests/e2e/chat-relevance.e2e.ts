import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {splitCompletion} from '../../contract/completions';
import {loadSearchIndex} from '../../lib/search/engine';
import type {Section} from '../../lib/search/types';
import {CHAT_SECTIONS_FILE} from '../../plugins/search-index/constants';
import {evaluateChat, evaluateRelevance, readDevQueries, readDevQuestions, readRealQuestions} from '../../scripts/relevance';
import {readBuiltIndex} from '../../scripts/search';
import {readThreads, runThreads} from '../../scripts/evaluation/threads';
import {chatDefaults, chatService} from '../../src/site';
import {baseURL} from './browser';
import {IN_DOUBT_OPENING} from '../../server/completions/extractive-answerer';

/**
 * Relevance floors on the development sets, through the real server's chat (HTTP) and the built search index. A
 * change that lowers a figure below its floor fails here; raise a floor when the figures rise for good.
 */
const FLOORS = {
  chatHitAt1: 0.85,
  chatHitAt3: 0.95,
  searchOnQuestionsHitAt1: 0.8,
  /**
   * 0.91 during issue 46 (the dataHubExecutionRequest entity page ranked above the executor guide for "executor"); back
   * to 0.93 with issue 47's questions field and refit (43 of 46).
   */
  keywordHitAt1: 0.93,
  keywordHitAt5: 0.95,
  /** The real users' questions (data/real-dev-questions.tsv), in-sample: `npm run eval -- --cv 5` gives the cross-validated figures. */
  realHitAt1: 0.65,
  realHitAt3: 0.82,
  realWithoutReferences: 2,
  /** Share of the follow-ups of data/chat-thread-questions.tsv whose first reference is an accepted section. */
  threadSectionFirst: 0.55,
};

const buildDir = path.resolve('build');

async function askChat(question: string, context?: Array<{question: string; answer: string}>) {
  const response = await fetch(`${baseURL()}/v1/completions`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({prompt: question, projectKey: chatService.projectKey, ...(context ? {context} : {})}),
  });
  expect(response.status).toBe(200);
  return splitCompletion(await response.text());
}

type ChatResult = Awaited<ReturnType<typeof evaluateChat>>;
let chat: ChatResult;
let real: ChatResult;
let sections: Map<string, Section>;

beforeAll(async () => {
  sections = new Map((JSON.parse(readFileSync(path.join(buildDir, CHAT_SECTIONS_FILE), 'utf8')) as Section[]).map((s) => [s.url, s]));
  chat = await evaluateChat(askChat, readDevQuestions(), chatDefaults.iDontKnowMessage);
  real = await evaluateChat(askChat, readRealQuestions(), chatDefaults.iDontKnowMessage);
});

const misses = (rows: Array<{rank: number | null; question?: string; query?: string}>, k: number) =>
  rows.filter((r) => r.rank === null || r.rank > k).map((r) => `#${r.rank ?? '-'} ${r.question ?? r.query}`).join('\n');

describe('relevance on the development sets', () => {
  it('puts a page that answers the question first in the chat\'s references', () => {
    const onTopic = chat.rows.filter((r) => !r.offTopic);
    expect(chat.hitAt1, misses(onTopic, 1)).toBeGreaterThanOrEqual(FLOORS.chatHitAt1);
    expect(chat.hitAt3, misses(onTopic, 3)).toBeGreaterThanOrEqual(FLOORS.chatHitAt3);
  });

  it('answers every off-topic question with the don\'t-know message and no references', () => {
    expect(chat.offTopicCount).toBeGreaterThan(0);
    expect(chat.offTopicDeclined).toBe(chat.offTopicCount);
  });

  it('answers the questions real users filed, and declines the ones about other products', () => {
    const onTopic = real.rows.filter((r) => !r.offTopic);
    expect(real.hitAt1, misses(onTopic, 1)).toBeGreaterThanOrEqual(FLOORS.realHitAt1);
    expect(real.hitAt3, misses(onTopic, 3)).toBeGreaterThanOrEqual(FLOORS.realHitAt3);
    expect(onTopic.filter((r) => r.references.length === 0).length).toBeLessThanOrEqual(FLOORS.realWithoutReferences);
    const answeredOffTopic = real.rows.filter((r) => r.offTopic && r.references.length > 0).map((r) => r.question);
    expect(real.offTopicCount).toBe(10);
    expect(answeredOffTopic).toEqual([]);
  });

  it('answers a follow-up from the section about what it asks, not from the opening of the earlier answer\'s page', async () => {
    const threads = await runThreads(readThreads(), askChat);
    const missed = threads.misses.map(({thread, first}) => `${thread.text} -> ${first ?? '(none)'}`);
    expect(threads.sectionFirst / threads.threads, missed.join('\n')).toBeGreaterThanOrEqual(FLOORS.threadSectionFirst);
  });

  it('ranks the same questions, and the keyword queries, well on the search page', () => {
    const index = loadSearchIndex(readBuiltIndex(buildDir));
    const questions = evaluateRelevance(index, readDevQuestions());
    expect(questions.hitAt1, misses(questions.rows, 1)).toBeGreaterThanOrEqual(FLOORS.searchOnQuestionsHitAt1);
    const keywords = evaluateRelevance(index, readDevQueries());
    expect(keywords.hitAt1, misses(keywords.rows, 1)).toBeGreaterThanOrEqual(FLOORS.keywordHitAt1);
    expect(keywords.hitAt5, misses(keywords.rows, 5)).toBeGreaterThanOrEqual(FLOORS.keywordHitAt5);
  });
});

/** The answer's Markdown with what the answerer changes for the chat's view undone: escaped `<` and in-page links. */
const asWritten = (text: string, pageUrl: string) => text.replace(/\\</g, '<').replaceAll(`](${pageUrl}#`, '](#');

/** Fenced code blocks of a Markdown text, fences included. */
const codeBlocksOf = (markdown: string) => markdown.match(/^(```|~~~)[^\n]*\n[\s\S]*?\n\1$/gm) ?? [];

/** Data rows of the tables in blocks, as their cells would read if flattened into prose. */
function flattenedRows(blocks: readonly string[]): string[] {
  return blocks
    .filter((b) => /^\s*\|/.test(b))
    .flatMap((table) => table.split('\n').slice(2))
    .map((row) => row.split('|').map((c) => c.trim()).filter(Boolean))
    .filter((cells) => cells.length >= 2)
    .map((cells) => cells.join(' '))
    .filter((text) => text.length >= 12);
}

/** The Markdown source of a doc route (hand-written or generated), or null when it is not a file under docs/. */
function pageSource(route: string): string | null {
  const base = path.resolve('docs', route.replace(/^\/docs\/?/, ''));
  const file = [`${base}.md`, `${base}.mdx`, path.join(base, 'index.md'), path.join(base, 'index.mdx')].find((f) => existsSync(f));
  return file ? readFileSync(file, 'utf8') : null;
}

/** Whether an answer is the one given in doubt: two pages scored close, and it quotes both. */
const inDoubt = (answer: string) => answer.startsWith(`${IN_DOUBT_OPENING}\n\n`);

describe('the answer\'s shape', () => {
  const answered = () => chat.rows.filter((r) => r.references.length > 0);

  it('opens with text of the first reference\'s section and names no pages itself (the references list does)', () => {
    expect(answered().length).toBeGreaterThan(50);
    for (const {question, references, answer} of answered().filter((r) => !inDoubt(r.answer))) {
      const section = sections.get(references[0]);
      expect(section, question).toBeDefined();
      const pageUrl = references[0].split('#')[0];
      const opening = asWritten(answer, pageUrl).split('\n')[0].slice(0, 60);
      expect(section!.blocks!.join('\n\n'), question).toContain(opening);
      expect(answer, question).not.toMatch(/^(Source|Related):/m);
    }
  });

  it('in doubt, says so and quotes the first two pages under their titles, each from its own references', () => {
    const doubtful = answered().filter((r) => inDoubt(r.answer));
    // Some of the dev sets' questions are in doubt: the check is not vacuous.
    expect(doubtful.length).toBeGreaterThan(0);
    for (const {question, references, answer} of doubtful) {
      const pages = [...new Set(references.map((r) => r.split('#')[0]))].slice(0, 2);
      const parts = answer.slice(IN_DOUBT_OPENING.length).split(/\n\n\*\*([^*\n]+)\*\*\n\n/).slice(1);
      expect(parts.length, question).toBe(4);
      pages.forEach((pageUrl, i) => {
        const own = references.filter((r) => r.split('#')[0] === pageUrl).map((r) => sections.get(r)!);
        expect(parts[2 * i], question).toBe(own[0].hierarchy[1]);
        const opening = asWritten(parts[2 * i + 1], pageUrl).split('\n')[0].slice(0, 60);
        expect(own.map((s) => s.blocks!.join('\n\n')).join('\n\n'), question).toContain(opening);
      });
      expect(answer, question).not.toMatch(/^(Source|Related):/m);
    }
  });

  it('quotes code blocks byte for byte and never runs a table row into prose', () => {
    let codeBlocks = 0;
    for (const {question, references, answer} of answered()) {
      // An answer in doubt quotes two pages: its code comes from one of its references.
      const quoted = (inDoubt(answer) ? references : references.slice(0, 1)).map((url) => ({url, blocks: sections.get(url)!.blocks!}));
      for (const code of codeBlocksOf(answer)) {
        codeBlocks++;
        const from = quoted.find((q) => q.blocks.join('\n\n').includes(code));
        expect(from, `${question}: code not in its references`).toBeDefined();
        // As the page's own file has it, not only as the index read it.
        const page = pageSource(from!.url.split('#')[0]);
        if (page !== null) expect(page, question).toContain(code);
      }
      const prose = answer.split('\n').filter((line) => !line.trimStart().startsWith('|'));
      for (const row of quoted.flatMap((q) => flattenedRows(q.blocks))) {
        expect(prose.some((line) => line.includes(row)), `${question}: table row "${row}" flattened`).toBe(false);
      }
    }
    // The dev set's answers include code: the check above is not vacuous.
    expect(codeBlocks).toBeGreaterThan(0);
  });
});
