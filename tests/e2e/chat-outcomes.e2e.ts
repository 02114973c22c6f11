import {setTimeout as sleep} from 'node:timers/promises';
import Database from 'better-sqlite3';
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {START_RESPONSE_MARKER} from '../../contract/completions';
import {chatDefaults, chatService, chatText} from '../../src/site';
import {answer, chatState, dialog, input, openButton} from './chat-page';
import {gotoHydrated, launchChromium, newPage} from './browser';
import {startPacedServer, type PacedServer} from './paced-server';

/**
 * Every way an answer can end shows something: the don't-know message, a notice with "Try again", a stopped answer,
 * or a whole answer with its copy button. Failures come from page.route (the endpoint answering 204, an empty 200, a
 * stream without its marker, a network error) or from the network itself (going offline mid-answer).
 */

const QUESTION = 'How do I create a personal access token?';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const isCompletions = (url: URL) => url.pathname === chatService.completionsUrl;
const announcement = (page: Page) => page.getByTestId('chat-announcement').textContent();
const feedbackRow = (page: Page) => dialog(page).getByText(chatText.feedbackQuestion);

async function openChat(page: Page) {
  await gotoHydrated(page, '/docs/features');
  await openButton(page).click();
  await input(page).waitFor();
}

async function ask(page: Page, question = QUESTION) {
  await input(page).fill(question);
  await input(page).press('Enter');
}

/**
 * Runs `test` on a page whose chat is open and answered by a paced server (so an answer can be stopped or cut while it
 * streams), then closes both.
 */
async function withPacedChat(test: (page: Page, paced: PacedServer) => Promise<void>) {
  const paced = await startPacedServer(150);
  const page = await newPage(browser, {baseURL: paced.address});
  try {
    await openChat(page);
    await test(page, paced);
  } finally {
    await page.context().close();
    await paced.close();
  }
}

/** The visible note under a stopped answer (the live region says it too). */
const stoppedNote = (page: Page) => dialog(page).locator('p').filter({hasText: chatText.stopped});

describe('chat: every outcome is visible', () => {
  for (const [name, fulfil] of [
    ['answers 204', {status: 204}],
    ['answers an empty 200', {status: 200, body: ''}],
  ] as const) {
    it(`shows the don't-know message, without the feedback row, when completions ${name}`, async () => {
      const page = await newPage(browser);
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.route((url) => isCompletions(url), (route) => route.fulfill(fulfil));
      await openChat(page);
      await ask(page);
      await expect.poll(() => chatState(page)).toBe('done');
      expect((await answer(page).textContent())?.trim()).toBe(chatDefaults.iDontKnowMessage);
      expect(await feedbackRow(page).count()).toBe(0);
      expect(await dialog(page).getByText(chatText.incomplete).count()).toBe(0);
      // The spec's console logging stays.
      expect(errors.some((e) => e.includes('Chat completions answered'))).toBe(true);
      await page.context().close();
    });
  }

  it('says the answer could not be completed when the stream ends before its marker, and "Try again" asks again', async () => {
    const page = await newPage(browser);
    let cut = true;
    await page.route((url) => isCompletions(url), (route) => (cut ? route.fulfill({status: 200, body: '["/docs/quickstart"'}) : route.continue()));
    await openChat(page);
    await ask(page);
    const notice = dialog(page).getByRole('alert');
    await expect.poll(() => notice.textContent()).toContain(chatText.incomplete);
    expect(await feedbackRow(page).count()).toBe(0);
    expect(await announcement(page)).toContain(chatText.incomplete);

    cut = false;
    await notice.getByRole('button', {name: chatText.tryAgain}).click();
    await expect.poll(() => dialog(page).getByRole('button', {name: chatText.copy}).count(), {timeout: 45_000}).toBe(1);
    expect(await input(page).inputValue()).toBe(QUESTION);
    expect(await dialog(page).getByText(chatText.incomplete).count()).toBe(0);
    expect(await feedbackRow(page).count()).toBe(1);
    await page.context().close();
  });

  it('says so when the request fails, or the connection drops in the middle of an answer, keeping what arrived', async () => {
    const paced = await startPacedServer(150);
    const page = await newPage(browser, {baseURL: paced.address});
    try {
      await page.route(isCompletions, (route) => route.abort('failed'));
      await openChat(page);
      await ask(page);
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toContain(chatText.incomplete);
      // unroute matches a function by identity: the same one as above, so the next question reaches the server.
      await page.unroute(isCompletions);

      await ask(page, 'How do I set up SSO with Okta?');
      await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('streaming-answer');
      await expect.poll(async () => (await answer(page).textContent())?.length ?? 0).toBeGreaterThan(40);
      paced.cut();
      await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('done');
      const kept = (await answer(page).textContent()) ?? '';
      expect(kept.length).toBeGreaterThan(40);
      expect(await dialog(page).getByRole('alert').textContent()).toContain(chatText.incomplete);
      expect(await feedbackRow(page).count()).toBe(0);
    } finally {
      await page.context().close();
      await paced.close();
    }
  });
});

