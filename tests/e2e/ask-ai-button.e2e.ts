import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chatService, chatText} from '../../src/site';
import {answer, chatState, dialog, input, openButton} from './chat-page';
import {gotoHydrated, launchChromium, newPage} from './browser';
import {searchDialog, searchInput} from './search-page';

/**
 * The "Ask our AI" button never covers a page's text (issue 34): on every top-level route kind, at a phone's and a
 * laptop's width, its box is compared with the box of every line of text on the page at scroll positions from the
 * top to the end.
 */

const ROUTES = ['/', '/docs/', '/docs/quickstart', '/guild/', '/integrations', '/search?q=lineage', '/no-such-page'];
const VIEWPORTS = [
  {width: 390, height: 844},
  {width: 1280, height: 800},
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Scrolls through the page a third of the viewport at a time; at each position lists the text the button lies over
 * (the fixed navbar, which passes over everything, and text too small to read, such as screen-reader-only labels, aside).
 */
function coveredText(page: Page, buttonSelector: string): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const button = document.querySelector(selector)!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const covered = new Set<string>();
    const end = document.documentElement.scrollHeight;
    for (let y = 0; y <= end; y += Math.round(window.innerHeight / 3)) {
      window.scrollTo(0, y);
      await frame();
      const b = button.getBoundingClientRect();
      if (b.bottom <= 0 || b.top >= window.innerHeight || b.width === 0) continue;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || button.contains(parent) || parent.closest('nav.navbar, .navbar-sidebar')) continue;
        if (getComputedStyle(parent).visibility === 'hidden') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width <= 2 || r.height <= 2) continue;
          if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) covered.add(`${node.textContent.trim().slice(0, 40)} (scrolled to ${y})`);
        }
      }
    }
    return Array.from(covered);
  }, buttonSelector);
}

describe('the "Ask our AI" button', () => {
  for (const viewport of VIEWPORTS) {
    for (const route of ROUTES) {
      it(`covers no text on ${route} at ${viewport.width} px, at any scroll position`, async () => {
        const page = await newPage(browser, {viewport});
        await gotoHydrated(page, route);
        const button = openButton(page);
        expect(await button.count()).toBe(1);
        await button.evaluate((el) => el.setAttribute('data-measured-button', ''));
        expect(await coveredText(page, '[data-measured-button]')).toEqual([]);
        // It is there to be found: at the end of the page it is in view, with its visible label.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await button.isVisible()).toBe(true);
        expect(await button.textContent()).toContain('Ask our AI');
        await page.context().close();
      });
    }
  }
});

/** The prompts the page posts to the completions endpoint, and the questions it logs, from now on. */
function sentQuestions(page: Page): {prompts: string[]; logged: string[]} {
  const sent = {prompts: [] as string[], logged: [] as string[]};
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (request.method() !== 'POST') return;
    if (pathname === chatService.completionsUrl) sent.prompts.push((request.postDataJSON() as {prompt: string}).prompt);
    if (pathname === chatService.queryLogUrl) sent.logged.push((request.postDataJSON() as {query: string}).query);
  });
  return sent;
}

/** The search modal's "Ask our AI: ⟨question⟩" action, found by its role and name as a screen reader finds it. */
const askOption = (page: Page, question: string) => searchDialog(page).getByRole('option', {name: `${chatText.askFromSearch} ${question}`, exact: true});

/** The questions shown in the chat's conversation, in order. */
const askedQuestions = (page: Page) =>
  answer(page).locator('p').filter({hasText: chatText.youAsked}).evaluateAll((els) => els.map((el) => el.textContent?.replace(/^.*?:\s*/, '') ?? ''));

describe('the chat from the search modal (issue 49)', () => {
  it('offers "Ask our AI: ⟨what was typed⟩" before the results; ↑ then Enter opens the chat with the question asked', async () => {
    const question = 'How do I create a personal access token?';
    const page = await newPage(browser);
    const sent = sentQuestions(page);
    await gotoHydrated(page, '/integrations');
    await page.keyboard.press('Control+k');
    await searchInput(page).fill(question);
    await searchDialog(page).getByRole('option').nth(2).waitFor();
    // Enter still opens the first result until the reader moves: ↑ from it reaches the Ask action, above it.
    expect(await searchInput(page).getAttribute('aria-activedescendant')).toBe('search-option-0');
    await page.keyboard.press('ArrowUp');
    const ask = askOption(page, question);
    expect(await ask.getAttribute('aria-selected')).toBe('true');
    expect(await searchInput(page).getAttribute('aria-activedescendant')).toBe(await ask.getAttribute('id'));
    await page.keyboard.press('Enter');

    await expect.poll(() => searchDialog(page).count()).toBe(0);
    await dialog(page).waitFor();
    expect(await input(page).inputValue()).toBe(question);
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Asked at once, once: one completion request and one logged question, with what was typed.
    await expect.poll(() => sent.prompts).toEqual([question]);
    await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
    expect((await answer(page).textContent())!.trim().length).toBeGreaterThan(40);
    expect(await dialog(page).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(sent.logged).toEqual([question]);
    await page.context().close();
  });

  it('on a phone, a tap on the Ask action asks the question in the visit\'s conversation, shown in its thread', async () => {
    const first = 'How do I create a personal access token?';
    const next = 'How do I ingest metadata from Snowflake?';
    const page = await newPage(browser, {viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true});
    const sent = sentQuestions(page);
    await gotoHydrated(page, '/');
    for (const question of [first, next]) {
      await page.getByRole('button', {name: 'Search', exact: true}).tap();
      await searchInput(page).fill(question);
      await askOption(page, question).tap();
      await expect.poll(() => searchDialog(page).count()).toBe(0);
      await expect.poll(() => sent.prompts.at(-1)).toBe(question);
      await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
      if (question === first) await dialog(page).getByRole('button', {name: chatText.closeLabel}).tap();
    }
    // The second question follows the first in the thread, each above its own answer.
    expect(await askedQuestions(page)).toEqual([first, next]);
    expect(sent.prompts).toEqual([first, next]);
    await page.context().close();
  });
});

describe('the "Ask our AI" button in the footer (issue 49)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`stands on the footer's own background in ${colorScheme} mode, not on a band of the page's colour`, async () => {
      const page = await newPage(browser, {colorScheme, viewport: {width: 390, height: 844}});
      await gotoHydrated(page, '/');
      const colours = await openButton(page).evaluate((button) => {
        // The colour behind the button: the first box around it that paints a background.
        let behind = button.parentElement;
        while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
        const footer = document.querySelector('footer')!;
        return {behind: behind ? getComputedStyle(behind).backgroundColor : 'none', footer: getComputedStyle(footer).backgroundColor, page: getComputedStyle(document.body).backgroundColor};
      });
      expect(colours.footer).not.toBe(colours.page);
      expect(colours.behind).toBe(colours.footer);
      await page.context().close();
    });
  }
});
