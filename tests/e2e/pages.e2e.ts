import {createRequire} from 'node:module';
import path from 'node:path';
import type {Browser, BrowserContextOptions, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadPageData} from '../../plugins/page-data';
import {filterIntegrations, noFilters, resultLabel, type IntegrationFilters} from '../../src/pages/integrations/_components/filters';
import {OPEN_SEARCH_EVENT} from '../../src/features/search/open-search';
import {announcement, links, notFoundText, paths, product, quickstartCommands} from '../../src/site';
import {baseURL, launchChromium, newPage} from './browser';

const require = createRequire(import.meta.url);
const data = loadPageData(path.resolve(__dirname, '../..'));
const {cards} = data.integrations;

const fourPages = ['/', '/integrations', '/guild/', '/docs/'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a route and waits until React has hydrated it, so controls respond. */
async function open(route: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await newPage(browser, options);
  await page.goto(route);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  return page;
}

/** Scrolls through the page so lazily loaded images load, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
}

const countText = (page: Page) => page.locator('#integration-results').textContent();
const cardNames = (page: Page) => page.locator('article h3').allTextContents();
const expectedCount = (filters: Partial<IntegrationFilters>) => filterIntegrations(cards, {...noFilters, ...filters}).length;
const expectedLabel = (filters: Partial<IntegrationFilters>) => resultLabel(expectedCount(filters));
const search = (page: Page) => new URL(page.url()).search;

describe('landing page', () => {
  it('renders the hero with its two calls to action and the metadata flow diagram', async () => {
    const page = await open('/');
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('h1').textContent()).toContain(product.name);
    expect(await page.getByRole('link', {name: 'Get started'}).getAttribute('href')).toBe(paths.quickstart);
    expect(await page.getByRole('link', {name: 'Try the live demo'}).getAttribute('href')).toBe(links.demo);
    const stages = await page.locator('figure ol > li').allTextContents();
    expect(stages).toHaveLength(4);
    expect(stages.join(' ')).toMatch(/Sources.*Ingestion.*Metadata graph.*Discovery, lineage, governance/);
    await page.context().close();
  });

  it('shows the first commands, and each copy button copies its command and says so', async () => {
    const page = await open('/');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL()});
    const commands = await page.locator('section[aria-labelledby="get-started"] pre code').allTextContents();
    expect(commands.map((c) => c.replace(/^\$\s*/, ''))).toEqual(quickstartCommands.map((c) => c.command));
    for (const {command} of quickstartCommands) {
      const button = page.getByRole('button', {name: `Copy command: ${command}`});
      await button.click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(command);
      const copied = page.getByRole('button', {name: `Copied command: ${command}`});
      expect(await copied.textContent()).toContain('Copied');
      expect(await page.locator('section[aria-labelledby="get-started"] [role="status"]').allTextContents()).toContain('Copied to clipboard');
    }
    await page.context().close();
  });

  it('has feature cards that link to their doc pages, and those pages exist', async () => {
    const page = await open('/');
    const section = page.locator('section[aria-labelledby="capabilities"]');
    expect(await section.locator('h3').allTextContents()).toEqual(expect.arrayContaining(['Discovery', 'Lineage', 'Governance', 'Actions', 'APIs and SDKs']));
    const hrefs = await section.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const docPath of [paths.search, paths.lineage, paths.domains, paths.glossary, paths.tags, paths.dataProducts, paths.actions, paths.apis]) {
      expect(hrefs).toContain(docPath);
    }
    for (const href of hrefs) expect((await page.request.get(href!)).status(), href!).toBe(200);
    await page.context().close();
  });

  it('shows registry logos that link to their integrations, the managed edition and the community', async () => {
    const page = await open('/');
    const strip = page.locator('section[aria-labelledby="integrations-strip"]');
    const stripLinks = await strip.locator('li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(stripLinks).toEqual(data.strip.featured.map((f) => f.href));
    expect(await strip.getByRole('link', {name: `Browse all ${cards.length} integrations`}).getAttribute('href')).toBe(paths.integrations);
    expect(await page.getByRole('link', {name: announcement.linkLabel}).last().getAttribute('href')).toBe(links.managedSignUp);
    const community = page.locator('section[aria-labelledby="community"]');
    const communityLinks = await community.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(communityLinks).toEqual(expect.arrayContaining([links.chat, links.videoChannel, links.sourceRepository, paths.guild]));
    await page.context().close();
  });

  it('loads the preview image through ideal-image into a box reserved before it loads', async () => {
    const page = await open('/');
    const frame = page.locator('section[aria-labelledby="demo"] [class*="frame"]');
    const before = await frame.boundingBox();
    await frame.scrollIntoViewIfNeeded();
    const image = frame.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {timeout: 45_000}).toBeGreaterThan(0);
    expect(await image.getAttribute('alt')).toMatch(/dataset page/);
    expect(await image.getAttribute('src')).toMatch(/assets\/ideal-img\/catalog-preview\.[0-9a-f]+\.\d+\.png$/);
    const after = await frame.boundingBox();
    expect(Math.abs(after!.height - before!.height)).toBeLessThan(1);
    await page.context().close();
  });
});

