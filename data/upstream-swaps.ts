/**
 * The upstream files our swaps were written against. Each plugin below (and the code-block swizzles) replaces,
 * rewrites or leans on a private file of Docusaurus or a library it ships; when one of those files changes, the swap
 * may still build and quietly do the wrong thing. scripts/check-upstream.ts hashes the installed files in `npm test`
 * and names every entry whose file changed, with what the swap does and what to compare.
 *
 * After reviewing a change: update the swap if needed, then set `version` and `sha256` to what the check printed.
 */
/**
 * Every optimization that reaches into Docusaurus (a plugin folder, the page template's plugin, or a swizzle, from
 * the repository root) and what the plain build has in its place: `SITE_OPTIMIZATIONS=off` (plugins/optimizations)
 * leaves out each plugin and gives each swizzle back to the theme, so the site builds and works without any of them.
 * Every upstream file below belongs to one of these; a new one added here must be wired in plugins/optimizations/config.ts
 * (the type of its optimization plugins lists every plugin here) or be a swizzle under src/theme.
 */
export const optimizations = {
  'plugins/after-hydration': "Docusaurus's useIsBrowser and useWindowSize, which set their values from effects",
  'plugins/client-startup': "Docusaurus's browser entry and route preloader, which start the site and a route's chunks in one task each",
  'plugins/config-trim': 'the whole site config and the plugin list of the site metadata in every page load',
  'plugins/css-prune': 'the unpruned stylesheet, with the CSS of every component in it',
  'plugins/generated-rewrite': "Docusaurus's generated files as written (the helper of config-trim, global-data-compact and registry-trim)",
  'plugins/global-data-compact': 'the global data as Docusaurus writes it',
  'plugins/lazy-routes': "Docusaurus's ComponentCreator, which makes every route's loadable component while the routes module is evaluated",
  'plugins/module-swap': "the framework's own modules (the helper of every module swap)",
  'plugins/page-scripts': "Docusaurus's page template (<script defer> tags) and no route chunks written into the pages",
  'plugins/prism-on-demand': "the theme's Prism client module and inline code colours",
  'plugins/progress-bar': "the theme's progress bar, with nprogress in every page load",
  'plugins/registry-trim': 'the chunk registry with its module paths',
  'plugins/route-match': "React Router's path-to-regexp",
  'plugins/route-prefetch': "Docusaurus's route prefetcher",
  'plugins/shallow-memo': "the theme's useShallowMemoObject",
  'plugins/utils-common-esm': "@docusaurus/utils-common's entry, with tslib",
  'plugins/webp-check': "the ideal-image plugin's WebP check, which encodes a 300 x 150 canvas",
  'src/theme/CodeBlock': "the theme's CodeBlock, which re-mounts each block after hydration",
  'src/theme/CodeBlock/Container': "the theme's Container, with inline code colours",
  'src/theme/CodeBlock/Content':
    "the theme's Content (Prism in the browser), with the accessible name every code block has (a feature, not an optimization: src/features/code/NamedCodeBlockContent.tsx)",
  'src/theme/Navbar/MobileSidebar': "the theme's mobile menu, rendered as soon as a phone-sized page hydrates",
} as const satisfies Record<string, string>;

/** The name of an optimization in `optimizations`. */
export type OptimizationName = keyof typeof optimizations;

export interface UpstreamDependency {
  /** Our code that depends on the file: the optimization it belongs to. */
  plugin: OptimizationName;
  /** npm package that holds the file, as installed under node_modules. */
  package: string;
  /** The package's version the swap was written and last reviewed against. */
  version: string;
  /** Path of the file inside the package. */
  file: string;
  /** sha256 (hex) of the file's content at `version`. */
  sha256: string;
  /** What our swap does with, or instead of, this file. */
  swap: string;
  /** What to compare between the old and the new file before accepting the new hash. */
  compare: string;
}

const DOCUSAURUS = '3.10.2';

