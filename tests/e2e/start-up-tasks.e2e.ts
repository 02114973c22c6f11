/**
 * How a page's start-up work is cut into tasks (issue 52): what the main thread does between the first paint and a
 * quiet page, checked in the structure that keeps each task short rather than in timings, which a busy machine
 * disturbs. scripts/blocking-time.ts measures the tasks themselves.
 */
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {gotoHydrated, launchChromium, newPage} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** What the init script below records in the page. */
interface Probe {
  /** Width x height of every canvas encoded with toDataURL. */
  canvases: string[];
  /** The chunk scripts the page added, one list per mutation-observer delivery (one per task that added some). */
  scriptBatches: string[][];
  /** How many times each chunk name was looked up with the bundler's chunk-name-to-URL function. */
  chunkLookups: Record<string, number>;
}

/**
 * Records, from before any script of the page runs: canvas encodings, chunk scripts added to the page per task, and,
 * through the bundler's chunk-loading array (a callback pushed there receives the bundler's require function), its
 * chunk-name lookups.
 */
async function probe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const found: Probe = {canvases: [], scriptBatches: [], chunkLookups: {}};
    (window as unknown as {probe: Probe}).probe = found;
    const toDataURL = HTMLCanvasElement.prototype.toDataURL;
    HTMLCanvasElement.prototype.toDataURL = function (this: HTMLCanvasElement, ...args: Parameters<typeof toDataURL>) {
      found.canvases.push(`${this.width}x${this.height}`);
      return toDataURL.apply(this, args);
    };
    new MutationObserver((records) => {
      const added = records.flatMap((r) => Array.from(r.addedNodes)).filter((n): n is HTMLScriptElement => n instanceof HTMLScriptElement && /\/assets\/js\//.test(n.src));
      if (added.length) found.scriptBatches.push(added.map((s) => new URL(s.src).pathname));
    }).observe(document, {childList: true, subtree: true});
    type Require = {gca: (name: string) => string};
    const chunks = ((self as unknown as {webpackChunkdatahub_docs_site?: unknown[]}).webpackChunkdatahub_docs_site ??= []);
    chunks.push([['start-up-tasks-probe'], {}, (require: Require) => {
      const lookup = require.gca;
      require.gca = (name: string) => {
        found.chunkLookups[name] = (found.chunkLookups[name] ?? 0) + 1;
        return lookup(name);
      };
    }]);
  });
}

const read = (page: Page) => page.evaluate(() => (window as unknown as {probe: Probe}).probe);

/**
 * The doc routes' components, read from the route layer React rendered for the docs (react-router-config passes each
 * layer its route, whose `routes` lists every doc page): whether React would treat them as class components (what
 * react-loadable makes) and whether they can be preloaded.
 */
const docRouteComponents = (page: Page) =>
  page.evaluate(() => {
    type Route = {path?: string; component?: {prototype?: {isReactComponent?: unknown}; preload?: unknown}; routes?: Route[]};
    type Fiber = {memoizedProps?: {route?: Route} | null; child: Fiber | null; sibling: Fiber | null};
    const container = document.getElementById('__docusaurus') as unknown as Record<string, Fiber>;
    const rootKey = Object.keys(container).find((key) => key.startsWith('__reactContainer$'));
    if (!rootKey) throw new Error('React has not rendered the page');
    const pending: Fiber[] = [container[rootKey]];
    let docs: Route[] | undefined;
    while (pending.length && !docs) {
      const fiber = pending.pop()!;
      const routes = fiber.memoizedProps?.route?.routes;
      if (routes && routes.length > 100) docs = routes;
      if (fiber.sibling) pending.push(fiber.sibling);
      if (fiber.child) pending.push(fiber.child);
    }
    if (!docs) throw new Error('no rendered route layer lists the doc pages');
    return {
      total: docs.length,
      classes: docs.filter((r) => r.component?.prototype?.isReactComponent).length,
      preloadable: docs.filter((r) => typeof r.component?.preload === 'function').length,
    };
  });

/** URLs of the SVG images (files or data URLs) a page requests while it loads, as Chromium's network log lists them. */
async function svgImagesRequested(page: Page, route: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const images: string[] = [];
  cdp.on('Network.requestWillBeSent', ({request, type}: {request: {url: string}; type?: string}) => {
    if (type === 'Image' && /^data:image\/svg\+xml|\.svg(\?|$)/.test(request.url)) images.push(request.url);
  });
  await cdp.send('Network.enable');
  await gotoHydrated(page, route);
  return images;
}

/** Hydrated links of the desktop sidebar and table of contents, and the sidebar's links in the page. */
type HydratedLinks = {sidebar: number; toc: number; sidebarLinks: number};

