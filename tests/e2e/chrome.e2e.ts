import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {announcement, site} from '../../src/site';
import {axeBlocking} from './axe';
import {baseURL, collectErrors, gotoHydrated, launchChromium, navbarBottom, newPage} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('top-level routes', () => {
  const routes: Array<[string, RegExp]> = [
    ['/', /DataHub/],
    ['/docs/', /DataHub documentation/],
    ['/docs/introduction', /./],
    ['/docs/features', /./],
    ['/guild/', /guild/i],
    ['/integrations', /Integrations/],
    ['/search', /Search/],
  ];
  for (const [route, heading] of routes) {
    it(`renders ${route} with a heading`, async () => {
      const page = await newPage(browser);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('h1').first().textContent()).toMatch(heading);
      await page.context().close();
    });
  }

  it('shows the not-found page for an unknown route', async () => {
    const page = await newPage(browser);
    const response = await page.goto('/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Page Not Found/);
    await page.context().close();
  });

  it('normalises /docs/features.html to /docs/features', async () => {
    const page = await newPage(browser);
    await page.goto('/docs/features.html');
    expect(new URL(page.url()).pathname).toBe('/docs/features');
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('takes a path typed with capitals to the lowercase page', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/Docs/Features');
    expect(new URL(page.url()).pathname).toBe('/docs/features');
    await page.context().close();
  });

  it('keeps the not-found page for a path with capitals on a host that does not redirect', async () => {
    const page = await newPage(browser);
    // The 404 answer itself is logged as a failed resource; anything else (a hydration error) is a failure.
    const errors = collectErrors(page, (text) => text.startsWith('Failed to load resource'));
    // What a plain static host answers: its 404 page, at the URL as typed.
    const notFound = await (await page.request.get('/docs/no-such-page')).text();
    await page.route('**/DOCS/FEATURES', (route) => route.fulfill({status: 404, contentType: 'text/html', body: notFound}));
    await gotoHydrated(page, '/DOCS/FEATURES');
    expect(await page.locator('h1').first().textContent()).toMatch(/Page Not Found/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads nothing from another origin (self-hosted font included)', async () => {
    const page = await newPage(browser);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL()) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await gotoHydrated(page, '/docs/features');
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toContain('Inter Variable');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
    expect(foreign).toEqual([]);
    await page.context().close();
  });
});

describe('navbar', () => {
  it('hides on scroll down past its height and returns on scroll up', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/cli');
    expect(await navbarBottom(page)).toBeGreaterThan(0);
    await page.mouse.move(600, 400);
    // Several wheel steps, as a reader scrolls: the hook compares each position with the previous one.
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, 250);
      await page.waitForTimeout(50);
    }
    await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -150);
    await expect.poll(() => navbarBottom(page)).toBeGreaterThan(0);
    await page.context().close();
  });

  it('has the spec links and icon links', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    const labels = await page.locator('nav.navbar .navbar__items--right > a').allTextContents();
    expect(labels.map((l) => l.trim())).toEqual(expect.arrayContaining(['Docs', 'Integrations', 'Demo', 'Blog', 'Roadmap']));
    for (const label of ['Community chat', 'Video channel', 'Source repository']) {
      expect(await page.locator(`nav.navbar a[aria-label="${label}"]`).count()).toBe(1);
    }
    expect(await page.locator('nav.navbar').getByText(site.currentVersionLabel, {exact: true}).count()).toBeGreaterThan(0);
    expect(await page.locator('nav.navbar').getByText('English').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('colour mode', () => {
  const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

  it('has two states with the spec labels, and keeps the choice under "theme" across a reload', async () => {
    const page = await newPage(browser, {colorScheme: 'light'});
    await gotoHydrated(page, '/docs/features');
    expect(await theme(page)).toBe('light');
    const toggle = page.locator('nav.navbar button[aria-label*="mode"]').first();
    expect(await toggle.getAttribute('title')).toBe('light mode');
    await toggle.click();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await toggle.getAttribute('title')).toBe('dark mode');
    expect(await toggle.getAttribute('aria-label')).toMatch(/currently dark mode/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The second click goes back to light (no third "system" state) and stores that choice too.
    await toggle.click();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await toggle.getAttribute('title')).toBe('light mode');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await toggle.click();
    await page.reload();
    expect(await theme(page)).toBe('dark');
    await page.context().close();
  });

  it('follows the system preference on a first visit', async () => {
    const page = await newPage(browser, {colorScheme: 'dark'});
    await gotoHydrated(page, '/docs/features');
    expect(await theme(page)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ifm-background-color').trim());
    expect(background.toLowerCase()).toBe('#141414');
    expect(await page.locator('nav.navbar button[aria-label*="mode"]').first().getAttribute('title')).toBe('dark mode');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(null);
    await page.context().close();
  });
});

describe('mobile menu and sidebar', () => {
  it('opens at 375 px and its back button returns to the main menu', async () => {
    const page = await newPage(browser, {viewport: {width: 375, height: 740}});
    await gotoHydrated(page, '/docs/features');
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    const back = page.getByRole('button', {name: /back to main menu/i});
    await back.waitFor({state: 'visible'});
    await back.click();
    await expect.poll(() => page.locator('.navbar-sidebar').getByRole('link', {name: 'Integrations', exact: true}).isVisible()).toBe(true);
    await page.context().close();
  });

  it('is forced closed when the window grows above 996 px', async () => {
    const page = await newPage(browser, {viewport: {width: 375, height: 740}});
    await gotoHydrated(page, '/docs/features');
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    await expect.poll(() => page.locator('.navbar-sidebar--show').count()).toBe(1);
    await page.setViewportSize({width: site.mobileBreakpoint + 100, height: 740});
    await expect.poll(() => page.locator('.navbar-sidebar--show').count()).toBe(0);
    await page.context().close();
  });
});

describe('phone layout after hydration', () => {
  // A long generated page with code blocks, a table of contents and a sidebar of a few hundred links.
  const route = '/docs/generated/ingestion/sources/snowflake';
  const phone = {viewport: {width: 375, height: 740}};

  it('hydrates without errors into the phone layout: folded table of contents, copy buttons, the sidebar in the menu', async () => {
    const page = await newPage(browser, phone);
    const errors = collectErrors(page);
    await gotoHydrated(page, route);
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').count()).toBe(0);
    expect(await page.locator('.theme-doc-toc-mobile').isVisible()).toBe(true);
    const blocks = await page.locator('.theme-code-block').count();
    expect(blocks).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.theme-code-block').getByRole('button', {name: /copy code/i}).count()).toBe(blocks);
    // The sidebar moves into the menu.
    await expect.poll(() => page.locator('.theme-doc-sidebar-container').isVisible()).toBe(false);
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    const current = page.locator(`.navbar-sidebar .menu__link--active[aria-current="page"][href="${route}"]`);
    await expect.poll(() => current.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes the desktop layout when the window grows past the breakpoint, and the phone one when it shrinks back', async () => {
    const page = await newPage(browser, phone);
    const errors = collectErrors(page);
    await gotoHydrated(page, route);
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').count()).toBe(0);
    await page.setViewportSize({width: site.mobileBreakpoint + 100, height: 740});
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').isVisible()).toBe(true);
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(true);
    expect(await page.locator('.theme-doc-toc-mobile').isVisible()).toBe(false);
    await page.setViewportSize(phone.viewport);
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').count()).toBe(0);
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('accessibility chrome', () => {
  it('moves focus to the main content from the skip link', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    // Focus moves to <main>: the next Tab lands inside it, past the navbar and sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await page.context().close();
  });
});

describe('announcement bar', () => {
  it('promotes the managed edition and cannot be closed by default', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    const bar = page.locator('[class*="announcementBar"]').first();
    await expect.poll(() => bar.textContent()).toContain(announcement.linkLabel);
    expect(await bar.getByRole('button', {name: /close/i}).count()).toBe(0);
    await page.context().close();
  });
});

describe('crash page', () => {
  it('shows "This page crashed." with the message in readable colours, and "Try again" recovers', async () => {
    const page = await newPage(browser);
    page.on('pageerror', () => undefined);
    await gotoHydrated(page, '/diagnostics/error-boundary');
    const pageTitle = await page.title();
    await page.getByRole('button', {name: 'Throw a render error'}).click();
    await expect.poll(() => page.getByText('This page crashed.').isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Page Error');
    expect(await page.getByText('Deliberate render error from the diagnostics page.').count()).toBeGreaterThan(0);
    expect(await axeBlocking(page)).toEqual([]);
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect.poll(() => page.getByText('The page rendered normally.').isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(pageTitle);
    await page.context().close();
  });
});
