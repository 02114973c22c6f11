/**
 * Spec conformance a reader sees in the chrome and in search results: navbar items at phone widths, the version
 * dropdown, the hide-on-scroll navbar at the page end, dark-mode readability, commands on phones, search highlights,
 * snippets and favourites.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SNIPPET_CHARS} from '../../lib/search/engine';
import {contrastRatio} from '../../src/colors/contrast';
import {storageKeys} from '../../src/site';
import {gotoHydrated, launchChromium, navbarBottom, newPage} from './browser';
import {searchDialog} from './search-page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('navbar on phones and tablets', () => {
  // One page resized through the widths: a fresh load per width costs a minute on a slow machine.
  it('shows every item of the bar without overlap, each tappable, at 320, 390, 768 and 996 px', async () => {
    const page = await newPage(browser, {viewport: {width: 320, height: 800}});
    await gotoHydrated(page, '/docs/features');
    for (const width of [320, 390, 768, 996]) {
      await page.setViewportSize({width, height: 800});
      // Two frames: the media queries and the resize listeners have laid the bar out again.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const items = await page.evaluate(() => {
        const bar = document.querySelector('nav.navbar .navbar__inner')!;
        return Array.from(bar.querySelectorAll<HTMLElement>('a, button'))
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
          })
          .map((el) => {
            const box = el.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return {
              name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
              left: box.left, right: box.right, top: box.top, bottom: box.bottom,
              tappable: hit !== null && (hit === el || el.contains(hit)),
            };
          });
      });
      const names = items.map((i) => i.name);
      expect(names).toEqual(expect.arrayContaining(['Source repository', 'Community chat', 'Video channel']));
      expect(names.some((n) => /^Search/.test(n))).toBe(true);
      for (const item of items) {
        expect({width, name: item.name, tappable: item.tappable}).toEqual({width, name: item.name, tappable: true});
        expect(item.left).toBeGreaterThanOrEqual(0);
        expect(item.right).toBeLessThanOrEqual(width);
      }
      for (const [i, a] of items.entries()) {
        for (const b of items.slice(i + 1)) {
          const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
          expect(overlap ? `${a.name} overlaps ${b.name} at ${width} px` : '').toBe('');
        }
      }
    }
    await page.context().close();
  });
});

describe('version dropdown', () => {
  it('is a dropdown with "Next", and choosing it stores docs-preferred-version-default', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    const dropdown = page.locator('nav.navbar .navbar__items--right .dropdown').filter({has: page.getByRole('button', {name: 'Next'}).or(page.getByRole('link', {name: 'Next', exact: true}))}).first();
    await dropdown.hover();
    const item = dropdown.locator('.dropdown__menu').getByRole('link', {name: 'Next', exact: true});
    await item.waitFor({state: 'visible'});
    expect(await dropdown.locator('.dropdown__menu').getByRole('link', {name: 'All releases'}).count()).toBe(1);
    await item.click();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), storageKeys.preferredVersion('default'))).toBe('current');
    await page.context().close();
  });
});

describe('hide-on-scroll navbar', () => {
  it('comes back on a small scroll up and at the end of a long page', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/cli');
    await page.mouse.move(600, 400);
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, 250);
      await page.waitForTimeout(50);
    }
    await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -20);
    await expect.poll(() => navbarBottom(page)).toBeGreaterThan(0);

    await page.mouse.wheel(0, 400);
    await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => navbarBottom(page)).toBeGreaterThan(0);
    // At the very end a further scroll up keeps it shown.
    await page.mouse.wheel(0, -10);
    await page.waitForTimeout(100);
    expect(await navbarBottom(page)).toBeGreaterThan(0);
    await page.context().close();
  });
});

/** The opaque background behind an element: the first ancestor with a painted background. */
function backgroundOf(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
    }
    return getComputedStyle(document.body).backgroundColor;
  });
}