/**
 * The links of a doc page's desktop sidebar and desktop table of contents that React hydrated, counted at its first
 * commit (the hydration) through the developer-tools hook React DOM reports every commit to, production builds too:
 * a hydrated element carries React's fiber key.
 */
async function hydratedDesktopLinks(page: Page, route: string): Promise<HydratedLinks> {
  await page.addInitScript(() => {
    const counts: HydratedLinks[] = [];
    (window as unknown as {hydratedLinks: typeof counts}).hydratedLinks = counts;
    const hydrated = (selector: string) => Array.from(document.querySelectorAll(selector)).filter((a) => Object.keys(a).some((key) => key.startsWith('__reactFiber$'))).length;
    (window as unknown as {__REACT_DEVTOOLS_GLOBAL_HOOK__: unknown}).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: () => {
        if (counts.length === 0) {
          counts.push({sidebar: hydrated('.theme-doc-sidebar-menu a'), toc: hydrated('.theme-doc-toc-desktop a'), sidebarLinks: document.querySelectorAll('.theme-doc-sidebar-menu a').length});
        }
      },
    };
  });
  await gotoHydrated(page, route);
  const [first] = await page.evaluate(() => (window as unknown as {hydratedLinks: HydratedLinks[]}).hydratedLinks);
  return first;
}

