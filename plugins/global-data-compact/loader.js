// Loader for the browser build of Docusaurus's generated global data (.docusaurus/globalData.json). The docs plugin
// lists every doc of every version there ({id, path, sidebar}), and the path repeats the id: for the ~340 docs of this
// site that list is about a tenth of the first load's generated code. The browser copy stores a doc whose path is
// its version's path + "/" + id as its id alone (a string when it is in the version's main sidebar, a one-element
// array when it is in no sidebar) and rebuilds the same objects when the module runs.

const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

/** Packs the docs lists of `data` in place; returns what the browser needs to unpack them. */
function packDocs(data) {
  const packed = [];
  for (const [pluginId, plugin] of Object.entries(data[DOCS_PLUGIN] ?? {})) {
    if (!Array.isArray(plugin?.versions) || !plugin.versions.every((v) => typeof v.path === 'string' && Array.isArray(v.docs))) {
      throw new Error(`[global-data-compact] the docs plugin's global data (${pluginId}) has no versions with a path and docs; the Docusaurus version changed: update plugins/global-data-compact`);
    }
    plugin.versions.forEach((version, index) => {
      const prefix = `${version.path.replace(/\/$/, '')}/`;
      const sidebar = Object.keys(version.sidebars ?? {})[0];
      version.docs = version.docs.map((doc) => {
        const keys = Object.keys(doc).sort().join();
        if (doc.path !== prefix + doc.id) return doc;
        if (keys === 'id,path,sidebar' && doc.sidebar === sidebar) return doc.id;
        if (keys === 'id,path') return [doc.id];
        return doc;
      });
      packed.push([pluginId, index, prefix, sidebar ?? null]);
    });
  }
  return packed;
}

function compactGlobalDataSource(source) {
  const data = JSON.parse(source);
  const packed = packDocs(data);
  return [
    `const data = JSON.parse(${JSON.stringify(JSON.stringify(data))});`,
    `for (const [plugin, index, prefix, sidebar] of ${JSON.stringify(packed)}) {`,
    `  const version = data[${JSON.stringify(DOCS_PLUGIN)}][plugin].versions[index];`,
    '  version.docs = version.docs.map((doc) => typeof doc === "string" ? {id: doc, path: prefix + doc, sidebar} : Array.isArray(doc) ? {id: doc[0], path: prefix + doc[0]} : doc);',
    '}',
    'export default data;',
    '',
  ].join('\n');
}

module.exports = function compactGlobalData(source) {
  return compactGlobalDataSource(source);
};
module.exports.compactGlobalDataSource = compactGlobalDataSource;
