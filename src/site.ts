/**
 * Site-wide constants: the one place for links, labels, storage keys, chat
 * defaults and limits. Everything else imports from here, including
 * docusaurus.config.ts, so keep this module free of browser or Node APIs.
 */

export const product = {
  /** Product name as readers see it in titles and the chat prompt. */
  name: 'DataHub',
  tagline: 'The metadata platform for the modern data stack',
  /** Name of the managed, hosted edition. */
  managedName: 'Acryl DataHub',
} as const;

export const links = {
  demo: 'https://demo.datahubproject.io/',
  roadmap: 'https://feature-requests.datahubproject.io/roadmap',
  blog: 'https://blog.datahubproject.io/',
  chat: 'https://slack.datahubproject.io',
  videoChannel: 'https://www.youtube.com/@datahubproject',
  sourceRepository: 'https://github.com/datahub-project/datahub',
  sourceIssues: 'https://github.com/datahub-project/datahub/issues',
  managedSignUp: 'https://www.acryldata.io/datahub-sign-up',
} as const;

export const site = {
  url: 'https://datahubproject.io',
  baseUrl: '/',
  /** The docs' main document: /docs/ opens it. */
  mainDocId: 'features',
  defaultLocale: 'en',
  locales: ['en'] as string[],
  /** Label of the single docs version (the current one). */
  currentVersionLabel: 'Next',
  copyrightYears: '2015-2023',
  navbarIconSize: 21,
  /** Table of contents shows these heading levels. */
  tocMinHeadingLevel: 2,
  tocMaxHeadingLevel: 3,
  /** Window width (px) above which pages take their desktop layout (Infima's breakpoint) and the mobile sidebar is forced closed. */
  mobileBreakpoint: 996,
  /** Delay (ms) before the route-change progress bar shows. */
  progressBarDelayMs: 200,
} as const;

export const announcement = {
  id: 'managed-datahub-2023',
  /** The spec's site config says the bar cannot be closed. */
  isCloseable: false,
  text: 'Want a managed, hosted DataHub?',
  linkLabel: 'Sign up for Acryl DataHub',
} as const;

/** Responsive image widths and quality for the ideal-image plugin. */
export const images = {
  sizes: [320, 640, 1280, 1440, 1600],
  quality: 100,
} as const;

/** Browser storage keys (spec section 9); the first four are Docusaurus's own. */
export const storageKeys = {
  theme: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  preferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
  tabGroup: (groupId: string) => `docusaurus.tab.${groupId}`,
  recentSearches: 'datahub.search.recent',
  favoriteSearches: 'datahub.search.favorites',
  /** The reader's answer to "Was this page helpful?", one per page. */
  pageFeedback: (route: string) => `datahub.page-feedback.${route}`,
} as const;

export type ColorModeName = 'light' | 'dark';

/** The colour toggle's two labels (spec section 2). */
export const colorModeLabels: Record<ColorModeName, string> = {light: 'light mode', dark: 'dark mode'};

/** Chat defaults of spec section 9 (the site asks for gpt-4). */
export const chatDefaults = {
  model: 'gpt-4',
  iDontKnowMessage: 'Sorry, I am not sure how to answer that.',
  promptTemplate:
    'You are a helpful assistant for the {{productName}} documentation. Answer the question using only the ' +
    'documentation sections below, in markdown, and cite the sections you used as markdown links to their URLs ' +
    'within your sentences. Do not end the answer with a list of sources, references or related pages: the reader ' +
    'sees the sections listed below the answer. ' +
    'If you are unsure or the sections do not contain the answer, say exactly: "{{I_DONT_KNOW}}"' +
    '\n\nSections:\n{{CONTEXT}}\n\nQuestion: {{PROMPT}}\n\nAnswer (markdown):',
  temperature: 0.1,
  topP: 1,
  frequencyPenalty: 0,
  presencePenalty: 0,
  maxTokens: 500,
  sectionsMatchCount: 10,
  sectionsMatchThreshold: 0.5,
  restartDebounceMs: 200,
  referenceFadeDelayMs: 100,
} as const;