describe('integrations page', () => {
  it('lists every registry integration as a card, and the count matches the cards', async () => {
    const page = await open('/integrations');
    expect(await countText(page)).toBe(resultLabel(cards.length));
    expect(await page.locator('article').count()).toBe(cards.length);
    const snowflake = page.locator('article', {has: page.getByRole('link', {name: 'Snowflake', exact: true})});
    const card = cards.find((c) => c.id === 'snowflake')!;
    expect(await snowflake.getByRole('link').getAttribute('href')).toBe(card.href);
    const text = (await snowflake.textContent())!;
    for (const part of [card.summary, card.platformType, card.connectionType, card.status]) expect(text).toContain(part);
    expect(await snowflake.locator('svg path').count()).toBe(1);
    await page.context().close();
  });

  it('narrows by free text in the URL without adding a history entry per keystroke', async () => {
    const page = await open('/integrations');
    const historyLength = await page.evaluate(() => history.length);
    await page.getByLabel('Search integrations').pressSequentially('kafka');
    await expect.poll(() => countText(page)).toBe(expectedLabel({q: 'kafka'}));
    expect(await page.locator('article').count()).toBe(expectedCount({q: 'kafka'}));
    expect(await cardNames(page)).toEqual(expect.arrayContaining(['Kafka', 'Kafka Connect']));
    expect(search(page)).toBe('?q=kafka');
    expect(await page.getByLabel('Search integrations').inputValue()).toBe('kafka');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await page.context().close();
  });

  it('combines platform type, connection type and capability filters, with a count that matches the cards', async () => {
    const page = await open('/integrations');
    await page.getByRole('checkbox', {name: /^Datastore/}).check();
    await expect.poll(() => countText(page)).toBe(expectedLabel({types: ['Datastore']}));
    await page.getByRole('checkbox', {name: /^Data Profiling/}).check();
    const filters = {types: ['Datastore'], capabilities: ['Data Profiling']};
    await expect.poll(() => countText(page)).toBe(expectedLabel(filters));
    expect(await page.locator('article').count()).toBe(expectedCount(filters));
    expect(expectedCount(filters)).toBeLessThan(expectedCount({types: ['Datastore']}));
    for (const type of await page.locator('article dd').filter({hasText: /^(Datastore|BI Tool|Orchestrator)$/}).allTextContents()) expect(type).toBe('Datastore');
    await page.getByRole('checkbox', {name: /^Push/}).check();
    await expect.poll(() => countText(page)).toBe(expectedLabel({...filters, connections: ['Push']}));
    expect(search(page)).toBe('?type=Datastore&connection=Push&capability=Data+Profiling');
    await page.context().close();
  });

  it('keeps the filters through a reload and applies a shared URL', async () => {
    const page = await open('/integrations');
    await page.getByRole('checkbox', {name: /^BI Tool/}).check();
    await page.getByLabel('Search integrations').fill('dashboards');
    const filters = {q: 'dashboards', types: ['BI Tool']};
    await expect.poll(() => countText(page)).toBe(expectedLabel(filters));
    const shared = page.url();
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect.poll(() => countText(page)).toBe(expectedLabel(filters));
    expect(await page.getByRole('checkbox', {name: /^BI Tool/}).isChecked()).toBe(true);
    expect(await page.getByLabel('Search integrations').inputValue()).toBe('dashboards');

    const other = await open(new URL(shared).pathname + new URL(shared).search);
    await expect.poll(() => cardNames(other)).toEqual(await cardNames(page));
    await other.context().close();
    await page.context().close();
  });

  it('offers a way out of an empty result', async () => {
    const page = await open('/integrations?q=no-such-integration-anywhere&type=Datastore');
    await expect.poll(() => countText(page)).toBe('0 integrations');
    expect(await page.locator('article').count()).toBe(0);
    expect(await page.getByRole('heading', {name: /No integration matches/}).isVisible()).toBe(true);
    const hints = await page.locator('section[aria-labelledby="integration-results"] li').allTextContents();
    expect(hints).toEqual(['Shorten or change the search text "no-such-integration-anywhere".', 'Choose a platform type other than Datastore.']);
    await page.getByRole('button', {name: 'Clear filters', exact: true}).click();
    await expect.poll(() => countText(page)).toBe(resultLabel(cards.length));
    expect(search(page)).toBe('');
    await page.context().close();
  });

  it('works from the keyboard, with a visible focus ring', async () => {
    const page = await open('/integrations');
    await page.getByLabel('Search integrations').focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? document.activeElement?.textContent);
    // The first tab stop after the field on a wide screen is the first platform type.
    expect(await focused()).toMatch(new RegExp(`^${data.integrations.facets.platformTypes[0]}`));
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Space');
    await expect.poll(() => search(page)).toBe(`?type=${data.integrations.facets.platformTypes[0]}`);
    await page.context().close();
  });

  it('folds the filter groups behind a button on a phone', async () => {
    const page = await open('/integrations', {viewport: {width: 375, height: 740}});
    const toggle = page.getByRole('button', {name: 'Show filters'});
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('checkbox', {name: /^Push/}).isVisible()).toBe(false);
    await toggle.click();
    expect(await page.getByRole('button', {name: 'Hide filters'}).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('checkbox', {name: /^Push/}).check();
    await expect.poll(() => countText(page)).toBe(expectedLabel({connections: ['Push']}));
    await page.context().close();
  });
});

