/** Window event that asks the search modal to open; any component may dispatch it. */
export const OPEN_SEARCH_EVENT = 'datahub:open-search';

/** Window event that asks for the modal's code and the index's lexicon ahead of a likely open (hover, focus, touch). */
export const PREPARE_SEARCH_EVENT = 'datahub:prepare-search';

/** Opens the search modal, optionally with a query already typed. */
export function openSearch(query = ''): void {
  window.dispatchEvent(new CustomEvent<{query: string}>(OPEN_SEARCH_EVENT, {detail: {query}}));
}

/** Starts loading the search modal before it is opened; calling it again costs nothing. */
export function prepareSearch(): void {
  window.dispatchEvent(new Event(PREPARE_SEARCH_EVENT));
}
