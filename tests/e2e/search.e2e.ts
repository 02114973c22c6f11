import type {Browser, Page, Request} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {links, searchLimits, searchText, storageKeys} from '../../src/site';
import {axeBlocking} from './axe';
import {collectErrors, gotoHydrated, launchChromium, newPage, reloadHydrated} from './browser';
import {searchDialog as dialog, searchInput as input} from './search-page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});


async function openOnDocPage(): Promise<Page> {
  const page = await newPage(browser);
  await gotoHydrated(page, '/docs/features');
  return page;
}

/**
 * Whether a finished request came over the network: one answered from the browser's cache (the search worker reads
 * its script and the lexicon that way) transfers nothing.
 */
async function overNetwork(request: Request): Promise<boolean> {
  const {responseBodySize, responseHeadersSize} = await request.sizes();
  return responseBodySize + responseHeadersSize > 0;
}

/** Paths of the files `page` downloads over the network from now on, as each finishes. */
function downloads(page: Page): string[] {
  const paths: string[] = [];
  page.on('requestfinished', async (request) => {
    if (await overNetwork(request)) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** The lexicon downloads `page` starts from now on, recorded as they start. */
function lexiconRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/search-shards/lexicon.')) urls.push(r.url());
  });
  return urls;
}

describe('search modal: opening and closing', () => {
  it('loads no index before the modal opens, then the lexicon and the shards its query needs, never the whole index', async () => {
    const page = await newPage(browser);
    const requests: string[] = [];
    page.on('request', (r) => {
      const {pathname} = new URL(r.url());
      if (pathname.startsWith('/search-shards/') || pathname.includes('search-index.')) requests.push(pathname);
    });
    await gotoHydrated(page, '/docs/features');
    expect(requests).toEqual([]);
    await page.keyboard.press('Control+k');
    // Opening the modal starts the lexicon's download before the first keystroke.
    await expect.poll(() => requests.filter((p) => p.includes('/lexicon.')).length).toBe(1);
    await input(page).fill('lineage');
    await expect.poll(() => dialog(page).getByRole('option').count()).toBeGreaterThan(0);
    expect(requests.filter((p) => p.includes('/lexicon.'))).toHaveLength(1);
    expect(requests.filter((p) => p.includes('search-index.'))).toEqual([]);
    // One posting shard for "lineage" and at most one section shard per shown hit.
    expect(requests.length).toBeLessThanOrEqual(1 + 1 + searchLimits.modalResults);
    expect(page.workers()).toEqual([]);
    await page.context().close();
  });

  it('starts the lexicon download when the search button is hovered', async () => {
    const page = await newPage(browser);
    const lexicon = lexiconRequests(page);
    await gotoHydrated(page, '/docs/features');
    expect(lexicon).toEqual([]);
    await page.locator('nav.navbar').getByRole('button', {name: /^Search/}).hover();
    await expect.poll(() => lexicon.length).toBe(1);
    await page.context().close();
  });

  it('starts the lexicon download when the search button gets keyboard focus (Tab)', async () => {
    const page = await newPage(browser);
    const lexicon = lexiconRequests(page);
    await gotoHydrated(page, '/docs/features');
    const button = page.locator('nav.navbar').getByRole('button', {name: /^Search/});
    const focused = () => button.evaluate((el) => el === document.activeElement);
    // Tab from the top of the page, through the skip link and the navbar, to the search button; no pointer moves.
    for (let tabs = 0; !(await focused()); tabs++) {
      expect(tabs, 'Tab never reached the search button').toBeLessThan(60);
      expect(lexicon).toEqual([]);
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
    await expect.poll(() => lexicon.length).toBe(1);
    // Focus only prepares the modal; it does not open it.
    expect(await dialog(page).count()).toBe(0);
    await page.context().close();
  });

  it('opens from the navbar button, Ctrl+K and "/", with the "Search docs" placeholder', async () => {
    const page = await openOnDocPage();
    const button = page.locator('nav.navbar').getByRole('button', {name: /^Search/});
    await button.click();
    expect(await input(page).getAttribute('placeholder')).toBe(searchText.placeholder);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    // Focus returns to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');

    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.keyboard.press('/');
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.context().close();
  });

  it('opens from Ctrl+K pressed before the page has hydrated, with the keys typed after it as the query', async () => {
    const page = await newPage(browser);
    // The main bundle arrives 1.5 s late: the keys are pressed while the page is shown but not yet hydrated.
    const mainBundle = /\/assets\/js\/main\.[^/]+\.js$/;
    await page.route(mainBundle, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/docs/features', {waitUntil: 'domcontentloaded'});
    await page.keyboard.press('Control+k');
    await page.keyboard.type('lineage');
    expect(await page.getAttribute('html', 'data-has-hydrated')).not.toBe('true');
    await expect.poll(() => dialog(page).count(), {timeout: 30_000}).toBe(1);
    await expect.poll(() => input(page).inputValue()).toBe('lineage');
    await expect.poll(() => dialog(page).getByRole('option').count(), {timeout: 45_000}).toBeGreaterThan(0);
    // The early listener has handed over: Escape closes and one more Ctrl+K opens the modal once.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect(await input(page).inputValue()).toBe('');
    await page.context().close();
  });

  it('does not open on "/" while typing in a field', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/search');
    await page.locator('main input[type="search"]').fill('a/b');
    expect(await dialog(page).count()).toBe(0);
    expect(await page.locator('main input[type="search"]').inputValue()).toBe('a/b');
    await page.context().close();
  });

  it('traps Tab inside the dialog', async () => {
    const page = await openOnDocPage();
    await page.keyboard.press('Control+k');
    await input(page).fill('lineage');
    await dialog(page).getByRole('option').first().waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.context().close();
  });
});

describe('search modal: results', () => {
  it('navigates with the keyboard to the chosen section anchor', async () => {
    const page = await openOnDocPage();
    await page.keyboard.press('Control+k');
    await input(page).fill('snowflake key pair');
    const options = dialog(page).getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    expect(await input(page).getAttribute('aria-activedescendant')).toBe('search-option-1');
    // Back to the first result, the key-pair section (the second may be a page's opening, which has no anchor).
    await page.keyboard.press('ArrowUp');
    const activeId = await input(page).getAttribute('aria-activedescendant');
    expect(activeId).toBe('search-option-0');
    const expectedHeading = await page.locator(`#${activeId}`).locator('span').first().textContent();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(page.url()).toContain('#');
    const hash = decodeURIComponent(new URL(page.url()).hash.slice(1));
    expect(await page.locator(`[id="${hash}"]`).textContent()).toContain(expectedHeading?.trim().split(' › ').at(-1));
    await page.context().close();
  });

  it('finds a section by a word only the questions written for it use (data/questions), not its page', async () => {
    // "mongosh" is in no page: readers name the shell they tested their credentials with, the page names the error.
    const page = await openOnDocPage();
    await page.keyboard.press('Control+k');
    await input(page).fill('mongosh');
    // The first result: results sit in one group per page, after the "Ask our AI" action.
    const first = dialog(page).getByRole('group').getByRole('option').first();
    await first.waitFor();
    await first.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/generated/ingestion/sources/mongodb');
    expect(new URL(page.url()).hash).toMatch(/^#authentication-failed/);
    expect((await page.locator('main').textContent())?.toLowerCase()).not.toContain('mongosh');
    await page.context().close();
  });

  it('highlights matches and links "See all N results" to /search with the true count', async () => {
    const page = await openOnDocPage();
    await page.keyboard.press('Control+k');
    await input(page).fill('lineage');
    const seeAll = dialog(page).getByRole('link', {name: /^See all \d+ results$/});
    await seeAll.waitFor();
    expect(await dialog(page).locator('mark').count()).toBeGreaterThan(0);
    const total = Number((await seeAll.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(8);
    await seeAll.click();
    await page.waitForURL('**/search?q=lineage');
    await expect.poll(() => page.locator('main').getByText(/^\d+ results$/).textContent()).toBe(`${total} results`);
    await page.context().close();
  });

  it('shows the no-results texts', async () => {
    const page = await openOnDocPage();
    await page.keyboard.press('Control+k');
    await input(page).fill('zzqxjv');
    await expect.poll(() => dialog(page).getByText(searchText.noResultsFor).count()).toBe(1);
    expect(await dialog(page).textContent()).toContain('"zzqxjv"');
    expect(await dialog(page).getByText(searchText.trySearchingFor).count()).toBe(1);
    expect(await dialog(page).getByText(searchText.believeResults).count()).toBe(1);
    expect(await dialog(page).getByRole('link', {name: searchText.letUsKnow}).getAttribute('href')).toBe(links.sourceIssues);
    await dialog(page).getByRole('button', {name: 'lineage'}).click();
    await expect.poll(() => dialog(page).getByRole('option').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows the network-failure texts when the index cannot be fetched', async () => {
    const page = await openOnDocPage();
    await page.route('**/search-shards/*', (route) => route.abort('internetdisconnected'));
    page.on('console', () => undefined);
    await page.keyboard.press('Control+k');
    await input(page).fill('lineage');
    await expect.poll(() => dialog(page).getByText(searchText.fetchFailed).count()).toBe(1);
    expect(await dialog(page).getByText(searchText.checkNetwork).count()).toBe(1);
    // Once the network is back, "Try again" fetches the index.
    await page.unroute('**/search-shards/*');
    await dialog(page).getByRole('button', {name: 'Try again'}).click();
    await expect.poll(() => dialog(page).getByRole('option').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('recent and favourite searches', () => {
  it('survive a reload and can be saved and removed', async () => {
    const page = await openOnDocPage();
    await page.keyboard.press('Control+k');
    await input(page).fill('glossary');
    await dialog(page).getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).count()).toBe(0);

    await reloadHydrated(page);
    await page.keyboard.press('Control+k');
    const recent = dialog(page).getByRole('region', {name: 'Recent searches'});
    await expect.poll(() => recent.getByRole('button', {name: 'glossary', exact: true}).count()).toBe(1);
    await recent.getByRole('button', {name: 'Save "glossary" as a favorite search'}).click();
    const favorites = dialog(page).getByRole('region', {name: 'Favorite searches'});
    await expect.poll(() => favorites.getByRole('button', {name: 'glossary', exact: true}).count()).toBe(1);

    await reloadHydrated(page);
    await page.keyboard.press('Control+k');
    await expect.poll(() => favorites.getByRole('button', {name: 'glossary', exact: true}).count()).toBe(1);
    await favorites.getByRole('button', {name: 'Remove "glossary" from favorite searches'}).click();
    await expect.poll(() => favorites.count()).toBe(0);
    await page.context().close();
  });

  it('still searches when storage is unavailable', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {get: () => {
        throw new DOMException('denied', 'SecurityError');
      }});
    });
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await gotoHydrated(page, '/docs/features');
    await page.keyboard.press('Control+k');
    await input(page).fill('lineage');
    await expect.poll(() => dialog(page).getByRole('option').count()).toBeGreaterThan(0);
    expect(logged.join('\n')).toMatch(/storage is unavailable/);
    await page.context().close();
  });
});

describe('/search page', () => {
  it('reads q on load, shows results, and updates the URL in place while typing', async () => {
    const page = await newPage(browser);
    await page.goto('/docs/features');
    await gotoHydrated(page, '/search?q=lineage');
    // The first search loads and parses the index: allow for a slow machine.
    await expect.poll(() => page.locator('main ol li').count(), {timeout: 45_000}).toBeGreaterThan(0);
    expect(await page.locator('main').getByText(/^\d+ results$/).count()).toBe(1);
    const historyLength = await page.evaluate(() => history.length);
    await page.locator('main input[type="search"]').fill('');
    await page.locator('main input[type="search"]').pressSequentially('domains');
    await page.waitForURL('**/search?q=domains');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Search results for "domains"');
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/docs/features');
    await page.context().close();
  });

  it('offers the modal\'s saved searches and suggestions while the query is empty, and runs them', async () => {
    const page = await newPage(browser);
    await page.addInitScript(([key]) => localStorage.setItem(key, JSON.stringify(['glossary'])), [storageKeys.recentSearches]);
    await gotoHydrated(page, '/search');
    const main = page.locator('main');
    const recent = main.getByRole('region', {name: searchText.recent});
    await expect.poll(() => recent.getByRole('button', {name: 'glossary', exact: true}).count()).toBe(1);
    const suggested = main.getByRole('region', {name: searchText.trySearchingFor});
    await expect.poll(() => suggested.getByRole('button').allTextContents()).toEqual([...searchText.suggestions]);
    // The same components as the modal's empty query.
    await page.keyboard.press('Control+k');
    const modalSuggested = dialog(page).getByRole('region', {name: searchText.trySearchingFor});
    await expect.poll(() => modalSuggested.getByRole('button').allTextContents()).toEqual([...searchText.suggestions]);
    expect(await axeBlocking(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await axeBlocking(page)).toEqual([]);

    await recent.getByRole('button', {name: 'glossary', exact: true}).click();
    await page.waitForURL('**/search?q=glossary');
    await expect.poll(() => main.locator('ol > li').count(), {timeout: 45_000}).toBeGreaterThan(0);
    expect(await recent.count()).toBe(0);
    await page.locator('main input[type="search"]').fill('');
    await suggested.getByRole('button', {name: searchText.suggestions[0], exact: true}).click();
    await page.waitForURL(`**/search?q=${encodeURIComponent(searchText.suggestions[0])}`);
    await page.context().close();
  });

  it('downloads the lexicon and the shards the query needs, never the whole index', async () => {
    const page = await newPage(browser);
    const requests = downloads(page);
    await gotoHydrated(page, '/search?q=lineage');
    await expect.poll(() => page.locator('main ol > li').count(), {timeout: 45_000}).toBe(20);
    const shards = requests.filter((p) => p.startsWith('/search-shards/'));
    expect(shards.filter((p) => p.includes('/lexicon.'))).toHaveLength(1);
    // One posting shard for "lineage" and at most one section shard per shown hit.
    expect(shards.length).toBeLessThanOrEqual(1 + 1 + 20);
    expect(requests.filter((p) => p.includes('search-index.'))).toEqual([]);
    await page.context().close();
  });

  it('says when a shard cannot be fetched, and "Try again" recovers', async () => {
    const page = await newPage(browser);
    page.on('console', () => undefined);
    await page.route('**/search-shards/*.json', (route) => (route.request().url().includes('/lexicon.') ? route.continue() : route.abort('internetdisconnected')));
    await gotoHydrated(page, '/search?q=lineage');
    await expect.poll(() => page.locator('main').getByText(searchText.fetchFailed).count(), {timeout: 45_000}).toBe(1);
    await page.unroute('**/search-shards/*.json');
    await page.locator('main').getByRole('button', {name: 'Try again'}).click();
    await expect.poll(() => page.locator('main ol > li').count(), {timeout: 45_000}).toBe(20);
    await page.context().close();
  });

  it('pages through results', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/search?q=dataset');
    await expect.poll(() => page.locator('main ol > li').count(), {timeout: 45_000}).toBe(20);
    await page.getByRole('button', {name: /Show more results/}).click();
    await expect.poll(() => page.locator('main ol > li').count()).toBe(40);
    await page.context().close();
  });
});

describe('/search page: the first results before the page scripts', () => {
  const firstFour = (page: Page) => page.locator('main ol > li').evaluateAll((items) => items.slice(0, 4).map((li) => li.outerHTML));

  /** A phone opening /search?q=lineage whose page scripts cannot load, once the first-results script has shown its hits. */
  async function withoutPageScripts(): Promise<Page> {
    const page = await newPage(browser, {viewport: {width: 412, height: 823}});
    page.on('console', () => undefined);
    await page.route(/\/assets\/js\/(runtime~main|main)\.[0-9a-f]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/search?q=lineage');
    await expect.poll(() => page.locator('main ol > li').count(), {timeout: 45_000}).toBe(4);
    return page;
  }

  it('shows the first four results, highlighted and linked, with the query in the box, while the page scripts cannot load', async () => {
    const page = await withoutPageScripts();
    expect(await page.locator('main').getByText(/^\d+ results$/).count()).toBe(1);
    expect(await page.locator('main ol > li mark').count()).toBeGreaterThan(0);
    const href = await page.locator('main ol > li h2 a').first().getAttribute('href');
    expect(href).toMatch(/^\/docs\/lineage\//);
    expect(await page.locator('main input[type="search"]').inputValue()).toBe('lineage');
    expect(await page.locator('html').getAttribute('data-has-hydrated')).not.toBe('true');
    // A link works without the scripts: an ordinary page load.
    await page.locator('main ol > li h2 a').first().click();
    await page.waitForURL(`**${href}`);
    await page.context().close();
  });

  it('are replaced by the same markup from React without a layout shift or an error, and the page scripts start after them', async () => {
    const alone = await withoutPageScripts();
    const written = await firstFour(alone);
    await alone.context().close();

    const page = await newPage(browser, {viewport: {width: 412, height: 823}});
    const errors = collectErrors(page);
    const scriptsWithEngine: string[] = [];
    page.on('requestfinished', async (request) => {
      if (!request.url().endsWith('.js') || !(await overNetwork(request))) return;
      const text = (await (await request.response())?.text().catch(() => '')) ?? '';
      if (/minisearch/i.test(text)) scriptsWithEngine.push(new URL(request.url()).pathname);
    });
    await page.addInitScript(() => {
      const seen = window as unknown as {layoutShift: number; firstResultsAt?: number};
      seen.layoutShift = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => (seen.layoutShift += (entry as unknown as {value: number}).value))).observe({type: 'layout-shift', buffered: true});
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-first-results] ol')) {
          seen.firstResultsAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await gotoHydrated(page, '/search?q=lineage');
    await expect.poll(() => page.locator('main ol > li').count(), {timeout: 45_000}).toBe(20);
    expect(await page.locator('[data-first-results]').count()).toBe(0);
    expect(await firstFour(page)).toEqual(written);
    const {layoutShift, firstResultsAt, mainStart} = await page.evaluate(() => ({
      layoutShift: (window as unknown as {layoutShift: number}).layoutShift,
      firstResultsAt: (window as unknown as {firstResultsAt?: number}).firstResultsAt,
      mainStart: performance.getEntriesByType('resource').find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(layoutShift).toBe(0);
    expect(firstResultsAt).toBeDefined();
    expect(mainStart).toBeGreaterThan(firstResultsAt!);
    expect(errors).toEqual([]);
    // The page searched with the engine and index of the worker the first-results script started, and the engine
    // came once, in the worker's own script: neither the first-results script nor the page's chunks carry it.
    expect(scriptsWithEngine).toHaveLength(1);
    expect(scriptsWithEngine[0]).toMatch(/\/search-worker\.[0-9a-f]+\.js$/);
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual(scriptsWithEngine);
    await page.context().close();
  });

  it('leave the page working when the first-results script cannot load, and with no query', async () => {
    const page = await newPage(browser);
    page.on('console', () => undefined);
    await page.route('**/assets/js/search-first-results.*.js', (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/search?q=lineage');
    await expect.poll(() => page.locator('main ol > li').count(), {timeout: 45_000}).toBe(20);
    await page.unroute('**/assets/js/search-first-results.*.js');
    await gotoHydrated(page, '/search');
    expect(await page.locator('main h1').textContent()).toBe('Search the documentation');
    expect(await page.locator('main ol > li').count()).toBe(0);
    await page.context().close();
  });
});
