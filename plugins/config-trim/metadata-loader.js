// Loader for the browser build of Docusaurus's generated site metadata (.docusaurus/site-metadata.json), which every
// page loads with the app: besides the Docusaurus and site versions, the name and version of each plugin, which only
// the debug plugin's pages show and no browser code of this site reads. The browser copy keeps the versions and an
// empty plugin list; the server render keeps the whole file.
function trimSiteMetadataSource(source) {
  const metadata = JSON.parse(source);
  if (typeof metadata.pluginVersions !== 'object' || metadata.pluginVersions === null) {
    throw new Error('[config-trim] the generated site metadata has no pluginVersions; the Docusaurus version changed: update plugins/config-trim');
  }
  return JSON.stringify({...metadata, pluginVersions: {}});
}

module.exports = function trimSiteMetadata(source) {
  return trimSiteMetadataSource(source);
};
module.exports.trimSiteMetadataSource = trimSiteMetadataSource;
