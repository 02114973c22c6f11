import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {splitCompletion} from '../../contract/completions';
import {chatService, chatText} from '../../src/site';
import {chatState, dialog, input, openButton} from './chat-page';
import {gotoHydrated, launchChromium, newPage} from './browser';
import {startLlmSiteServer, type LlmSiteServer} from './llm-site-server';

/**
 * The chat dialog as a reader sees it (issue 34): a finished answer shows from its first line, a streaming one is
 * followed only while the reader has not scrolled away, the thread is the dialog's one scroll region with the whole
 * sources list in it, sources are listed once whichever answerer wrote the answer, and on a phone the input keeps
 * most of the header's width.
 */

const FIRST = 'How do I create a personal access token?';
const FOLLOW_UP = 'How do I revoke it?';
const PHONE = {width: 390, height: 844};
const DESKTOP = {width: 1280, height: 800};

let browser: Browser;
let llmSite: LlmSiteServer;

beforeAll(async () => {
  browser = await launchChromium();
  llmSite = await startLlmSiteServer();
});
afterAll(async () => {
  await browser?.close();
  await llmSite?.close();
});

const thread = (page: Page) => dialog(page).getByRole('group', {name: chatText.threadLabel});
const sourceLists = (page: Page) => dialog(page).getByRole('list', {name: chatText.referencesHeading});

/** Opens a page with the chat open, on the shared server or on another origin serving the whole site. */
async function openChat(viewport: {width: number; height: number}, origin?: string): Promise<Page> {
  const page = await newPage(browser, {viewport, ...(origin ? {baseURL: origin} : {})});
  await gotoHydrated(page, '/docs/features');
  await openButton(page).click();
  await input(page).waitFor();
  return page;
}

/** Asks a question and waits until its answer has ended (a new request must start first, so an earlier "done" is not it). */
async function ask(page: Page, question: string): Promise<void> {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === chatService.completionsUrl && r.method() === 'POST');
  await input(page).fill(question);
  await input(page).press('Enter');
  await request;
  await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
}

/** The thread's scroll position and the box of the latest answer's first line, relative to the thread's visible box. */
function threadView(page: Page) {
  return thread(page).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const questions = Array.from(el.querySelectorAll('p')).filter((p) => p.textContent?.startsWith('You asked:'));
    const start = questions.at(-1) ?? el.querySelector('[role="region"]')!;
    const line = start.getBoundingClientRect();
    return {
      scrollTop: el.scrollTop,
      overflows: el.scrollHeight > el.clientHeight + 1,
      fromBottom: el.scrollHeight - el.scrollTop - el.clientHeight,
      startTop: line.top - box.top,
      startBottom: line.bottom - box.top,
      height: el.clientHeight,
    };
  });
}

