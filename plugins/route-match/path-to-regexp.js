// Stands in for path-to-regexp inside React Router (swapped in by ./index.ts): static route paths get a string
// matcher (./static-path.js), every other path the original RegExp. The `?original` query keeps this module's own
// import of the package from being swapped as well.
import original from 'path-to-regexp?original';
import {staticPathPattern} from './static-path';

function pathToRegexp(path, keys, options) {
  const settings = Array.isArray(keys) ? options : keys;
  return staticPathPattern(path, settings, () => original(path, [], settings)) ?? original(path, keys, options);
}

export default Object.assign(pathToRegexp, {
  parse: original.parse,
  compile: original.compile,
  tokensToFunction: original.tokensToFunction,
  tokensToRegExp: original.tokensToRegExp,
});