describe('start-up tasks', () => {
  it("draws the navbar, its logo, the breadcrumbs, the phone table of contents' toggle, the back-to-top button, the favicon and the home page's arrows without SVG images, each a document of its own", async () => {
    for (const route of ['/', '/docs/features', '/docs/generated/ingestion/sources/snowflake']) {
      const page = await newPage(browser, {viewport: {width: 412, height: 823}});
      const images = (await svgImagesRequested(page, route)).map((url) => url.slice(0, 100));
      expect(images, route).toEqual([]);
      const icons = await page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      expect(icons.length, route).toBeGreaterThan(0);
      expect(icons.filter((href) => /\.svg(\?|$)/.test(href)), route).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps the shapes drawn where the chevron images were: the table of contents toggle and the back-to-top button', async () => {
    const page = await newPage(browser, {viewport: {width: 412, height: 823}});
    await gotoHydrated(page, '/docs/features');
    const toggle = await page.locator('.theme-doc-toc-mobile > button').evaluate((button) => {
      const style = getComputedStyle(button, '::after');
      return {clip: style.clipPath, width: style.width, image: style.backgroundImage};
    });
    expect(toggle.clip).toMatch(/^polygon\(/);
    expect(toggle.image).toBe('none');
    expect(toggle.width).toBe('20px');
    const backToTop = await page.locator('.theme-back-to-top-button').evaluate((button) => {
      const style = getComputedStyle(button, '::after');
      return {clip: style.clipPath, mask: style.maskImage};
    });
    expect(backToTop.clip).toMatch(/^polygon\(/);
    expect(backToTop.mask).toBe('none');
    await page.context().close();
  });

  it("checks WebP support for the home page's picture on a 1 x 1 canvas, not a full-size one", async () => {
    const page = await newPage(browser, {viewport: {width: 412, height: 823}});
    await probe(page);
    await gotoHydrated(page, '/');
    const frame = page.locator('section[aria-labelledby="demo"] [class*="frame"]');
    await frame.scrollIntoViewIfNeeded();
    await expect.poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {timeout: 45_000}).toBeGreaterThan(0);
    const {canvases} = await read(page);
    expect(canvases.length).toBeGreaterThan(0);
    expect(new Set(canvases)).toEqual(new Set(['1x1']));
    await page.context().close();
  });

  it("adds a doc page's route chunks one route layer per task", async () => {
    const page = await newPage(browser, {viewport: {width: 412, height: 823}});
    await probe(page);
    await gotoHydrated(page, '/docs/features');
    const {scriptBatches} = await read(page);
    // The first batch is the page-scripts loader's (the runtime and the main bundle); the route's chunks follow.
    expect(scriptBatches[0].some((src) => /\/main\.[0-9a-f]+\.js$/.test(src))).toBe(true);
    const routeBatches = scriptBatches.slice(1);
    expect(routeBatches.length).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });

  it('makes no route component before the route is rendered or preloaded, and still renders and preloads them', async () => {
    const page = await newPage(browser);
    await probe(page);
    await gotoHydrated(page, '/docs/features');
    const kinds = await docRouteComponents(page);
    expect(kinds.total).toBeGreaterThan(300);
    expect(kinds.classes).toBe(0);
    expect(kinds.preloadable).toBe(kinds.total);
    await page.locator('nav.navbar a', {hasText: 'Integrations'}).first().click();
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Integrations/);
    await page.context().close();
  });

  it('looks each chunk name up once while prefetching the linked pages', async () => {
    const page = await newPage(browser);
    await probe(page);
    await gotoHydrated(page, '/');
    await expect.poll(async () => Object.keys((await read(page)).chunkLookups).length, {timeout: 30_000}).toBeGreaterThan(5);
    await page.waitForTimeout(2000);
    const repeated = Object.entries((await read(page)).chunkLookups).filter(([, count]) => count > 1);
    expect(repeated).toEqual([]);
    await page.context().close();
  });

  it("measures whether a table scrolls when the browser reports its size, not with a forced layout while hydrating", async () => {
    const page = await newPage(browser, {viewport: {width: 412, height: 823}});
    await page.addInitScript(() => {
      const reads = {inObserver: 0, elsewhere: 0};
      (window as unknown as {tableReads: typeof reads}).tableReads = reads;
      let observing = false;
      const Native = ResizeObserver;
      window.ResizeObserver = class extends Native {
        constructor(callback: ResizeObserverCallback) {
          super((entries, observer) => {
            observing = true;
            try {
              callback(entries, observer);
            } finally {
              observing = false;
            }
          });
        }
      };
      const scrollWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth')!;
      Object.defineProperty(Element.prototype, 'scrollWidth', {
        get(this: Element) {
          if (this instanceof HTMLTableElement) reads[observing ? 'inObserver' : 'elsewhere'] += 1;
          return scrollWidth.get!.call(this);
        },
      });
    });
    await gotoHydrated(page, '/docs/generated/ingestion/sources/snowflake');
    const tables = page.locator('article table');
    await expect.poll(() => page.evaluate(() => (window as unknown as {tableReads: {inObserver: number}}).tableReads.inObserver)).toBeGreaterThanOrEqual(await tables.count());
    expect(await page.evaluate(() => (window as unknown as {tableReads: {elsewhere: number}}).tableReads.elsewhere)).toBe(0);
    // Still right: a table wider than the phone is a tab stop, one that fits is not.
    const kinds = await tables.evaluateAll((list) => list.map((t) => ({scrolls: t.scrollWidth - t.clientWidth > 1 || t.scrollHeight - t.clientHeight > 1, tabStop: t.getAttribute('tabindex') === '0'})));
    expect(kinds.some((k) => k.scrolls)).toBe(true);
    expect(kinds.filter((k) => k.scrolls !== k.tabStop)).toEqual([]);
    await page.context().close();
  });
  it("hydrates a doc page's desktop sidebar and table of contents on a desktop, not on a phone, where they are hidden", async () => {
    const route = '/docs/generated/ingestion/sources/snowflake';
    const desktop = await newPage(browser, {viewport: {width: 1280, height: 900}});
    const onDesktop = await hydratedDesktopLinks(desktop, route);
    expect(onDesktop.sidebar).toBeGreaterThan(50);
    expect(onDesktop.toc).toBeGreaterThan(5);
    await desktop.context().close();
    const phone = await newPage(browser, {viewport: {width: 412, height: 823}});
    const onPhone = await hydratedDesktopLinks(phone, route);
    // The server's sidebar was there, unhydrated, when React committed; the theme then drops it, and the phone's menu
    // still lists the pages.
    expect(onPhone.sidebarLinks).toBeGreaterThan(50);
    expect(onPhone).toMatchObject({sidebar: 0, toc: 0});
    await expect.poll(() => phone.locator('.theme-doc-sidebar-menu a').count()).toBe(0);
    await phone.locator('button.navbar__toggle').click();
    await expect.poll(() => phone.locator('.navbar-sidebar .menu__link', {hasText: 'Snowflake'}).first().isVisible()).toBe(true);
    await phone.context().close();
  });
  it("lays out the home page's sections below a phone's first screen when the reader comes near them, not before", async () => {
    const page = await newPage(browser, {viewport: {width: 412, height: 823}});
    await gotoHydrated(page, '/');
    const rendered = () => page.locator('main > section h2').evaluateAll((headings) => headings.map((h) => h.checkVisibility({contentVisibilityAuto: true})));
    const atFirst = await rendered();
    expect(atFirst.length).toBeGreaterThan(4);
    expect(atFirst.filter((shown) => !shown).length).toBeGreaterThan(2);
    await page.locator('main > section').last().scrollIntoViewIfNeeded();
    await page.locator('section[aria-labelledby="integrations-strip"]').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await rendered()).filter(Boolean).length).toBeGreaterThan(atFirst.filter(Boolean).length);
    await page.context().close();
  });
});