describe('readable in both colour modes', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`paints the announcement bar with readable text, and every integration logo at 3:1 against its tile, in ${mode} mode`, async () => {
      const page = await newPage(browser, {colorScheme: mode});
      await gotoHydrated(page, '/integrations');
      const bar = '[class*="announcementBar"]';
      const background = await backgroundOf(page, bar);
      const text = await page.locator(`${bar} [class*="announcementBarContent"]`).evaluate((el) => getComputedStyle(el).color);
      const link = await page.locator(`${bar} a`).first().evaluate((el) => getComputedStyle(el).color);
      const pageBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(link, background)).toBeGreaterThanOrEqual(4.5);
      // In dark mode the bar is a dark surface, not a white strip above a dark page.
      if (mode === 'dark') expect(contrastRatio(background, pageBackground)).toBeLessThan(1.5);

      const logos = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('main span[aria-hidden="true"]:has(> svg path)')).map((tile) => ({
          name: tile.closest('a, li, article')?.textContent?.trim().slice(0, 40) ?? '',
          color: getComputedStyle(tile).color,
          background: getComputedStyle(tile).backgroundColor,
        })),
      );
      expect(logos.length).toBeGreaterThan(20);
      const faint = logos
        .map((l) => ({name: l.name, ratio: contrastRatio(l.color, l.background)}))
        .filter((l) => l.ratio < 3)
        .map((l) => `${l.name}: ${l.ratio.toFixed(2)}`);
      expect(faint).toEqual([]);
      await page.context().close();
    });
  }
});

describe('landing quickstart on a phone', () => {
  it('never breaks a command inside a token', async () => {
    const page = await newPage(browser, {viewport: {width: 320, height: 700}});
    await gotoHydrated(page, '/');
    const broken = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main pre code')).flatMap((code) =>
        Array.from(code.querySelectorAll('span > span'))
          .filter((token) => token.getClientRects().length > 1)
          .map((token) => token.textContent),
      ),
    );
    expect(await page.locator('main pre code').getByText('--upgrade', {exact: true}).count()).toBeGreaterThan(0);
    expect(broken).toEqual([]);
    const upgrade = page.locator('main pre code').getByText('--upgrade', {exact: true}).first();
    expect(await upgrade.evaluate((el) => el.getClientRects().length)).toBe(1);
    await page.context().close();
  });
});

