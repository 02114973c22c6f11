/** Window event that asks the search modal to open; any component may dispatch it. */
export const OPEN_SEARCH_EVENT = 'datahub:open-search';

/** Opens the search modal, optionally with a query already typed. */
export function openSearch(query = ''): void {
  window.dispatchEvent(new CustomEvent<{query: string}>(OPEN_SEARCH_EVENT, {detail: {query}}));
}
