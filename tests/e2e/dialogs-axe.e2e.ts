import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chatService, codeBlockLabel} from '../../src/site';
import {axeBlocking} from './axe';
import {answer as chatAnswer, chatState, dialog as chatDialog, input as chatInput, openButton} from './chat-page';
import {gotoHydrated, launchChromium, newPage} from './browser';
import {CODE_QUESTION, CODE_TITLE, codeAnswerDeltas} from './code-answer';
import {startLlmSiteServer, type LlmSiteServer} from './llm-site-server';
import {searchDialog} from './search-page';
import {TABLE_QUESTION, tableAnswerDeltas} from './table-answer';

/**
 * Accessibility of the two dialogs in the state a reader uses them (issue 34): the search modal open with results and
 * one of them active, and the chat dialog open with an answer, and with an answer quoting code (issue 49), each in
 * light and dark mode. axe runs on the whole page, so what the dialog puts over the page is checked in place.
 */

let browser: Browser;
let llmSite: LlmSiteServer;

beforeAll(async () => {
  browser = await launchChromium();
  llmSite = await startLlmSiteServer();
  llmSite.llm.deltas = codeAnswerDeltas();
});
afterAll(async () => {
  await browser?.close();
  await llmSite?.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`dialogs in ${colorScheme} mode`, () => {
    it('the open search modal with an active result has no serious or critical axe violation', async () => {
      const page = await newPage(browser, {colorScheme});
      await gotoHydrated(page, '/docs/features');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      await page.keyboard.press('Control+k');
      await searchDialog(page).getByRole('combobox').fill('snowflake lineage');
      await searchDialog(page).getByRole('option').nth(1).waitFor();
      await page.keyboard.press('ArrowDown');
      const active = searchDialog(page).getByRole('option', {selected: true});
      await expect.poll(() => active.count()).toBe(1);
      expect(await active.evaluate((el) => el.id)).toBe(await searchDialog(page).getByRole('combobox').getAttribute('aria-activedescendant'));
      expect(await axeBlocking(page)).toEqual([]);
      await page.context().close();
    });

    it('the open chat dialog with an answer has no serious or critical axe violation', async () => {
      const page = await newPage(browser, {colorScheme});
      await gotoHydrated(page, '/docs/features');
      await openButton(page).click();
      await chatInput(page).fill('How do I create a personal access token?');
      const request = page.waitForRequest((r) => new URL(r.url()).pathname === chatService.completionsUrl);
      await chatInput(page).press('Enter');
      await request;
      await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
      expect(await chatDialog(page).getByRole('listitem').count()).toBeGreaterThan(0);
      // The sources fade in one after another: check the colours once every one has arrived.
      await page.waitForTimeout(1500);
      expect(await axeBlocking(page)).toEqual([]);
      await page.context().close();
    });

    it('the open chat dialog with a code answer has no serious or critical axe violation', async () => {
      const page = await newPage(browser, {colorScheme, baseURL: llmSite.address});
      await gotoHydrated(page, '/docs/features');
      await openButton(page).click();
      await chatInput(page).fill(CODE_QUESTION);
      await chatInput(page).press('Enter');
      await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
      // Its long lines make the block scroll, which axe's scrollable-region-focusable checks.
      const pre = chatAnswer(page).locator('pre');
      expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // Prism loaded with the block's first lines, during the stream: its colours are checked too, with the sources'.
      await page.waitForTimeout(1500);
      expect(await axeBlocking(page)).toEqual([]);
      expect(await pre.locator('.token.keyword').count()).toBeGreaterThan(0);
      expect(await chatAnswer(page).getByRole('group', {name: codeBlockLabel(CODE_TITLE, 'python')}).count()).toBe(1);
      await page.context().close();
    });

    it('a table too wide for a phone in a chat answer scrolls from the keyboard, with no serious or critical axe violation', async () => {
      llmSite.llm.deltas = tableAnswerDeltas();
      try {
        const page = await newPage(browser, {colorScheme, baseURL: llmSite.address, viewport: {width: 390, height: 844}});
        await gotoHydrated(page, '/docs/features');
        await openButton(page).click();
        await chatInput(page).fill(TABLE_QUESTION);
        await chatInput(page).press('Enter');
        await expect.poll(() => chatState(page), {timeout: 60_000}).toBe('done');
        const table = chatAnswer(page).locator('table');
        expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        // A tab stop of its own: the keyboard reaches it and the arrow keys scroll it.
        await expect.poll(() => table.getAttribute('tabindex')).toBe('0');
        await table.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        await page.waitForTimeout(1500);
        expect(await axeBlocking(page)).toEqual([]);
        await page.context().close();
      } finally {
        llmSite.llm.deltas = codeAnswerDeltas();
      }
    });
  });
}