describe('search highlights, snippets and favourites', () => {
  it('marks whole words and cuts snippets at word boundaries, in the modal and on /search', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    await page.keyboard.press('Control+k');
    await searchDialog(page).getByRole('combobox').fill('snowflake lineage');
    await searchDialog(page).getByRole('option').first().waitFor();
    const wholeWords = (root: string) => page.evaluate((sel) => Array.from(document.querySelectorAll(`${sel} mark`)).map((m) => {
      const after = m.nextSibling?.textContent?.[0] ?? ' ';
      const before = m.previousSibling?.textContent?.slice(-1) ?? ' ';
      return {word: m.textContent, whole: !/[\p{L}\p{N}]/u.test(after) && !/[\p{L}\p{N}]/u.test(before)};
    }), root);
    const marks = await wholeWords('[role="dialog"]');
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.filter((m) => !m.whole)).toEqual([]);
    expect(marks.map((m) => m.word?.toLowerCase())).toContain('snowflake');

    await gotoHydrated(page, '/search?q=tokens');
    await page.locator('main mark').first().waitFor();
    const pageMarks = await wholeWords('main');
    expect(pageMarks.filter((m) => !m.whole)).toEqual([]);
    // A snippet is a whole short section, or was cut at a space and ends with an ellipsis.
    const snippets = await page.locator('main ol li p').evaluateAll((ps) => ps.map((p) => p.textContent?.trim() ?? ''));
    expect(snippets.length).toBeGreaterThan(0);
    expect(snippets.filter((text) => !text.endsWith('…') && text.length >= SNIPPET_CHARS)).toEqual([]);
    expect(snippets.filter((text) => /\S…$/u.test(text))).toEqual([]);
    await page.context().close();
  });

  /** Section texts of the build (the server's section store), spaces collapsed as the browser shows them. */
  const sectionTexts = () => (JSON.parse(readFileSync(path.resolve('build/chat-sections.json'), 'utf8')) as Array<{text: string}>)
    .map((s) => s.text.replace(/\s+/gu, ' ').trim());

  /**
   * What is wrong with a shown snippet, compared with the section text it comes from: a cut ("…") inside a word, or a
   * cut without its ellipsis. The one allowed cut inside a word is a word longer than the window (`window` characters).
   */
  function snippetFaults(texts: string[], shown: string, window: number): string[] {
    const lead = shown.startsWith('… ');
    const trail = shown.endsWith(' …');
    const body = shown.slice(lead ? 2 : 0, trail ? -2 : undefined).replace(/\s+/gu, ' ');
    const wordAt = (text: string, i: number) => /\S*$/u.exec(text.slice(0, i))![0] + /^\S*/u.exec(text.slice(i))![0];
    const verdicts = texts.flatMap((text) => {
      const found: string[][] = [];
      for (let at = text.indexOf(body); at >= 0 && found.length < 5; at = text.indexOf(body, at + 1)) {
        const end = at + body.length;
        const faults: string[] = [];
        if (lead && /\S/u.test(text[at - 1] ?? ' ') && wordAt(text, at).length <= window) faults.push(`starts inside "${wordAt(text, at)}"`);
        if (!lead && at > 0) faults.push('cut at the start without "…"');
        if (trail && /\S/u.test(text[end] ?? ' ') && wordAt(text, end).length <= window) faults.push(`ends inside "${wordAt(text, end)}"`);
        if (!trail && end < text.length) faults.push('cut at the end without "…"');
        found.push(faults);
      }
      return found;
    });
    if (verdicts.length === 0) return [`not found in any section: ${JSON.stringify(shown)}`];
    // The snippet is right when one place it can come from explains it.
    return verdicts.some((f) => f.length === 0) ? [] : verdicts[0].map((f) => `${f}: ${JSON.stringify(shown)}`);
  }

  it('cuts snippets only between whole words, with "…" where cut, in the modal and on /search, for several queries', async () => {
    const texts = sectionTexts();
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    await page.keyboard.press('Control+k');
    const input = searchDialog(page).getByRole('combobox');
    const shownSnippets = (selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    const faults: string[] = [];
    const cut = {lead: 0, trail: 0};
    const check = (where: string, snippets: string[], window: number) => {
      for (const shown of snippets) {
        if (shown.startsWith('… ')) cut.lead++;
        if (shown.endsWith(' …')) cut.trail++;
        faults.push(...snippetFaults(texts, shown, window).map((f) => `${where}: ${f}`));
      }
    };
    // Queries whose hits hold long URLs and identifiers as well as prose: the old code cut "…sort=times …" (the
    // build-time clip) and "… rn:li:dataPlatform…" (the modal's window) inside words.
    for (const q of ['usage event', 'kafka orders', 'lineage', 'snowflake key pair', 'restli reading metadata']) {
      await input.fill(q);
      await expect.poll(() => searchDialog(page).getByRole('link', {name: /^See all \d+ results$/}).getAttribute('href')).toBe(`/search?q=${encodeURIComponent(q)}`);
      // The first hits can show before the others have downloaded: read the list once it has settled.
      let previous: string[] = [];
      await expect.poll(async () => {
        const now = await shownSnippets('[role="option"] > span:last-child');
        const settled = now.length > 0 && JSON.stringify(now) === JSON.stringify(previous);
        previous = now;
        return settled;
      }, {interval: 500}).toBe(true);
      check(`modal "${q}"`, previous, 120);
    }
    for (const q of ['usage event', 'restli', 'reading metadata', 'tokens']) {
      await gotoHydrated(page, `/search?q=${encodeURIComponent(q)}`);
      await expect.poll(() => page.locator('main ol > li').count(), {timeout: 45_000}).toBeGreaterThan(0);
      // The snippets of the page are the build-time ones (SNIPPET_CHARS, " …" included): the window never cuts them again.
      check(`/search "${q}"`, await shownSnippets('main ol > li > p'), SNIPPET_CHARS - 2);
    }
    expect(faults).toEqual([]);
    // Not vacuous: snippets were cut at both ends.
    expect(cut.lead).toBeGreaterThan(0);
    expect(cut.trail).toBeGreaterThan(5);
    await page.context().close();
  });

  it('shows a filled star on a recent search that is already a favourite', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    await page.keyboard.press('Control+k');
    const input = searchDialog(page).getByRole('combobox');
    await input.fill('glossary');
    await searchDialog(page).getByRole('option').first().waitFor();
    await searchDialog(page).getByRole('button', {name: 'Save "glossary" as a favorite search'}).click();
    // Running the favourite again puts it in the recent list too.
    await input.press('Enter');
    await expect.poll(() => searchDialog(page).count()).toBe(0);
    await page.keyboard.press('Control+k');
    const recent = searchDialog(page).getByRole('region', {name: 'Recent searches'});
    await expect.poll(() => recent.getByRole('button', {name: 'glossary', exact: true}).count()).toBe(1);
    const star = recent.getByRole('button', {name: 'Remove "glossary" from favorite searches'});
    expect(await star.textContent()).toBe('★');
    expect(await recent.getByRole('button', {name: 'Save "glossary" as a favorite search'}).count()).toBe(0);
    await page.context().close();
  });
});
