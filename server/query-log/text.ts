/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as both stores keep it: a lone UTF-16 surrogate (which JSON may carry and UTF-8 cannot encode) becomes U+FFFD,
 * as PostgreSQL's driver writes it, instead of the invalid UTF-8 SQLite would store.
 */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');
