/**
 * Checks every route of the build's sitemap.xml as the server sends it (status, exactly one h1, alt text on every
 * image, every same-origin script, stylesheet, preload and image it references), and opens a sample of every kind of
 * page in Chromium in light and dark mode (axe serious or critical violations, console errors, uncaught errors, failed
 * same-origin requests, images that do not load). It fails once, listing every offending route with its reasons; the
 * reports are also written to test-results/crawl-report-html.txt and crawl-report-browser.txt.
 *
 * Opening a page and running axe costs 15 s or more on a slow shared CI machine, so the browser visits the sample by
 * default; CRAWL_ROUTES=all opens every sitemap route in Chromium as well (about 15 minutes on a laptop-class machine).
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {AxeResults} from 'axe-core';
import type {Browser, ConsoleMessage, Page, Request, Response} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {baseURL, launchChromium} from './browser';
import {load, type CheerioAPI} from 'cheerio';
import {firstScriptUrl, pageScriptUrls} from '../../plugins/page-scripts/loader';
import {crawlReport, sitemapRoutes, type ColorScheme, type Visit} from './crawl-report';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Pages open at once: Chromium renders one page while axe runs on another (two cores). */
const CONCURRENCY = 3;

/**
 * One route of each kind of page, opened in Chromium in light mode; those marked `dark` are opened in dark mode too
 * (the kinds with their own colours: tabs, diagrams, tables, code, cards, results). Each visit costs 20 s or more on
 * a slow shared CI machine.
 */
const sample: Array<{kind: string; route: string; dark: boolean}> = [
  {kind: 'landing', route: '/', dark: true},
  {kind: 'docs home', route: '/docs/', dark: false},
  {kind: 'main doc', route: '/docs/features', dark: true},
  {kind: 'hand-written doc with tabs', route: '/docs/api/tutorials/lineage', dark: true},
  {kind: 'doc with mermaid diagrams', route: '/docs/actions/concepts', dark: true},
  {kind: 'generated source page', route: '/docs/generated/ingestion/sources/snowflake', dark: true},
  {kind: 'entity page', route: '/docs/generated/metamodel/entities/dataset', dark: false},
  {kind: 'graphql page', route: '/docs/graphql/queries', dark: false},
  {kind: 'release note', route: '/docs/managed-datahub/release-notes/v_0_2_9', dark: false},
  {kind: 'python sdk', route: '/docs/python-sdk/builder', dark: false},
  {kind: 'integrations', route: '/integrations', dark: true},
  {kind: 'guild', route: '/guild/', dark: true},
  {kind: 'search results', route: '/search?q=lineage', dark: true},
];

const crawlEveryRoute = process.env.CRAWL_ROUTES === 'all';

const routes = sitemapRoutes(readFileSync(path.resolve('build/sitemap.xml'), 'utf8'));

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Resolves once no request of the page has been in flight for `quietMs`, or after `maxMs`. */
function networkQuiet(page: Page, quietMs = 150, maxMs = 8_000): Promise<void> {
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Promise<void>((resolve) => {
    const done = () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      clearTimeout(timer);
      clearTimeout(limit);
      resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, quietMs);
    };
    const started = () => {
      inFlight++;
      clearTimeout(timer);
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const limit = setTimeout(done, maxMs);
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

/** Loads lazy images now, waits for every image and mermaid diagram, and reports those that did not make it. */
function settle(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) img.loading = 'eager';
    const loaded = (img: HTMLImageElement) =>
      img.complete ||
      new Promise((resolve) => {
        img.addEventListener('load', resolve, {once: true});
        img.addEventListener('error', resolve, {once: true});
      });
    const deadline = Date.now() + 8_000;
    await Promise.race([Promise.all(images.map(loaded)), new Promise((resolve) => setTimeout(resolve, 8_000))]);
    const unrendered = () => Array.from(document.querySelectorAll('.docusaurus-mermaid-container')).filter((c) => !c.querySelector('svg'));
    while (unrendered().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    return [
      ...images
        .filter((img) => img.src.startsWith(location.origin) && img.complete && img.naturalWidth === 0)
        .map((img) => `image did not load: ${img.src.slice(location.origin.length)}`),
      ...unrendered().map(() => 'mermaid diagram did not render'),
    ];
  });
}

