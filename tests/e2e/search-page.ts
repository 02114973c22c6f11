import type {Page} from 'playwright-core';

/** Where the search modal's parts are on a page, by role and accessible name, as a reader (and a screen reader) finds them. */
export const searchDialog = (page: Page) => page.getByRole('dialog', {name: 'Search the documentation'});
export const searchInput = (page: Page) => searchDialog(page).getByRole('combobox');
