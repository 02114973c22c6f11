// Stands in for path-to-regexp inside React Router (swapped in by ./index.ts): static route paths get a string
// matcher (./static-path.js), every other path the original RegExp, both case-sensitive. The `?original` query
// keeps this module's own import of the package from being swapped as well.
import original from 'path-to-regexp?original';
import {staticPathPattern} from './static-path';

// Route paths match case-sensitively, as the server finds files: a URL with capitals that no file answers is the
// 404 page in the static HTML, and must stay that page once hydrated (a case-insensitive match rendered the doc and
// failed hydration).
function pathToRegexp(path, keys, options) {
  const withKeys = Array.isArray(keys);
  const settings = {...(withKeys ? options : keys), sensitive: true};
  return staticPathPattern(path, settings, () => original(path, [], settings)) ?? (withKeys ? original(path, keys, settings) : original(path, settings));
}

export default Object.assign(pathToRegexp, {
  parse: original.parse,
  compile: original.compile,
  tokensToFunction: original.tokensToFunction,
  tokensToRegExp: original.tokensToRegExp,
});
