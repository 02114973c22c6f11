import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chatService, chatText} from '../../src/site';
import {axeBlocking} from './axe';
import {answer, chatState, dialog, input, openButton} from './chat-page';
import {gotoHydrated, launchChromium, newPage, reloadHydrated} from './browser';

/**
 * A conversation in the dialog, against the real server: follow-up questions carry the earlier exchange, each answer
 * keeps its own sources and feedback, and the conversation lasts for the visit (closing the dialog, moving to another
 * page) until "New conversation" or a reload.
 */

const FIRST = 'How do I create a personal access token?';
const FOLLOW_UP = 'How do I revoke it?';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** The questions shown in the conversation, in order. */
const askedQuestions = (page: Page) =>
  answer(page).locator('p').filter({hasText: chatText.youAsked}).evaluateAll((els) => els.map((el) => el.textContent ?? ''));

interface SentRequest {
  path: string;
  body: Record<string, unknown>;
}

/** Opens a page with the chat open, recording what the browser posts to the completions and query-log endpoints. */
async function openChat(options: Parameters<typeof newPage>[1] = {}): Promise<{page: Page; sent: SentRequest[]}> {
  const page = await newPage(browser, options);
  const sent: SentRequest[] = [];
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (request.method() === 'POST' && (pathname === chatService.completionsUrl || pathname === chatService.queryLogUrl)) {
      sent.push({path: pathname, body: request.postDataJSON() as Record<string, unknown>});
    }
  });
  await gotoHydrated(page, '/docs/features');
  await openButton(page).click();
  await input(page).waitFor();
  return {page, sent};
}

const completionRequests = (sent: SentRequest[]) => sent.filter((r) => r.path === chatService.completionsUrl).map((r) => r.body);

/** Asks a question and waits for its answer to end (the request is seen first, so an earlier "done" does not count). */
async function askAndWait(page: Page, sent: SentRequest[], question: string) {
  const before = completionRequests(sent).length;
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect.poll(() => completionRequests(sent).length).toBe(before + 1);
  await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('done');
}

describe('chat: a conversation', () => {
  it('asks a follow-up with the earlier exchange as context; each answer keeps its own sources and feedback', async () => {
    const {page, sent} = await openChat();
    await askAndWait(page, sent, FIRST);
    const firstAnswer = (await answer(page).textContent()) ?? '';
    await askAndWait(page, sent, FOLLOW_UP);

    const [first, followUp] = completionRequests(sent);
    expect(first).not.toHaveProperty('context');
    expect(followUp.prompt).toBe(FOLLOW_UP);
    const context = followUp.context as Array<{question: string; answer: string}>;
    expect(context).toHaveLength(1);
    expect(context[0].question).toBe(FIRST);
    expect(context[0].answer.length).toBeGreaterThan(50);

    // Newest at the bottom: both questions, in order, the first answer still on screen above the follow-up.
    expect(await askedQuestions(page)).toEqual([`${chatText.youAsked} ${FIRST}`, `${chatText.youAsked} ${FOLLOW_UP}`]);
    expect(firstAnswer.length).toBeGreaterThan(50);
    expect(await answer(page).textContent()).toContain(firstAnswer.slice(0, 60));
    // The follow-up was answered about tokens: the server read "it" with the earlier question.
    const sourceLists = dialog(page).getByRole('list', {name: chatText.referencesHeading});
    await expect.poll(() => sourceLists.count()).toBe(2);
    const followUpFirstSource = await sourceLists.nth(1).getByRole('link').first().getAttribute('href');
    expect(followUpFirstSource).toMatch(/^\/docs\/authentication\/personal-access-tokens/);

    // Two feedback rows; rating the earlier answer logs its own question and leaves the latest one's row as it was.
    const feedbackRows = dialog(page).getByRole('group', {name: chatText.feedbackQuestion});
    expect(await feedbackRows.count()).toBe(2);
    await feedbackRows.first().getByRole('button', {name: chatText.thumbsUpLabel}).click();
    await expect.poll(() => dialog(page).getByText(chatText.feedbackThanks).count()).toBe(1);
    expect(await feedbackRows.count()).toBe(1);
    await expect
      .poll(() => sent.filter((r) => r.path === chatService.queryLogUrl).map((r) => r.body))
      .toContainEqual({query: FIRST, result_rating: 'positive'});
    await page.context().close();
  });

  it('lasts through closing the dialog and moving to another page, ends with "New conversation" or a reload', async () => {
    const {page, sent} = await openChat();
    await askAndWait(page, sent, FIRST);
    const before = await answer(page).textContent();

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await openButton(page).click();
    expect(await answer(page).textContent()).toBe(before);
    expect(await input(page).inputValue()).toBe(FIRST);

    // A source link moves through the router (the page's own state survives), and closes the dialog.
    await page.evaluate(() => ((window as unknown as {visitMarker: number}).visitMarker = 1));
    const source = dialog(page).getByRole('list', {name: chatText.referencesHeading}).getByRole('link').first();
    const href = (await source.getAttribute('href'))!;
    await source.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href.split('#')[0]);
    expect(await page.evaluate(() => (window as unknown as {visitMarker?: number}).visitMarker)).toBe(1);
    await expect.poll(() => dialog(page).count()).toBe(0);
    await openButton(page).click();
    expect(await answer(page).textContent()).toBe(before);

    await askAndWait(page, sent, FOLLOW_UP);
    expect(await askedQuestions(page)).toHaveLength(2);
    await dialog(page).getByRole('button', {name: chatText.newConversation}).click();
    expect(await answer(page).isHidden()).toBe(true);
    expect(await input(page).inputValue()).toBe('');
    expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await askAndWait(page, sent, FIRST);
    expect(await askedQuestions(page)).toEqual([]);
    await reloadHydrated(page);
    await openButton(page).click();
    await input(page).waitFor();
    expect(await answer(page).isHidden()).toBe(true);
    expect(await input(page).inputValue()).toBe('');
    await page.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical violation in a conversation of two answers (${colorScheme})`, async () => {
      const {page, sent} = await openChat({colorScheme});
      await askAndWait(page, sent, FIRST);
      await askAndWait(page, sent, FOLLOW_UP);
      // Let the sources finish fading in before contrast is measured.
      await page.waitForTimeout(1500);
      expect(await axeBlocking(page, '[role="dialog"]')).toEqual([]);
      await page.context().close();
    });
  }
});