/** What axe does not check the way the site wants: exactly one h1, an alt attribute on every image. */
function structure(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const h1s = document.querySelectorAll('h1').length;
    if (h1s !== 1) problems.push(`${h1s} h1 elements (expected exactly one)`);
    for (const img of Array.from(document.images)) {
      if (!img.hasAttribute('alt')) problems.push(`image without alt: ${img.outerHTML.slice(0, 140)}`);
    }
    return problems;
  });
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as {axe: {run: (options: object) => Promise<AxeResults>}}).axe.run({resultTypes: ['violations']}),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
      const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : '';
      return `axe ${v.id} (${v.impact}): ${v.help} at ${targets.join(', ')}${more}`;
    });
}

/**
 * Loads one route in the worker's page and checks it. The page is reused from route to route (a new page per route
 * costs a renderer process each time); only requests started during this visit count towards it.
 */
async function visit(page: Page, route: string, colorScheme: ColorScheme): Promise<Visit> {
  const origin = baseURL();
  const problems: string[] = [];
  const mine = new Set<Request>();
  const local = (url: string) => url.startsWith(origin);
  const onRequest = (r: Request) => mine.add(r);
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text().split('\n')[0]}`);
  };
  const onPageError = (e: Error) => problems.push(`uncaught error: ${e.message}`);
  const onFailed = (r: Request) => {
    if (mine.has(r) && local(r.url())) problems.push(`request failed: ${r.url().slice(origin.length)} (${r.failure()?.errorText})`);
  };
  const onResponse = (r: Response) => {
    if (mine.has(r.request()) && local(r.url()) && r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url().slice(origin.length)}`);
  };
  page.on('request', onRequest);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  const started = Date.now();
  try {
    await page.emulateMedia({colorScheme});
    const quiet = networkQuiet(page);
    const response = await page.goto(route, {waitUntil: 'load'});
    if (response?.status() !== 200) problems.push(`status ${response?.status()}`);
    await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 45_000});
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    if (theme !== colorScheme) problems.push(`rendered in ${theme} mode, expected ${colorScheme}`);
    await quiet;
    problems.push(...(await settle(page)));
    await networkQuiet(page);
    problems.push(...(await structure(page)), ...(await axeViolations(page)));
  } catch (error) {
    problems.push(`crawl error: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    // The next navigation aborts prefetches still in flight: those are not this route's failures.
    page.off('request', onRequest);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
  }
  return {route, mode: colorScheme, problems, ms: Date.now() - started};
}

/**
 * A page in its own context (its own storage), just above the 996 px breakpoint: the desktop layout (sidebar,
 * table of contents) with the least to paint. With `saveData`, the page asks the site to save data, as Chrome's
 * data saver does, and Docusaurus skips prefetching the chunks of linked pages: each of those routes is visited
 * (and its chunks loaded and checked) in its own turn, so the ~35 prefetches per page only cost time.
 */
async function workerPage(saveData: boolean): Promise<Page> {
  const context = await browser.newContext({baseURL: baseURL(), viewport: {width: 1024, height: 720}});
  context.setDefaultTimeout(90_000);
  if (saveData) {
    await context.addInitScript(() => {
      // An EventTarget, as the real NetworkInformation is: the site listens for its change events.
      const connection = Object.assign(new EventTarget(), {effectiveType: '4g', saveData: true});
      Object.defineProperty(navigator, 'connection', {value: connection, configurable: true});
    });
  }
  return context.newPage();
}

/**
 * Visits every job with `CONCURRENCY` workers. Light-mode visits save data; dark-mode visits (the
 * sample) prefetch as a reader's browser does, so prefetch requests are checked too.
 */
async function crawl(jobs: Array<{route: string; colorScheme: ColorScheme}>): Promise<Visit[]> {
  const queue = [...jobs];
  const visits: Visit[] = [];
  const worker = async () => {
    const pages = new Map<ColorScheme, Page>();
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (!pages.has(job.colorScheme)) pages.set(job.colorScheme, await workerPage(job.colorScheme === 'light'));
      visits.push(await visit(pages.get(job.colorScheme)!, job.route, job.colorScheme));
    }
    await Promise.all([...pages.values()].map((page) => page.context().close()));
  };
  await Promise.all(Array.from({length: CONCURRENCY}, worker));
  return visits;
}

/** Same-origin URLs of the scripts (tags, the page-scripts list and a first script), stylesheets, preloads and images of a page. */
function referencedAssets(html: string, $: CheerioAPI): string[] {
  const urls = [
    ...$('script[src]').map((_, el) => $(el).attr('src')).get(),
    ...pageScriptUrls(html),
    firstScriptUrl(html),
    ...$('link[rel~="stylesheet"], link[rel~="preload"], link[rel~="modulepreload"], link[rel~="icon"]').map((_, el) => $(el).attr('href')).get(),
    ...$('img[src]').map((_, el) => $(el).attr('src')).get(),
  ];
  return urls.filter((url): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//'));
}

/** Checks one route as the server sends it; the assets it references are collected for one fetch each. */
async function checkServedHtml(route: string, assets: Map<string, string>): Promise<Visit> {
  const started = Date.now();
  const problems: string[] = [];
  const response = await fetch(`${baseURL()}${route}`);
  const html = await response.text();
  if (response.status !== 200) problems.push(`status ${response.status}`);
  if (!/^text\/html/.test(response.headers.get('content-type') ?? '')) problems.push(`content-type ${response.headers.get('content-type')}`);
  const $ = load(html);
  const h1s = $('h1').length;
  if (h1s !== 1) problems.push(`${h1s} h1 elements (expected exactly one)`);
  $('img:not([alt])').each((_, img) => void problems.push(`image without alt: ${$.html(img).slice(0, 140)}`));
  for (const url of referencedAssets(html, $)) if (!assets.has(url)) assets.set(url, route);
  return {route, mode: 'served HTML', problems, ms: Date.now() - started};
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachLimited<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const queue = [...items];
  const results: R[] = [];
  await Promise.all(Array.from({length: concurrency}, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) results.push(await task(item));
  }));
  return results;
}

function report(name: 'html' | 'browser', visits: Visit[], summary: string): void {
  const slowest = [...visits].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`${summary}; slowest: ${slowest.map((v) => `${v.route} ${v.ms} ms`).join(', ')}`);
  const text = crawlReport(visits);
  mkdirSync('test-results', {recursive: true});
  writeFileSync(`test-results/crawl-report-${name}.txt`, text || 'No problems.\n');
  if (text) expect.fail(text);
}

describe('crawl of every sitemap route', () => {
  it('has a sitemap with every route, and the sample covers every kind of page', () => {
    expect(routes.length).toBeGreaterThan(300);
    for (const {route} of sample) {
      const pathname = route.split('?')[0];
      expect(routes, `${route} is in the sitemap`).toContain(pathname === '/search' ? '/search/' : pathname);
    }
  });

  it('serves every route with one h1, alt text on every image, and every script, stylesheet and image it references', async () => {
    const started = Date.now();
    const assets = new Map<string, string>();
    const visits = await eachLimited(routes, 8, (route) => checkServedHtml(route, assets));
    const broken = await eachLimited([...assets], 8, async ([url, firstRoute]): Promise<Visit | null> => {
      const response = await fetch(`${baseURL()}${url}`);
      await response.arrayBuffer();
      return response.ok ? null : {route: firstRoute, mode: 'served HTML', problems: [`HTTP ${response.status}: ${url}`], ms: 0};
    });
    report(
      'html',
      [...visits, ...broken.filter((v): v is Visit => v !== null)],
      `Checked the served HTML of ${visits.length} sitemap routes and ${assets.size} assets they reference in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 10 * 60_000);

  it(
    'opens the sample in Chromium in both modes with no accessibility violation, console error, failed request or image problem',
    async () => {
      const started = Date.now();
      // The sitemap lists the search page without a query; the visit with one shows its results.
      const searchResults = sample.find(({kind}) => kind === 'search results')!.route;
      const light = crawlEveryRoute ? [...routes, searchResults] : sample.map(({route}) => route);
      const dark = sample.filter((s) => s.dark).map(({route}) => route);
      const lightCount = crawlEveryRoute ? `${routes.length} sitemap routes and ${searchResults}` : `${light.length} sample routes`;
      const jobs = [
        ...dark.map((route) => ({route, colorScheme: 'dark' as const})),
        ...light.map((route) => ({route, colorScheme: 'light' as const})),
      ];
      const visits = await crawl(jobs);
      report('browser', visits, `Opened ${visits.length} pages in Chromium (${lightCount} in light mode, ${dark.length} sample routes in dark) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    (crawlEveryRoute ? 60 : 20) * 60_000,
  );
});
