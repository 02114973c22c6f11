// Loader for the browser build of Docusaurus's generated chunk registry (.docusaurus/registry.js). Each entry is
// [loader, module path, weak module id]; the module path only serves the server render, which records the modules a
// page used (react-loadable's Capture). The browser never reads it, so it gets an empty string there.
module.exports = function trimRegistry(source) {
  return trimRegistrySource(source);
};

/** `import(/* c *\/ "P"), "P", require.resolveWeak("P")` -> `import(/* c *\/ "P"), "", require.resolveWeak("P")`. */
function trimRegistrySource(source) {
  return source.replace(/(\bimport\([^)]*?("[^"]+")\)\s*,\s*)\2(\s*,\s*require\.resolveWeak\(\2\))/g, '$1""$3');
}

module.exports.trimRegistrySource = trimRegistrySource;
