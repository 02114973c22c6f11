// Matching of static route paths (no parameters, groups or wildcards) without a regular expression. React Router
// turns every route path into a RegExp (path-to-regexp) and runs it, route after route, until one matches: at 340
// doc routes the first match on a page (compiling each pattern and then each RegExp) cost about 85 ms of main thread
// at Lighthouse's mobile CPU throttling. For static paths the same answer is a string comparison.

/** Characters that make path-to-regexp read more than a literal: escapes, parameters, groups, wildcards. */
const PATTERN_SYNTAX = /[\\:(*]/;
/** Case-insensitive matching is compared with toLowerCase only where that is exactly the RegExp `i` flag: ASCII. */
const ASCII = /^[\x00-\x7f]*$/;

/**
 * A stand-in for the RegExp path-to-regexp builds from a static `path`, with the same `exec` result (whole match
 * only: static paths capture nothing). Returns undefined when the path or options need the real RegExp.
 */
export function staticPathPattern(path, options, buildRegExp) {
  if (typeof path !== 'string' || PATTERN_SYNTAX.test(path) || !ASCII.test(path) || options?.strict) return undefined;
  const end = options?.end !== false;
  const sensitive = Boolean(options?.sensitive);
  // Non-strict matching allows one trailing slash, so a trailing slash in the path itself is dropped (as there).
  const base = path.endsWith('/') ? path.slice(0, -1) : path;
  const comparableBase = sensitive ? base : base.toLowerCase();
  let regexp;
  const exactRegExp = () => (regexp ??= buildRegExp());

  function exec(input) {
    const text = String(input);
    if (!sensitive && !ASCII.test(text)) return exactRegExp().exec(text);
    const head = text.slice(0, base.length);
    if ((sensitive ? head : head.toLowerCase()) !== comparableBase) return null;
    const rest = text.slice(base.length);
    let length;
    if (rest === '' || rest === '/') length = text.length;
    else if (!end && rest.startsWith('/')) length = base.length;
    else return null;
    const match = [text.slice(0, length)];
    match.index = 0;
    match.input = text;
    return match;
  }

  return {exec, test: (input) => exec(input) !== null, keys: [], get source() { return exactRegExp().source; }};
}
