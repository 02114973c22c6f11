import type {Page} from 'playwright-core';
import {chatText} from '../../src/site';

/** Where the chat's parts are on a page, by role and accessible name, as a reader (and a screen reader) finds them. */
export const openButton = (page: Page) => page.getByRole('button', {name: chatText.buttonAccessibleLabel});
export const dialog = (page: Page) => page.getByRole('dialog', {name: chatText.title});
export const input = (page: Page) => dialog(page).getByRole('textbox', {name: chatText.title});
export const answer = (page: Page) => dialog(page).getByRole('region', {name: chatText.answerLabel});
export const chatState = (page: Page) => dialog(page).getAttribute('data-state');
