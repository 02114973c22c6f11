import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chatService, chatText, codeBlockLabel} from '../../src/site';
import {answer, chatState, dialog, input, openButton} from './chat-page';
import {gotoHydrated, launchChromium, newPage} from './browser';
import {CODE, CODE_QUESTION, CODE_TITLE, codeAnswerDeltas} from './code-answer';
import {startLlmSiteServer, type LlmSiteServer} from './llm-site-server';

/**
 * Code in a chat answer (issue 49 item 5) looks and works as on the doc pages: the file title above it, Prism's
 * colours, a copy button, and a tab stop with a name so a keyboard reader can scroll it. A block still streaming shows
 * its lines plain and is coloured once, when its fence closes.
 */

const PHONE = {width: 390, height: 844};
/** The theme's copy button, as a screen reader names it. */
const COPY_CODE = 'Copy code to clipboard';

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

const codeBlock = (page: Page) => answer(page).getByRole('group', {name: codeBlockLabel(CODE_TITLE, 'python')});

async function openChat(page: Page): Promise<void> {
  await gotoHydrated(page, '/docs/features');
  await openButton(page).click();
  await input(page).waitFor();
}

async function askForCode(page: Page): Promise<void> {
  await input(page).fill(CODE_QUESTION);
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === chatService.completionsUrl && r.method() === 'POST');
  await input(page).press('Enter');
  await request;
}

/** Colours of the block's text and of its keyword and string tokens, once Prism has coloured it. */
function tokenColours(page: Page) {
  return codeBlock(page).evaluate((pre) => {
    const colourOf = (selector: string) => {
      const token = pre.querySelector(selector);
      return token ? getComputedStyle(token).color : null;
    };
    return {plain: getComputedStyle(pre).color, keyword: colourOf('.token.keyword'), string: colourOf('.token.string')};
  });
}

describe('chat: a code block in an answer', () => {
  it('shows its title and Prism colours, copies the exact code, and is a named tab stop that scrolls', async () => {
    llmSite.llm.mode = 'stream';
    llmSite.llm.deltas = codeAnswerDeltas();
    const page = await newPage(browser, {baseURL: llmSite.address, viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write']});
    await openChat(page);
    await askForCode(page);
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');

    expect(await answer(page).getByText(CODE_TITLE, {exact: true}).isVisible()).toBe(true);
    // Line for line the code as the docs write it.
    expect(await codeBlock(page).locator('.token-line').allTextContents()).toEqual(CODE.split('\n'));
    // Keywords and strings take the code theme's colours, unlike the text around them.
    await expect.poll(async () => (await tokenColours(page)).keyword).not.toBeNull();
    const colours = await tokenColours(page);
    expect(colours.keyword).not.toBe(colours.plain);
    expect(colours.string).not.toBe(colours.plain);
    expect(colours.string).not.toBe(colours.keyword);

    await codeBlock(page).hover();
    await answer(page).getByRole('button', {name: COPY_CODE}).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);

    // Tab from the question's input reaches the block; once focused, the arrow keys scroll its long lines.
    await input(page).focus();
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    const tabs: Array<string | undefined> = [];
    for (let i = 0; i < 12 && tabs.at(-1) !== codeBlockLabel(CODE_TITLE, 'python'); i++) {
      await page.keyboard.press('Tab');
      tabs.push(await focusedLabel());
    }
    expect(tabs.at(-1), `focus went through ${tabs.join(', ')}`).toBe(codeBlockLabel(CODE_TITLE, 'python'));
    expect(await codeBlock(page).evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => codeBlock(page).evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows a block that is still streaming as plain lines, and colours it once its fence has closed', async () => {
    llmSite.llm.mode = 'slow';
    llmSite.llm.intervalMs = 40;
    llmSite.llm.deltas = codeAnswerDeltas();
    const page = await newPage(browser, {baseURL: llmSite.address});
    await openChat(page);
    // Every state of the answer's code block, as the reader would have seen it, from inside the page.
    await page.evaluate(() => {
      const seen: Array<{length: number; coloured: boolean}> = [];
      (window as unknown as {codeStates: typeof seen}).codeStates = seen;
      new MutationObserver(() => {
        const pre = document.querySelector('[role="dialog"] [role="region"] pre');
        if (!pre) return;
        const state = {length: pre.textContent?.length ?? 0, coloured: !!pre.querySelector('.token:not(.plain)')};
        const last = seen.at(-1);
        if (!last || last.length !== state.length || last.coloured !== state.coloured) seen.push(state);
      }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    });
    await askForCode(page);
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
    await expect.poll(async () => (await tokenColours(page)).keyword).not.toBeNull();

    const states = await page.evaluate(() => (window as unknown as {codeStates: Array<{length: number; coloured: boolean}>}).codeStates);
    const whole = CODE.replace(/\n/g, '').length;
    const partial = states.filter((s) => s.length < whole);
    // The block was seen growing, line by line, and never coloured before it was whole.
    expect(partial.length).toBeGreaterThan(5);
    expect(partial.filter((s) => s.coloured)).toEqual([]);
    // Coloured once: every coloured state holds the whole code.
    expect(new Set(states.filter((s) => s.coloured).map((s) => s.length))).toEqual(new Set([whole]));
    await page.context().close();
  });

  it('colours a block the reader stopped in the middle of, as far as it arrived', async () => {
    // The model sends the answer up to the middle of the block, then only keep-alive comments until it is stopped.
    llmSite.llm.mode = 'keepalive';
    llmSite.llm.intervalMs = 200;
    const half = CODE.split('\n').slice(0, 4).join('\n');
    llmSite.llm.deltas = [`Like this:\n\n\`\`\`python title="${CODE_TITLE}"\n${half}\n`];
    const page = await newPage(browser, {baseURL: llmSite.address});
    await openChat(page);
    await askForCode(page);
    await expect.poll(() => answer(page).getByText(CODE_TITLE, {exact: true}).count(), {timeout: 60_000}).toBe(1);
    expect(await chatState(page)).toBe('streaming-answer');
    await dialog(page).getByRole('button', {name: chatText.stopLabel}).click();
    await expect.poll(() => chatState(page)).toBe('done');
    await expect.poll(async () => (await tokenColours(page)).keyword).not.toBeNull();
    expect(await codeBlock(page).locator('.token-line').allTextContents()).toEqual(half.split('\n'));
    await page.context().close();
  });
});