/** Chat UI texts, exactly as the spec writes them. */
export const chatText = {
  buttonLabel: 'Ask our AI',
  title: `Ask me anything about ${product.name}!`,
  fetching: 'Fetching relevant pages...',
  referencesHeading: 'Answer generated from the following sources:',
  feedbackQuestion: 'Was this answer helpful?',
  feedbackThanks: 'Thanks for your feedback!',
  disclaimer:
    "This is an experimental AI-powered chat bot. We can't be sure what it will say but hope it can be helpful. " +
    "If it's not, there are always humans available in our",
  disclaimerLinkLabel: 'chat channel',
  /** Accessible name of the opening button: contains the visible label. */
  buttonAccessibleLabel: 'Ask our AI — open the documentation chat',
  closeLabel: 'Close the chat',
  answerLabel: 'Answer',
  /** The scrolling list of the conversation's questions and answers. */
  threadLabel: 'Conversation',
  thumbsUpLabel: 'Thumbs up: the answer was helpful',
  thumbsDownLabel: 'Thumbs down: the answer was not helpful',
  opensInNewTab: '(opens in a new tab)',
  loadFailed: 'The chat could not load.',
  tryAgain: 'Try again',
  /** Button that stops the answer in flight. */
  stop: 'Stop',
  stopLabel: 'Stop the answer',
  stopped: 'Answer stopped.',
  incomplete: 'The answer could not be completed.',
  copy: 'Copy answer',
  copied: 'Copied',
  /** Heading of the source list in a copied answer. */
  copiedSourcesHeading: 'Sources:',
  newConversation: 'New conversation',
  /** Read before each question of a conversation. */
  youAsked: 'You asked:',
  /** The search modal's action that asks what was typed in the chat: this text, then the question. */
  askFromSearch: 'Ask our AI:',
} as const;

/** Home-page banner shown when the site's scripts did not load, most often a wrong baseUrl (spec section 8). */
export const baseUrlBanner = {
  id: 'base-url-issue-banner',
  suggestionId: 'base-url-issue-banner-suggestion',
  heading: `The ${product.name} documentation did not load properly.`,
  cause: "The page's scripts could not be loaded. The usual cause is a baseUrl in docusaurus.config.ts that does not match the address the site is served from.",
  configured: 'Configured baseUrl:',
  suggested: 'Try baseUrl:',
} as const;

/** Colour palette of spec section 9: generated shades come from @ant-design/colors. */
export const palette = {
  baseColors: [
    'red', 'volcano', 'orange', 'gold', 'yellow', 'lime', 'green',
    'cyan', 'blue', 'geekblue', 'purple', 'magenta', 'grey',
  ],
  shadesPerColor: 10,
  darkBackground: '#141414',
  iconPrimary: '#1890ff',
} as const;

export type BaseColor = (typeof palette.baseColors)[number];

/** Search UI texts, exactly as the spec writes them, and the suggestions offered on no results. */
export const searchText = {
  placeholder: 'Search docs',
  buttonLabel: 'Search',
  noResultsFor: 'No results for',
  trySearchingFor: 'Try searching for',
  believeResults: 'Believe this query should return results?',
  letUsKnow: 'Let us know.',
  fetchFailed: 'Unable to fetch results',
  checkNetwork: 'You might want to check your network connection.',
  recent: 'Recent searches',
  favorites: 'Favorite searches',
  suggestions: ['lineage', 'ingestion', 'GraphQL', 'Snowflake', 'access token'],
} as const;

/** Results shown in the modal before "See all N results", and per page on /search. */
export const searchLimits = {modalResults: 8, pageSize: 20} as const;

/**
 * Public settings of the chat and the query log. They ship in the page (as in
 * the spec, where the keys are public by nature) and the server accepts them
 * by default; a deployment can change them at build time.
 */
