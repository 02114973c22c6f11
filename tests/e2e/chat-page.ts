import type {Page} from 'playwright-core';
import {chatText} from '../../src/site';

/** Where the chat's parts are on a page, by role and accessible name, as a reader (and a screen reader) finds them. */
export const openButton = (page: Page) => page.getByRole('button', {name: chatText.buttonAccessibleLabel});
export const dialog = (page: Page) => page.getByRole('dialog', {name: chatText.title});
export const input = (page: Page) => dialog(page).getByRole('textbox', {name: chatText.title});
export const answer = (page: Page) => dialog(page).getByRole('region', {name: chatText.answerLabel});
export const chatState = (page: Page) => dialog(page).getAttribute('data-state');

/** Records every data-state the dialog takes and the answer length seen in each, from inside the page. */
export async function recordStates(page: Page): Promise<() => Promise<Array<{state: string; answerLength: number}>>> {
  await page.evaluate(() => {
    const el = document.querySelector('[role="dialog"]')!;
    const seen: Array<{state: string; answerLength: number}> = [];
    (window as unknown as {chatStates: typeof seen}).chatStates = seen;
    const record = () => {
      const state = el.getAttribute('data-state') ?? '';
      const answerLength = el.querySelector('[role="region"]')?.textContent?.length ?? 0;
      const last = seen.at(-1);
      if (!last || last.state !== state || last.answerLength !== answerLength) seen.push({state, answerLength});
    };
    new MutationObserver(record).observe(el, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  return () => page.evaluate(() => (window as unknown as {chatStates: Array<{state: string; answerLength: number}>}).chatStates);
}