describe('guild page', () => {
  it('renders the programme, its tiers from data/guild.yaml and how to take part', async () => {
    const page = await open('/guild/');
    expect(await page.locator('h1').textContent()).toMatch(/guild/i);
    expect(await page.locator('main').textContent()).toContain(data.guild.summary);
    const tiers = page.locator('section[aria-labelledby="tiers"] h3');
    expect(await tiers.allTextContents()).toEqual(data.guild.tiers.map((t) => t.name));
    for (const tier of data.guild.tiers) {
      for (const way of tier.howToQualify) expect(await page.getByText(way, {exact: true}).count()).toBe(1);
    }
    const steps = await page.locator('section[aria-labelledby="take-part"] ol > li').allTextContents();
    expect(steps).toEqual(data.guild.howToJoin);
    const hrefs = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining([links.chat, links.sourceRepository, paths.contributing]));
    await page.context().close();
  });

  it('reads well with the empty member list it ships with', async () => {
    expect(data.guild.members).toEqual([]);
    const page = await open('/guild/');
    const members = page.locator('section[aria-labelledby="members"]');
    expect(await members.textContent()).toContain('Be the first');
    expect(await members.locator('li').count()).toBe(0);
    expect(await members.getByRole('link', {name: 'community chat'}).getAttribute('href')).toBe(links.chat);
    await page.context().close();
  });
});