export const chatService = {
  /** Path of the completions endpoint on the site's own server. */
  completionsUrl: '/v1/completions',
  projectKey: 'datahub-docs-public',
  /**
   * PostgREST-style table of the query log: the project's server by default;
   * a PostgREST or Supabase table works too, e.g.
   * `https://<project>.supabase.co/rest/v1/queries` with its anon key below.
   */
  queryLogUrl: '/rest/v1/queries',
  /** Public key sent as `apikey` and `Authorization: Bearer` (insert-only on the server side). */
  queryLogAnonKey: 'datahub-docs-anon',
  /** PostgREST-style table of "Was this page helpful?" ratings, written with `queryLogAnonKey` like the query log. */
  pageFeedbackUrl: '/rest/v1/page_feedback',
} as const;
/**
 * Site paths that the landing, integrations, guild and docs-home pages link to.
 * Internal links are checked by the build, so a stale one fails it.
 */
export const paths = {
  docsHome: '/docs/',
  searchPage: '/search',
  features: '/docs/features',
  introduction: '/docs/introduction',
  quickstart: '/docs/quickstart',
  concepts: '/docs/what-is-datahub/datahub-concepts',
  integrations: '/integrations',
  guild: '/guild/',
  ingestion: '/docs/metadata-ingestion',
  uiIngestion: '/docs/ui-ingestion',
  customSource: '/docs/how/add-custom-ingestion-source',
  search: '/docs/how/search',
  lineage: '/docs/lineage/lineage-feature-guide',
  impactAnalysis: '/docs/act-on-metadata/impact-analysis',
  domains: '/docs/domains',
  glossary: '/docs/glossary/business-glossary',
  tags: '/docs/tags',
  dataProducts: '/docs/dataproducts',
  actions: '/docs/actions',
  apis: '/docs/api/datahub-apis',
  graphql: '/docs/api/graphql/overview',
  pythonSdk: '/docs/python-sdk/clients',
  deployKubernetes: '/docs/deploy/kubernetes',
  managedOverview: '/docs/managed-datahub/managed-datahub-overview',
  contributing: '/docs/contributing',
  codeOfConduct: '/docs/code_of_conduct',
  townhalls: '/docs/townhalls',
} as const;

/** The first commands of the quickstart, in order, with what each one does. */
export const quickstartCommands = [
  {command: 'python3 -m pip install --upgrade acryl-datahub', purpose: 'Install the DataHub command-line tool.'},
  {command: 'datahub docker quickstart', purpose: 'Start DataHub locally with Docker.'},
  {command: 'datahub docker ingest-sample-data', purpose: 'Load sample metadata to explore.'},
] as const;

/** What the integrations page says when no integration passes the filters: one hint per filter that narrows the list. */
export const integrationsEmptyText = {
  heading: 'No integration matches all of these filters',
  lead: 'To see results, try one of these:',
  searchText: (text: string) => `Shorten or change the search text "${text}".`,
  otherType: (type: string) => `Choose a platform type other than ${type}.`,
  moreTypes: 'Tick more platform types, or untick them all to include every type.',
  otherConnection: 'Change the connection type.',
  oneCapability: (name: string) => `Untick ${name}.`,
  capabilities: 'Untick a capability or two: an integration must support every one you tick.',
  clear: 'Clear filters',
} as const;

/**
 * What a page says when its code could not load on first load (spec section 8, "Chunk load failure"), in a reader's
 * words: the browser's own message (a chunk number and a script address) stays in the console.
 */
export const chunkLoadText = {
  message: 'This page did not finish loading, so its menus, search and buttons may not work. Check your connection, then retry.',
  retry: 'Retry',
} as const;

/** The not-found page's ways back. */
export const notFoundText = {
  title: 'Page Not Found',
  lead: 'We could not find a page at this address.',
  closest: 'The closest page we know:',
  docsHome: 'Documentation home',
  search: 'Search the documentation',
  searchFor: (words: string) => `Search for "${words}"`,
} as const;

/**
 * The accessible name of a code block (on doc pages and in chat answers): every block is a tab stop, so keyboard
 * readers can scroll it, and says what it holds when focused. Prism's `text` is no language.
 */
export const codeBlockLabel = (title: string, language: string): string => (title ? `Code: ${title}` : language && language !== 'text' ? `Code (${language})` : 'Code');

/** The Markdown actions beside a doc page's title. */
export const pageActionsText = {
  copy: 'Copy page',
  copied: 'Copied the page as Markdown',
  copyFailed: 'Could not copy the page. Open it with "View as Markdown" and copy it from there.',
  view: 'View as Markdown',
} as const;