/** Elements inside the dialog that scroll their own content: the thread should be the only one. */
const scrollRegions = (page: Page) =>
  dialog(page).evaluate((el) =>
    [el, ...Array.from(el.querySelectorAll('*'))]
      .filter((node) => /(auto|scroll)/.test(getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight + 1)
      .map((node) => node.getAttribute('aria-label') ?? node.tagName.toLowerCase()),
  );

describe('chat dialog: a two-answer thread', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows each finished answer from its question line, in one scroll region (${viewport.width} px)`, async () => {
      const page = await openChat(viewport);
      await ask(page, FIRST);
      let view = await threadView(page);
      // The first answer starts at the top of the thread, and it is in view.
      expect(view.scrollTop).toBeLessThan(10);
      expect(view.startTop).toBeGreaterThanOrEqual(-1);

      await ask(page, FOLLOW_UP);
      view = await threadView(page);
      // Two answers with their sources do not fit: the thread scrolled down to the follow-up, which starts at its top.
      expect(view.overflows).toBe(true);
      expect(view.scrollTop).toBeGreaterThan(0);
      expect(view.startTop).toBeGreaterThanOrEqual(-1);
      expect(view.startBottom).toBeLessThanOrEqual(view.height * 0.5);

      // One scroll region: the sources lists take their height inside the thread, every source reachable in it.
      expect(await scrollRegions(page)).toEqual([chatText.threadLabel]);
      expect(await sourceLists(page).count()).toBe(2);
      const last = sourceLists(page).last().getByRole('listitem').last();
      await last.scrollIntoViewIfNeeded();
      const [item, box] = [await last.boundingBox(), await thread(page).boundingBox()];
      expect(item!.y).toBeGreaterThanOrEqual(box!.y - 1);
      expect(item!.y + item!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
      for (const list of await sourceLists(page).all()) {
        const overflow = await list.evaluate((el) => [getComputedStyle(el).overflowY, getComputedStyle(el.parentElement!).overflowY]);
        expect(overflow).toEqual(['visible', 'visible']);
      }
      await page.context().close();
    });
  }

  it('keeps the input at 60 % of the dialog on a phone, with "New conversation" and "Stop" as labelled buttons', async () => {
    llmSite.llm.mode = 'slow';
    llmSite.llm.deltas = Array.from({length: 12}, (_, i) => `Step ${i + 1} of the answer, in a sentence of its own.\n\n`);
    const page = await openChat(PHONE, llmSite.address);
    const widths = async () => ({input: (await input(page).boundingBox())!.width, dialog: (await dialog(page).boundingBox())!.width});
    await input(page).fill(FIRST);
    await input(page).press('Enter');
    const stop = dialog(page).getByRole('button', {name: chatText.stopLabel});
    await stop.waitFor();
    let measured = await widths();
    expect(measured.input / measured.dialog).toBeGreaterThanOrEqual(0.6);
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');

    const newConversation = dialog(page).getByRole('button', {name: chatText.newConversation});
    expect(await newConversation.isVisible()).toBe(true);
    const button = (await newConversation.boundingBox())!;
    expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(24);
    measured = await widths();
    expect(measured.input / measured.dialog).toBeGreaterThanOrEqual(0.6);
    await newConversation.click();
    await expect.poll(() => chatState(page)).toBe('indeterminate');
    await page.context().close();
  });
});

describe('chat dialog: following a streaming answer', () => {
  it('follows the newest text until the reader scrolls away, then leaves the reader where they are', async () => {
    llmSite.llm.mode = 'slow';
    llmSite.llm.deltas = Array.from({length: 40}, (_, i) => `Line ${i + 1} of a long answer that streams in.\n\n`);
    const page = await openChat({width: 1280, height: 560}, llmSite.address);
    await input(page).fill(FIRST);
    await input(page).press('Enter');

    // While it streams and overflows, the newest line is in view.
    await expect.poll(async () => (await threadView(page)).overflows, {timeout: 60_000}).toBe(true);
    await expect.poll(async () => (await threadView(page)).fromBottom).toBeLessThan(4);
    expect(await chatState(page)).toBe('streaming-answer');

    // The reader scrolls up to read: more text arrives, the view stays put, also when the answer ends.
    const box = (await thread(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await threadView(page)).fromBottom).toBeGreaterThan(100);
    const readingAt = (await threadView(page)).scrollTop;
    const length = async () => (await thread(page).textContent())?.length ?? 0;
    const before = await length();
    await expect.poll(length).toBeGreaterThan(before + 100);
    expect(Math.abs((await threadView(page)).scrollTop - readingAt)).toBeLessThan(2);
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
    expect(Math.abs((await threadView(page)).scrollTop - readingAt)).toBeLessThan(2);
    await page.context().close();
  });

  it('brings a long answer back to its first line when it ends, if the reader only watched it stream', async () => {
    llmSite.llm.mode = 'stream';
    llmSite.llm.deltas = Array.from({length: 40}, (_, i) => `Line ${i + 1} of a long answer.\n\n`);
    const page = await openChat({width: 1280, height: 560}, llmSite.address);
    await ask(page, FIRST);
    const view = await threadView(page);
    expect(view.overflows).toBe(true);
    expect(view.scrollTop).toBeLessThan(10);
    const firstLine = dialog(page).getByRole('region', {name: chatText.answerLabel}).getByText('Line 1 of a long answer.', {exact: true});
    expect(await firstLine.isVisible()).toBe(true);
    const [line, box] = [await firstLine.boundingBox(), await thread(page).boundingBox()];
    expect(line!.y).toBeGreaterThanOrEqual(box!.y);
    expect(line!.y + line!.height).toBeLessThanOrEqual(box!.y + box!.height);
    await page.context().close();
  });
});

describe('chat dialog: sources are listed once', () => {
  it('extractive answer: the quoted passage ends without a list of pages; the list under it names them', async () => {
    const page = await openChat(DESKTOP);
    await ask(page, FIRST);
    const region = dialog(page).getByRole('region', {name: chatText.answerLabel});
    const text = (await region.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(50);
    expect(text).not.toMatch(/\b(Source|Related|Sources):/);
    // The answer's last block is the passage's own text, not links to the pages the list below names.
    const lastBlockIsLinks = await region.evaluate((el) => {
      const last = el.querySelector(':scope > [data-answer-start] > div')?.lastElementChild;
      return !!last && last.textContent?.trim() === Array.from(last.querySelectorAll('a')).map((a) => a.textContent).join('').trim();
    });
    expect(lastBlockIsLinks).toBe(false);
    expect(await sourceLists(page).getByRole('link').count()).toBeGreaterThan(1);
    await page.context().close();
  });

  it('LLM answer: the prompt asks for no list of sources, and a closing list the model writes anyway is folded', async () => {
    const response = await fetch(`${llmSite.address}${chatService.completionsUrl}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({prompt: FIRST, projectKey: chatService.projectKey}),
    });
    const {references} = splitCompletion(await response.text());
    expect(references.length).toBeGreaterThan(2);
    const [cited, second] = references;
    llmSite.llm.mode = 'stream';
    llmSite.llm.deltas = [
      'Open **Settings**, then ',
      `[Access Tokens](${cited}), and generate a token.\n\n`,
      'Sources:\n',
      `- [Personal Access Tokens](${cited})\n`,
      `- [Another page](${second})\n`,
    ];
    const requestsBefore = llmSite.llm.requests.length;
    const page = await openChat(DESKTOP, llmSite.address);
    await ask(page, FIRST);

    const prompt = (llmSite.llm.requests.slice(requestsBefore).at(-1)!.body as {messages: Array<{content: string}>}).messages.at(-1)!.content;
    expect(prompt).toMatch(/do not end the answer with a list of sources/i);
    const region = dialog(page).getByRole('region', {name: chatText.answerLabel});
    expect(await region.textContent()).not.toContain('Sources:');
    // The link inside the sentence stays; the closing list is gone; the dialog's list names every reference once.
    expect(await region.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual([cited]);
    const listed = await sourceLists(page).getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(listed).toEqual(references);
    await page.context().close();
  });
});
