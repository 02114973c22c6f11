/** Folder of files served as static assets (in `npm start` and copied into build/). */
export const SEARCH_STATIC_DIR = '.generated/search-static';
/** Full sections for the chat server, next to the build. */
export const CHAT_SECTIONS_FILE = 'chat-sections.json';
/** Folder (in the static files and the build) of the sharded index: the lexicon and its shards, all content-hashed. */
export const SEARCH_SHARDS_DIR = 'search-shards';