export const upstreamDependencies: readonly UpstreamDependency[] = [
  {
    plugin: 'plugins/after-hydration',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/client/browserContext.js',
    sha256: 'f0765ea0de6c682044acc2d1f6f7d474e9ac389591a8e97f877e437c09225b4c',
    swap: 'browser-context.js replaces it in the browser and sets isBrowser to true in a transition',
    compare: 'the exports (Context, BrowserContextProvider) and when the provider turns the value to true',
  },
  {
    plugin: 'plugins/after-hydration',
    package: '@docusaurus/theme-common',
    version: DOCUSAURUS,
    file: 'lib/hooks/useWindowSize.js',
    sha256: 'a32a46c867130090a4d785590da6f9cc69789eb67a94a5386fc6416857b91872',
    swap: 'use-window-size.js replaces it in the browser and sets the first measured size in a transition',
    compare: "the values it returns ('ssr', 'mobile', 'desktop'), the default breakpoint (996, site.mobileBreakpoint) and the resize handling",
  },
  {
    plugin: 'plugins/client-startup',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/client/clientEntry.js',
    sha256: 'a9d6514eaf79c05c7d5275b5139298a5467c1c8339ab8a887c5d8ba61aff9871',
    swap: 'entry.js replaces the browser entry and takes the same start-up steps with a yield to the browser between them',
    compare: 'every step of the original against entry.js: window.docusaurus, the router choice, the providers around <App>, preload, hydrateRoot or createRoot and their options, hot reload',
  },
  {
    plugin: 'plugins/client-startup',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/client/preload.js',
    sha256: '8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542',
    swap: "preload-route.js replaces it in the browser: the same route layers (matching the path and its decoded form) load their chunks, each layer started in a task of its own",
    compare: 'which routes it matches and what it calls on each (route.component.preload) against preload-route.js',
  },
  {
    plugin: 'plugins/config-trim',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/server/codegen/codegen.js',
    sha256: '611cf627307a668cad034f2a00e6218347b0fb9136cac2fe6ec9d3cff39a57df',
    swap: "loader.js rewrites the browser's copy of .docusaurus/docusaurus.config.mjs without ssrTemplate, presets, plugins and themes; metadata-loader.js empties the pluginVersions of site-metadata.json there",
    compare: "the shape written for docusaurus.config.mjs ('export default' + JSON) and site-metadata.json, and whether client code of core or the themes now reads one of the dropped fields or pluginVersions",
  },
  {
    plugin: 'plugins/global-data-compact',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/server/codegen/codegen.js',
    sha256: '611cf627307a668cad034f2a00e6218347b0fb9136cac2fe6ec9d3cff39a57df',
    swap: "loader.js turns the browser's copy of .docusaurus/globalData.json into a module that stores doc paths once",
    compare: 'that globalData.json is still written as plain JSON of the plugins\' global data',
  },
  {
    plugin: 'plugins/global-data-compact',
    package: '@docusaurus/plugin-content-docs',
    version: DOCUSAURUS,
    file: 'lib/globalData.js',
    sha256: '192cde2ebaf1ba1424d9a9be9a0f03f77cc4e8385ca36a6c577899fe98df9920',
    swap: 'loader.js packs each version\'s docs list ({id, path, sidebar}) and rebuilds the same objects in the browser',
    compare: "the fields of a version and of a doc in the docs plugin's global data, and how a doc's path is built from its id",
  },
  {
    plugin: 'plugins/generated-rewrite',
    package: '@docusaurus/utils',
    version: DOCUSAURUS,
    file: 'lib/constants.js',
    sha256: '50d441e74d8bee336e48ecb3babf59535a85a52a5e85d6068bdaaef7a550aa21',
    swap: 'the rewrite rules of config-trim, global-data-compact and registry-trim match generated files under .docusaurus/',
    compare: 'GENERATED_FILES_DIR_NAME (still .docusaurus) and the names of the generated files',
  },
  {
    plugin: 'plugins/lazy-routes',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/client/exports/ComponentCreator.js',
    sha256: '5f99bdbd725f6e0b2943d25f99c93205952e9b45ac78c76b63f62a767bbba363',
    swap: "component-creator.js returns a component that makes the original's route component on its first render or preload",
    compare: 'the signature (path, hash), that the result is rendered as a component and preloaded through .preload() only, and that nothing else reads it',
  },
  {
    plugin: 'plugins/module-swap',
    package: '@docusaurus/bundler',
    version: DOCUSAURUS,
    file: 'lib/currentBundler.js',
    sha256: '51db7c2a2fbfe69d507f0d678cc6ee4794f587f55928a36a07ba2284e7d06080',
    swap: "every module swap is a NormalModuleReplacementPlugin of the bundler Docusaurus hands to configureWebpack",
    compare: 'that currentBundler.instance (webpack or Rspack) still offers NormalModuleReplacementPlugin, and which bundler is chosen',
  },
  {
    plugin: 'plugins/css-prune',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/webpack/base.js',
    sha256: 'b3c441dfc9ae516bb37243d2a502d4acf3298c0c9acd62120e644a0c067513ea',
    swap: "index.ts narrows the test of the bundler's \"styles\" cache group, so the CSS of on-demand components stays in their chunks, and prunes styles.<hash>.css after the build",
    compare: 'the styles cache group (its name, type and priority) and the name of the one stylesheet every page links (STYLESHEET)',
  },
  {
    plugin: 'plugins/page-scripts',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/ssg/ssgTemplate.html.js',
    sha256: '5d6584e4a61b22d44bbbd7fe92a7a30352564b5a1dc89853a9bdbbf14d092597',
    swap: 'ssrTemplate (index.ts) is this default page template with the <script defer> tags replaced by a JSON list and the loader that starts them after the first paint',
    compare: 'every line of the default template against ssrTemplate: the variables it reads (it.scripts, it.stylesheets, it.headTags and the rest) and where it puts them',
  },
  {
    plugin: 'plugins/page-scripts',
    package: 'react-loadable-ssr-addon-v5-slorber',
    version: '1.0.3',
    file: 'lib/ReactLoadableSSRAddon.js',
    sha256: '3e3f7bf0ac88ab4720df0b70463d509e0c8cd7233e7accf6e79c7f5192b9f32e',
    swap: 'route-chunks.ts reads the client manifest it writes (.docusaurus/client-manifest.json) to put each route\'s stylesheets and scripts into its page',
    compare: "the manifest's origins (chunk name -> chunk ids) and assets (chunk id -> js and css files with publicPath)",
  },
  {
    plugin: 'plugins/prism-on-demand',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/prism-include-languages.js',
    sha256: 'a464a26897ccb5b2a509dcec3fd9b35e7038c1ee91f7f8863c7096e991af8774',
    swap: 'an empty module replaces this client module; languages register in src/features/code/PrismLines.tsx instead',
    compare: 'what the client module registers with Prism, against PrismLines.tsx',
  },
  {
    plugin: 'plugins/prism-on-demand',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/index.js',
    sha256: '1e6ae89782bad9cb3fcd1818e4210a6eed60ee1cbf82f51696a6afcb9a91928c',
    swap: "the theme's client module './prism-include-languages' is aliased to an empty module",
    compare: 'getClientModules: the path of the Prism client module, and how additionalLanguages reach Prism',
  },
  {
    plugin: 'plugins/progress-bar',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/nprogress.js',
    sha256: '58b21ff3eb278f6cd3932e02e92a50108dac3a7e3f014813fefc70335eaab48f',
    swap: 'client.js replaces this client module and downloads nprogress on the first client-side navigation',
    compare: 'the delay (200 ms), the nprogress options and when the bar starts and ends, against client.js',
  },
  {
    plugin: 'plugins/progress-bar',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/nprogress.css',
    sha256: 'fb2bd3797f469d744e6860768015c89cc3ba51d29d1c1faf8886581df68da19e',
    swap: "client.js imports the theme's bar stylesheet through the alias theme-progress-bar.css",
    compare: 'that the stylesheet still styles the bar nprogress draws (and still sits at this path)',
  },
  {
    plugin: 'plugins/progress-bar',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/index.js',
    sha256: '1e6ae89782bad9cb3fcd1818e4210a6eed60ee1cbf82f51696a6afcb9a91928c',
    swap: "the theme's client module './nprogress' is swapped for client.js",
    compare: 'getClientModules: that the progress bar is still the client module ./nprogress',
  },
  {
    plugin: 'plugins/registry-trim',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/server/codegen/codegenRoutes.js',
    sha256: '6bdf7133ebc411f96e918619faf14543239e27adebe60f4bbb081a392349689c',
    swap: "loader.js empties the module path of each entry ([loader, module path, weak id]) in the browser's copy of .docusaurus/registry.js",
    compare: "the registry entry written by genRegistry: its three parts and their order, which loader.js's pattern matches",
  },
  {
    plugin: 'plugins/registry-trim',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/client/exports/ComponentCreator.js',
    sha256: '5f99bdbd725f6e0b2943d25f99c93205952e9b45ac78c76b63f62a767bbba363',
    swap: 'the browser gets registry entries without the module path',
    compare: 'which parts of a registry entry the browser reads (the loader and the weak id only; the module path is for the server render)',
  },
  {
    plugin: 'plugins/route-match',
    package: 'path-to-regexp',
    version: '1.9.0',
    file: 'index.js',
    sha256: '4960ba3d591002a5f7584d33da23f0a33fc8a02e09bfacd705123a0d51957a98',
    swap: "path-to-regexp.js stands in for it in the browser: static paths get a string matcher (static-path.js), matching is case-sensitive",
    compare: "the signature (path, keys, options), the meaning of sensitive, strict and end, and the exports parse, compile, tokensToFunction, tokensToRegExp",
  },
  {
    plugin: 'plugins/route-match',
    package: 'react-router',
    version: '5.3.4',
    file: 'esm/react-router.js',
    sha256: '959b74b77b5f2b69ac588c508f2d9b4d9b5cc26efa16a85de0ebed4b645c7b07',
    swap: "React Router is the only importer of path-to-regexp in the browser, and gets the stand-in",
    compare: 'how matchPath and generatePath call path-to-regexp (arguments, options, caching of the result)',
  },
  {
    plugin: 'plugins/route-prefetch',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/client/docusaurus.js',
    sha256: 'b0d1dbdc1e3a706fe1ffd91c726d8348c5e4ed6ac95a716f549eb58127a4b202',
    swap: 'client.js replaces the route prefetcher (window.docusaurus prefetch and preload) and prefetches in idle callbacks',
    compare: 'prefetch and preload against client.js: the connection checks, how chunk names are found for a route, what is fetched',
  },
  {
    plugin: 'plugins/route-prefetch',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/server/codegen/codegenRoutes.js',
    sha256: '6bdf7133ebc411f96e918619faf14543239e27adebe60f4bbb081a392349689c',
    swap: 'client.js finds a route\'s chunks by the keys of .docusaurus/routesChunkNames.json (route path + "-" + hash)',
    compare: 'the format of the routesChunkNames keys and values',
  },
  {
    plugin: 'plugins/route-prefetch',
    package: '@docusaurus/core',
    version: DOCUSAURUS,
    file: 'lib/webpack/plugins/ChunkAssetPlugin.js',
    sha256: 'd1fdb10641cef8bb8460f9f9e48dc18d0f86065e8c6e6d7422d5be18147f3257',
    swap: 'client.js maps a chunk name to its URL with __webpack_require__.gca',
    compare: 'that the runtime function is still named gca and what it returns for a chunk merged into another',
  },
  {
    plugin: 'plugins/shallow-memo',
    package: '@docusaurus/theme-common',
    version: DOCUSAURUS,
    file: 'lib/utils/reactUtils.js',
    sha256: 'a683742dac1a155bbd1c355601dedc1eeb7cc5edd7331cab26043c74233dca11',
    swap: 'react-utils.js re-exports every export of it with a useShallowMemoObject that sorts keys without localeCompare',
    compare: 'useShallowMemoObject against the stand-in, and that `export *` still covers every export',
  },
  {
    plugin: 'plugins/utils-common-esm',
    package: '@docusaurus/utils-common',
    version: DOCUSAURUS,
    file: 'lib/index.js',
    sha256: 'f67a902f603f736c0b6b81dfe3c4b600e26ad3018fb19158d877a8fe5d55424e',
    swap: "utils-common.js replaces the package's entry in the browser and re-exports the same functions by name, without tslib",
    compare: "the entry's export list and the files they come from, against utils-common.js (blogPostContainerID is copied)",
  },
  {
    plugin: 'plugins/webp-check',
    package: '@docusaurus/plugin-ideal-image',
    version: DOCUSAURUS,
    file: 'lib/theme/IdealImageLegacy/components/helpers.js',
    sha256: '118941a0509b408636f72c9c6b41c99b4d0a131209342ee666af0c8de956098f',
    swap: "loader.js makes the canvas of the WebP support check 1 x 1 pixel (it had the default 300 x 150) in the browser bundle",
    compare: 'how detectWebpSupport creates and encodes its canvas (the loader stops the build when the line it rewrites is gone)',
  },
  {
    plugin: 'src/theme/CodeBlock',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/theme/CodeBlock/index.js',
    sha256: '639f8655d319e123c4efa5223a42078d3e98ea361e206f6f1bfb87b080a28904',
    swap: 'the ejected CodeBlock renders String or Element content without re-mounting the block after hydration',
    compare: 'the props it passes to CodeBlock/Content/String and Element, and how it stringifies children',
  },
  {
    plugin: 'src/theme/CodeBlock/Content',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/theme/CodeBlock/Content/index.js',
    sha256: '0d361f5894590ea483a8cd846925bf41d85301eed29e0cfb4dc515128ab35556',
    swap: "the ejected Content keeps the static HTML's tokens in the browser and tokenises through code-block-lines",
    compare: 'the markup of <pre> and <code> (classes, tabIndex, ref, line numbering) and the context fields it reads',
  },
  {
    plugin: 'src/theme/CodeBlock/Content',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/theme/CodeBlock/Content/styles.module.css',
    sha256: '26dba21a9e8eb53810a03017513a07ac613288682addf075f186ed52b1b5e07f',
    swap: "the ejected Content imports the theme's stylesheet by path",
    compare: 'that codeBlock, codeBlockLines and codeBlockLinesWithNumbering still exist',
  },
  {
    plugin: 'src/theme/CodeBlock/Container',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/theme/CodeBlock/Container/index.js',
    sha256: '55ebecf7d04da06684ad2004600e175f2a63719cbcbc28cb7e2de5d33eede91b',
    swap: 'the ejected Container takes code colours from the code theme stylesheet instead of inline variables',
    compare: 'the class names and props of the container, and the inline style the original sets',
  },
  {
    plugin: 'src/theme/CodeBlock/Container',
    package: '@docusaurus/theme-classic',
    version: DOCUSAURUS,
    file: 'lib/theme/CodeBlock/Container/styles.module.css',
    sha256: '16d8fa7b71e6c0f6d7c0bed5bcdb62dbc8ed72a4967d23db1c4a311611b3e254',
    swap: "the ejected Container imports the theme's stylesheet by path",
    compare: 'that codeBlockContainer still exists and what it sets',
  },
];