describe('chat: stop and copy', () => {
  it('stops a streaming answer with the Stop button: the partial answer stays, marked, and the question is logged', () =>
    withPacedChat(async (page, paced) => {
      const question = `${QUESTION} (stopped ${Date.now()})`;
      await ask(page, question);
      await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('streaming-answer');
      expect(await announcement(page)).toBe('');
      await dialog(page).getByRole('button', {name: chatText.stopLabel}).click();
      expect(await chatState(page)).toBe('done');
      const kept = (await answer(page).textContent()) ?? '';
      expect(kept.length).toBeGreaterThan(0);
      expect(await stoppedNote(page).count()).toBe(1);
      expect(await dialog(page).getByRole('button', {name: chatText.stopLabel}).count()).toBe(0);
      await expect.poll(() => paced.answers.aborted).toBe(1);
      expect(paced.answers.completed).toBe(0);
      // The answer does not grow once stopped.
      await sleep(500);
      expect((await answer(page).textContent()) ?? '').toBe(kept);
      const db = new Database(paced.queryLogPath, {readonly: true});
      await expect.poll(() => db.prepare('SELECT COUNT(*) AS n FROM queries WHERE query = ?').get(question)).toEqual({n: 1});
      db.close();
    }));

  it('stops with Esc in the input while streaming, and Esc then closes the dialog', () =>
    withPacedChat(async (page) => {
      await ask(page);
      await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('streaming-answer');
      await input(page).press('Escape');
      expect(await dialog(page).count()).toBe(1);
      expect(await stoppedNote(page).count()).toBe(1);
      await input(page).press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);
    }));

  it('copies a whole answer as Markdown with its source links, says so, and announces the answer once', async () => {
    const page = await newPage(browser, {permissions: ['clipboard-read', 'clipboard-write']});
    await openChat(page);
    await ask(page);
    const copy = dialog(page).getByRole('button', {name: chatText.copy});
    await expect.poll(() => copy.count(), {timeout: 45_000}).toBe(1);
    const shown = (await answer(page).textContent()) ?? '';
    expect((await announcement(page))?.slice(0, 30)).toBe(shown.replace(/\s+/g, ' ').trim().slice(0, 30));
    await copy.click();
    await expect.poll(() => dialog(page).getByRole('status').filter({hasText: chatText.copied}).count()).toBe(1);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const origin = new URL(page.url()).origin;
    expect(copied).toContain(`${chatText.copiedSourcesHeading}\n- [`);
    expect(copied).toMatch(new RegExp(`\\]\\(${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/docs/`));
    expect(copied).not.toContain(START_RESPONSE_MARKER);
    await page.context().close();
  });
});

describe('chat: one modal at a time', () => {
  it('ignores the search shortcuts while the chat is open', async () => {
    const page = await newPage(browser);
    await openChat(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Meta+k');
    await sleep(300);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // With the chat closed, the shortcut opens search again.
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(await dialog(page).count()).toBe(0);
    await page.context().close();
  });
});

describe('chat: the button', () => {
  for (const viewport of [{width: 390, height: 844}, {width: 1280, height: 800}]) {
    it(`never covers the last paragraph of a long page scrolled to its end (${viewport.width} px)`, async () => {
      const page = await newPage(browser, {viewport});
      await gotoHydrated(page, '/docs/cli');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await sleep(300);
      const button = await openButton(page).boundingBox();
      const last = await page.locator('article p').last().boundingBox();
      expect(button && last).toBeTruthy();
      const intersects = !(button!.x + button!.width <= last!.x || last!.x + last!.width <= button!.x || button!.y + button!.height <= last!.y || last!.y + last!.height <= button!.y);
      expect(intersects).toBe(false);
      await page.context().close();
    });
  }

  it('keeps its name on phones, hidden while the mobile menu is open', async () => {
    const page = await newPage(browser, {viewport: {width: 390, height: 844}});
    await gotoHydrated(page, '/docs/features');
    const button = openButton(page);
    // In the page's flow, first in the footer (ask-ai-button.e2e.ts checks that it covers no text).
    await button.scrollIntoViewIfNeeded();
    expect(await button.isVisible()).toBe(true);
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    await expect.poll(() => button.isVisible()).toBe(false);
    // The menu's own close button: Esc and a backdrop click race the menu's opening transition.
    await page.getByRole('button', {name: /close navigation bar/i}).click();
    await expect.poll(() => button.isVisible()).toBe(true);
    await page.context().close();
  });

  it('sizes the dialog to a short answer on a phone, with no empty gap below it', async () => {
    const page = await newPage(browser, {viewport: {width: 390, height: 844}});
    await page.route((url) => isCompletions(url), (route) => route.fulfill({status: 200, body: `["/docs/quickstart"]${START_RESPONSE_MARKER}A short answer.`}));
    await openChat(page);
    await ask(page);
    await expect.poll(() => chatState(page)).toBe('done');
    const box = await dialog(page).boundingBox();
    expect(box!.height).toBeLessThan(844 * 0.8);
    await page.context().close();
  });
});
