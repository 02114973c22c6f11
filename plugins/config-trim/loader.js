// Loader for the browser build of Docusaurus's generated copy of the site config (.docusaurus/docusaurus.config.mjs).
// The page template and the plugin, preset and theme options are read while building only; in the browser they are
// bytes in every page's first load that nothing reads, so they are dropped there. The server render keeps them.

/** Site config fields that only the build reads. */
const BUILD_ONLY_FIELDS = ['ssrTemplate', 'presets', 'plugins', 'themes'];

const PREFIX = 'export default';

/** The module's source without the build-only fields; a source of another shape is an error, not a silent no-op. */
function trimConfigSource(source) {
  const start = source.indexOf(PREFIX);
  if (start < 0) throw new Error('[config-trim] the generated site config has no default export; the Docusaurus version changed: update plugins/config-trim');
  const config = JSON.parse(source.slice(start + PREFIX.length).trim().replace(/;\s*$/, ''));
  for (const field of BUILD_ONLY_FIELDS) delete config[field];
  return `${PREFIX} ${JSON.stringify(config)};\n`;
}

module.exports = function trimConfig(source) {
  return trimConfigSource(source);
};
module.exports.trimConfigSource = trimConfigSource;
module.exports.BUILD_ONLY_FIELDS = BUILD_ONLY_FIELDS;
