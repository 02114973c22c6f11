/**
 * Attribute a page sets on <html> (through Docusaurus's Head) to have a stand-alone script of its own run before its
 * page scripts: its value is the script's URL. The loader (loader.ts) starts that script at once and the page scripts
 * when it dispatches FIRST_SCRIPT_DONE_EVENT on document, when it fails to load, or after `MAX_WAIT_MS`. The search
 * page uses it to paint its first results before React (src/features/search/first-results.ts). A module of its own,
 * so that such a script carries these two names and not the loader.
 */
export const FIRST_SCRIPT_ATTRIBUTE = 'data-first-script';

/** Event a page's first script dispatches on document when the page scripts may start. */
export const FIRST_SCRIPT_DONE_EVENT = 'first-script-done';
