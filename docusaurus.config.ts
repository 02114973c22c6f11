import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {announcement, images, links, product, site} from './src/site';
import {darkCodeTheme, lightCodeTheme} from './src/colors/code-themes';
import palettePlugin from './plugins/palette';
import generateDocsPlugin from './plugins/generate';
import searchIndexPlugin, {SEARCH_STATIC_DIR} from './plugins/search-index';
import {readSearchConfig} from './plugins/search-index/config';
import pageDataPlugin from './plugins/page-data';
import devApiProxyPlugin from './plugins/dev-api-proxy';
import docTitlesPlugin from './plugins/doc-titles';
import rehypeTaskListLabels from './plugins/markdown/task-list-labels';
import fontsPlugin, {FONTS_STATIC_DIR} from './plugins/fonts';
import robotsPlugin from './plugins/robots';
import markdownTwinsPlugin, {MARKDOWN_STATIC_DIR} from './plugins/markdown-twins';
import redirectsPlugin, {REDIRECTS_STATIC_DIR} from './plugins/redirects';
import apiSettingsPlugin, {readApiSettings} from './plugins/api-settings';
import {stopWithMessage} from './plugins/stop-with-message';
import sourceMapsPlugin from './plugins/source-maps';
import {readSiteOptimizations} from './plugins/optimizations';
import {optimizationConfig} from './plugins/optimizations/config';

// A bad build-time setting stops the build with its one-line message, not a stack trace around it.
const search = stopWithMessage(readSearchConfig);
// Where the pages send the chat, the query log and page ratings (build-time settings; the defaults are same-origin).
const api = stopWithMessage(() => readApiSettings(process.env));
// SITE_OPTIMIZATIONS=off: the plain Docusaurus site, without the optimizations listed in data/upstream-swaps.ts.
const optimized = stopWithMessage(() => readSiteOptimizations(process.env, process.argv));
// Rspack's persistent cache is versioned by the theme's aliases, not by module swaps: a plain build would reuse the
// optimized build's module graph (or leave its own for it). The plain build neither reads nor writes that cache.
if (!optimized) process.env.DOCUSAURUS_NO_PERSISTENT_CACHE = '1';
const switched = optimizationConfig(optimized);

const config: Config = {
  title: product.name,
  tagline: product.tagline,
  favicon: 'img/logo.png',
  url: site.url,
  baseUrl: site.baseUrl,
  trailingSlash: undefined,

  ssrTemplate: switched.ssrTemplate,
  // The home page's own banner replaces the framework's, whose check would run before the page scripts could load.
  baseUrlIssueBanner: false,

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  markdown: {
    format: 'detect',
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  future: {
    faster: true,
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: true,
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
  },

  // Storage keys stay un-namespaced: the spec names them exactly (theme, docusaurus.announcement.*).
  storage: {type: 'localStorage', namespace: false},

  i18n: {
    defaultLocale: site.defaultLocale,
    locales: site.locales,
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory'},
    },
  },

  staticDirectories: ['static', SEARCH_STATIC_DIR, FONTS_STATIC_DIR, MARKDOWN_STATIC_DIR, REDIRECTS_STATIC_DIR],

  customFields: {search, api},

  // With a hosted index, open the connection to it early (spec 7.2).
  headTags: search.algolia
    ? [{tagName: 'link', attributes: {rel: 'preconnect', href: `https://${search.algolia.appId}-dsn.algolia.net`, crossorigin: 'anonymous'}}]
    : [],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          lastVersion: 'current',
          versions: {current: {label: site.currentVersionLabel}},
          showLastUpdateTime: false,
          rehypePlugins: [rehypeTaskListLabels],
        },
        blog: false,
        pages: {rehypePlugins: [rehypeTaskListLabels]},
        theme: {customCss: './src/css/custom.scss'},
        sitemap: {
          changefreq: 'weekly',
          priority: 0.5,
          ignorePatterns: ['/diagnostics/**'],
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    'docusaurus-plugin-sass',
    generateDocsPlugin,
    searchIndexPlugin,
    palettePlugin,
    fontsPlugin,
    robotsPlugin,
    pageDataPlugin,
    devApiProxyPlugin,
    docTitlesPlugin,
    markdownTwinsPlugin,
    redirectsPlugin,
    apiSettingsPlugin(api),
    sourceMapsPlugin,
    ...switched.plugins,
    [
      '@docusaurus/plugin-ideal-image',
      {
        quality: images.quality,
        sizes: [...images.sizes],
        disableInDev: false,
      },
    ],
  ],

  themes: ['@docusaurus/theme-mermaid'],

  themeConfig: {
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: announcement.id,
      content: `${announcement.text} <a href="${links.managedSignUp}" target="_blank" rel="noopener noreferrer">${announcement.linkLabel}</a>`,
      isCloseable: announcement.isCloseable,
      // Colours per mode come from custom.scss; Docusaurus would otherwise paint the bar white in dark mode too.
      backgroundColor: 'var(--dh-announcement-background)',
      textColor: 'var(--dh-announcement-text)',
    },
    navbar: {
      title: product.name,
      hideOnScroll: true,
      // static/img/logo.svg drawn at 96 x 96 (3x; tests/unit/logo-raster.test.ts keeps them alike): as an SVG image the
      // logo was a document of its own, 4 to 17 ms of the main thread while a page first rendered in Chromium 156.
      logo: {alt: `${product.name} logo`, src: 'img/logo.png', width: 32, height: 32},
      items: [
        {type: 'doc', docId: site.mainDocId, label: 'Docs', position: 'right'},
        {to: '/integrations', label: 'Integrations', position: 'right'},
        {href: links.demo, label: 'Demo', position: 'right'},
        {href: links.blog, label: 'Blog', position: 'right'},
        {href: links.roadmap, label: 'Roadmap', position: 'right'},
        // Docusaurus renders a one-version dropdown as a plain link; the releases entry makes it the spec's dropdown,
        // whose "Next" item stores the choice under docs-preferred-version-default.
        {type: 'docsVersionDropdown', position: 'right', dropdownItemsAfter: [{to: '/docs/releases', label: 'All releases'}]},
        {type: 'localeDropdown', position: 'right'},
        {href: links.chat, 'aria-label': 'Community chat', className: 'navbar-icon navbar-icon--chat', position: 'right'},
        {href: links.videoChannel, 'aria-label': 'Video channel', className: 'navbar-icon navbar-icon--video', position: 'right'},
        {href: links.sourceRepository, 'aria-label': 'Source repository', className: 'navbar-icon navbar-icon--repo', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            {label: 'Introduction', to: '/docs/introduction'},
            {label: 'Features', to: '/docs/features'},
            {label: 'Integrations', to: '/integrations'},
          ],
        },
        {
          title: 'Community',
          items: [
            {label: 'Chat', href: links.chat},
            {label: 'Video channel', href: links.videoChannel},
            {label: 'Guild', to: '/guild/'},
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Demo', href: links.demo},
            {label: 'Blog', href: links.blog},
            {label: 'Roadmap', href: links.roadmap},
            {label: 'Source repository', href: links.sourceRepository},
          ],
        },
      ],
      copyright: `Copyright © ${site.copyrightYears} ${product.name} project contributors.`,
    },
    tableOfContents: {
      minHeadingLevel: site.tocMinHeadingLevel,
      maxHeadingLevel: site.tocMaxHeadingLevel,
    },
    docs: {sidebar: {hideable: false, autoCollapseCategories: true}},
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // prism-react-renderer already bundles json, graphql, python, yaml and sql: listing them again ships them twice.
      additionalLanguages: ['bash', 'java', 'properties', 'docker'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