describe('docs home', () => {
  it('opens the search modal from its search entry', async () => {
    const page = await open('/docs/');
    await page.evaluate((event) => {
      window.addEventListener(event, () => document.documentElement.setAttribute('data-search-opened', 'yes'));
    }, OPEN_SEARCH_EVENT);
    await page.getByRole('button', {name: 'Search the docs'}).click();
    expect(await page.locator('html').getAttribute('data-search-opened')).toBe('yes');
    await page.context().close();
  });

  it('has quick links to the main areas, lists of guides and the main doc', async () => {
    const page = await open('/docs/');
    expect(await page.locator('h1').textContent()).toBe(`${product.name} documentation`);
    const article = page.locator('article');
    const areaLinks = await article.locator('ul[class*="grid"] h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(areaLinks).toEqual([paths.quickstart, paths.integrations, paths.apis, paths.deployKubernetes, paths.features, paths.managedOverview]);
    const headings = (await article.locator('h2').allTextContents()).map((h) => h.replace(/\u200b/g, '').trim());
    expect(headings).toEqual(expect.arrayContaining(['Main areas', 'Start here', 'Connect your data', 'Deploy and operate']));
    expect(await article.locator(`a[href="${paths.features}"]`).count()).toBeGreaterThan(1);
    await page.context().close();
  });
});

// Axe in both colour modes and the alt attribute of every image are checked on these four pages, and on every other
// route, by the crawl (crawl.e2e.ts); what it does not check is here, in one visit per page at phone width.
describe('not-found page: the closest page', () => {
  /** Opens a missing address and waits until the 404 page has asked the search index for the closest page. */
  async function openMissing(route: string): Promise<Page> {
    const page = await newPage(browser);
    const response = await page.goto(route, {waitUntil: 'networkidle'});
    expect(response?.status()).toBe(404);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await page.waitForSelector('main p[aria-live]:not([aria-busy="true"])', {state: 'attached'});
    return page;
  }

  it('suggests the page a mistyped address meant, when no route is a typo away but the search finds it', async () => {
    // "/docs/snowflak": no route is a typo away; the search ranks the Snowflake source first, and its route names it.
    const page = await openMissing('/docs/snowflak');
    const closest = page.locator('main').getByText(notFoundText.closest).getByRole('link');
    await expect.poll(() => closest.count()).toBe(1);
    expect(await closest.getAttribute('href')).toBe('/docs/generated/ingestion/sources/snowflake');
    await page.context().close();
  });

  it('suggests nothing for an address no page is close to', async () => {
    const page = await openMissing('/no-such-page');
    const main = page.locator('main');
    expect(await main.getByText(notFoundText.closest).count()).toBe(0);
    // The ways back stay.
    expect(await main.getByRole('link', {name: notFoundText.docsHome}).count()).toBe(1);
    expect(await main.getByRole('link', {name: notFoundText.searchFor('no such page')}).getAttribute('href')).toBe('/search?q=no%20such%20page');
    await page.context().close();
  });
});

describe('the four pages', () => {
  for (const route of fourPages) {
    it(`${route}: labels every graphic, describes content images, and has no horizontal scroll at 375 px`, async () => {
      const page = await open(route, {viewport: {width: 375, height: 740}});
      await scrollThrough(page);
      const unlabelled = await page.evaluate(() =>
        Array.from(document.querySelectorAll('svg[role="img"]'))
          .filter((svg) => !svg.getAttribute('aria-label') && !svg.querySelector('title'))
          .map((svg) => svg.outerHTML.slice(0, 120)),
      );
      expect(unlabelled).toEqual([]);
      // Content images (not the decorative chrome) must describe themselves.
      const contentAlts = await page.locator('main img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
      for (const alt of contentAlts) expect(alt.length).toBeGreaterThan(10);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await page.context().close();
    });
  }
});
