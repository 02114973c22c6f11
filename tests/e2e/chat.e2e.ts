import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {Browser, Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest';
import {splitCompletion, START_RESPONSE_MARKER} from '../../contract/completions';
import {chatDefaults, chatService, chatText, links} from '../../src/site';
import {axeBlocking} from './axe';
import {baseURL, gotoHydrated, launchChromium, newPage} from './browser';
import {answer, chatState, dialog, input, openButton, recordStates} from './chat-page';
import {startPacedServer, type PacedServer} from './paced-server';

const require = createRequire(import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const QUESTION = 'How do I create a personal access token?';
const isCompletions = (url: string) => new URL(url).pathname === chatService.completionsUrl;
const isQueryLog = (url: string) => new URL(url).pathname === chatService.queryLogUrl;

async function openChat(route = '/docs/features', baseURL?: string): Promise<Page> {
  const page = await newPage(browser, baseURL ? {baseURL} : {});
  await gotoHydrated(page, route);
  await openButton(page).click();
  await input(page).waitFor();
  return page;
}


/** The server's own answer to a question, read outside the browser. */
async function serverAnswer(prompt: string): Promise<{references: string[]; answer: string}> {
  const ask = () =>
    fetch(`${baseURL()}${chatService.completionsUrl}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({prompt, projectKey: chatService.projectKey}),
    });
  // Once more when the first attempt went out on a kept-alive connection the server was closing as it idled.
  const response = await ask().catch(ask);
  return splitCompletion(await response.text());
}

/** Title of a built page as its <title> shows it, without the site suffix. */
function builtPage(docPath: string): {title: string; html: string} {
  const html = readFileSync(path.join('build', docPath, 'index.html'), 'utf8');
  const title = decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(html)![1].replace(/ \| DataHub$/, ''));
  return {title, html};
}

/** Text of built HTML with its character references decoded. */
const decodeEntities = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'"})[name]!);

describe('chat: loading and the dialog', () => {
  it('requests no chat code with the page, and loads it when the pointer reaches the button', async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await gotoHydrated(page, '/docs/features');
    await page.mouse.wheel(0, 100_000);
    await page.waitForTimeout(300);
    expect(scripts.filter((s) => s.includes('chat-dialog'))).toEqual([]);
    // Nor is any chat code bundled into what the page loaded: no stream marker, no markdown renderer.
    const firstLoad = [...scripts];
    for (const script of firstLoad) {
      const code = readFileSync(path.join('build', script), 'utf8');
      expect(code.includes(START_RESPONSE_MARKER) || code.includes('remarkjs/react-markdown'), script).toBe(false);
    }
    // Hovering the button starts the dialog's download before the click (preload on intent), once.
    await openButton(page).hover();
    await expect.poll(() => scripts.slice(firstLoad.length).filter((s) => s.includes('chat-dialog')).length).toBe(1);
    await openButton(page).click();
    await input(page).waitFor();
    const afterFirstLoad = scripts.slice(firstLoad.length);
    expect(afterFirstLoad.filter((s) => s.includes('chat-dialog'))).toHaveLength(1);
    expect(afterFirstLoad.some((s) => readFileSync(path.join('build', s), 'utf8').includes('remarkjs/react-markdown'))).toBe(true);
    await page.context().close();
  });

  it('shows the button on every page with a footer', async () => {
    const page = await newPage(browser);
    for (const route of ['/', '/docs/features', '/integrations', '/guild/', '/search']) {
      await page.goto(route);
      await expect.poll(() => openButton(page).textContent(), {message: route}).toContain(chatText.buttonLabel);
    }
    await page.context().close();
  });

  it('has a hidden title, one focused input with the spec attributes, the disclaimer and a close button', async () => {
    const page = await openChat();
    const field = input(page);
    expect(await field.getAttribute('placeholder')).toBe(chatText.title);
    for (const attribute of ['autocapitalize', 'autocomplete', 'autocorrect']) expect(await field.getAttribute(attribute), attribute).toBe('off');
    expect(await field.getAttribute('spellcheck')).toBe('false');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog(page).getByRole('textbox').count()).toBe(1);

    const title = dialog(page).getByRole('heading', {name: chatText.title});
    expect(await title.evaluate((el) => el.getBoundingClientRect().width <= 1)).toBe(true);

    expect(await dialog(page).textContent()).toContain(chatText.disclaimer);
    const channel = dialog(page).getByRole('link', {name: new RegExp(`^${chatText.disclaimerLinkLabel}`)});
    expect(await channel.getAttribute('href')).toBe(links.chat);
    expect(await channel.getAttribute('target')).toBe('_blank');
    expect(await channel.getAttribute('rel')).toBe('noopener noreferrer');
    // Nothing asked yet: no sources panel, no feedback.
    expect(await dialog(page).getByText(chatText.fetching).count()).toBe(0);
    expect(await dialog(page).getByText(chatText.feedbackQuestion).count()).toBe(0);

    await dialog(page).getByRole('button', {name: chatText.closeLabel}).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await openButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('does nothing for an empty prompt: no request is sent', async () => {
    const page = await openChat();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (isCompletions(r.url()) || isQueryLog(r.url())) sent.push(r.url());
    });
    await input(page).press('Enter');
    await input(page).fill('   ');
    await input(page).press('Enter');
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    expect(await chatState(page)).toBe('indeterminate');
    expect(await dialog(page).getByText(chatText.fetching).count()).toBe(0);
    await page.context().close();
  });
});

describe('chat: a question about a real page', () => {
  it('answers from the real server, lists the sources with their titles and links, and stores the rating', async () => {
    const expected = await serverAnswer(QUESTION);
    expect(expected.references.length).toBeGreaterThan(2);
    const page = await openChat();
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    const states = await recordStates(page);
    await input(page).fill(QUESTION);
    await input(page).press('Enter');
    await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('done');
    const sequence = (await states()).map((s) => s.state).filter((state, i, all) => state !== all[i - 1] && state !== 'indeterminate');
    expect(sequence).toEqual(['preload', 'streaming-answer', 'done']);
    // The quoted passage, naming no pages itself: the references list below is where the sources are.
    const shown = (await answer(page).textContent()) ?? '';
    expect(shown.toLowerCase()).toContain('personal access token');
    expect(shown).not.toMatch(/Source:|Related:/);
    expect(await answer(page).locator(`a[href="${expected.references[0]}"]`).count()).toBe(0);

    // Sources: the server's references in its order, titled from the build, linking to page and section.
    expect(await dialog(page).getByText(chatText.referencesHeading).count()).toBe(1);
    const items = dialog(page).getByRole('list', {name: chatText.referencesHeading}).getByRole('listitem');
    expect(await items.count()).toBe(expected.references.length);
    for (const [index, id] of expected.references.entries()) {
      const link = items.nth(index).getByRole('link');
      expect(await link.getAttribute('href')).toBe(id);
      const [docPath, anchor] = id.split('#');
      const built = builtPage(docPath);
      const [title, section] = (await link.textContent())!.split(' › ');
      expect(title, id).toBe(built.title);
      if (anchor) {
        const escaped = anchor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const heading = new RegExp(`<h([2-6])[^>]*\\sid="?${escaped}"?(?=[\\s>])[^>]*>(.*?)</h\\1>`).exec(built.html);
        expect(heading, `${id}: no heading with this anchor`).not.toBeNull();
        // The heading exactly as the page shows it, not the anchor read as words.
        expect(section, id).toBe(decodeEntities(heading![2].replace(/<[^>]+>/g, '')).replace(/\u200b/g, '').trim());
      }
      const delay = await items.nth(index).evaluate((el) => getComputedStyle(el).animationDelay);
      expect(delay).toBe(`${(index * chatDefaults.referenceFadeDelayMs) / 1000}s`);
    }

    // Feedback: thanks, and the rating stored by the real query log.
    await dialog(page).getByRole('button', {name: chatText.thumbsUpLabel}).click();
    await expect.poll(() => dialog(page).getByText(chatText.feedbackThanks).count()).toBe(1);
    expect(await dialog(page).getByText(chatText.feedbackQuestion).count()).toBe(0);
    const db = new Database(inject('queryLogPath'), {readonly: true});
    const rows = () => db.prepare('SELECT query, result_rating FROM queries WHERE query = ? ORDER BY id').all(QUESTION);
    // The rating is written into the question's row (other tests ask the same question, hence "containing").
    await expect.poll(rows).toEqual(expect.arrayContaining([{query: QUESTION, result_rating: 'positive'}]));
    db.close();
    await expect.poll(() => consoleLines).toEqual(expect.arrayContaining(['Logged query', 'Logged feedback']));

    // A source link opens its page at the section and closes the dialog.
    const first = items.first().getByRole('link');
    const target = (await first.getAttribute('href'))!;
    await first.click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe(target);
    await page.context().close();
  });
});

describe('chat: a paced stream from the server', () => {
  let paced: PacedServer;
  beforeAll(async () => {
    paced = await startPacedServer(150);
  });
  afterAll(async () => {
    await paced?.close();
  });

  it('shows the answer as it arrives, with every reference listed', async () => {
    const expected = await serverAnswer(QUESTION);
    const page = await newPage(browser, {baseURL: paced.address, viewport: {width: 1280, height: 560}});
    await gotoHydrated(page, '/docs/features');
    await openButton(page).click();
    await input(page).waitFor();
    const states = await recordStates(page);
    await input(page).fill(QUESTION);
    await input(page).press('Enter');
    await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('done');

    const seen = await states();
    const lengths = new Set(seen.filter((s) => s.state === 'streaming-answer').map((s) => s.answerLength));
    expect(lengths.size).toBeGreaterThan(10);
    expect(await dialog(page).getByRole('list', {name: chatText.referencesHeading}).getByRole('listitem').count()).toBe(expected.references.length);
    // Where the thread scrolls while it streams and once it ends is tested in chat-layout.e2e.ts.
    expect(paced.answers.completed).toBeGreaterThan(0);
    await page.context().close();
  });

  it('closing the dialog mid-stream aborts the request, in the browser and on the server', async () => {
    const page = await openChat('/docs/features', paced.address);
    const failed: string[] = [];
    page.on('requestfailed', (r) => {
      if (isCompletions(r.url())) failed.push(r.failure()?.errorText ?? '');
    });
    const abortedBefore = paced.answers.aborted;
    await input(page).fill(QUESTION);
    await input(page).press('Enter');
    await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('streaming-answer');
    // (Esc in the input would stop the answer, not close the dialog: chat-outcomes.e2e.ts.)
    await dialog(page).getByRole('button', {name: chatText.closeLabel}).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => failed).toEqual(['net::ERR_ABORTED']);
    await expect.poll(() => paced.answers.aborted).toBe(abortedBefore + 1);
    await page.context().close();
  });
});

describe('chat: failures and hostile answers', () => {
  it('shows the don\'t-know message when completions answers 500', async () => {
    const page = await openChat();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/v1/completions', (route) => route.fulfill({status: 500, contentType: 'application/json', body: '{"error":"internal server error"}'}));
    await input(page).fill(QUESTION);
    await input(page).press('Enter');
    await expect.poll(() => chatState(page)).toBe('done');
    expect((await answer(page).textContent())?.trim()).toBe(chatDefaults.iDontKnowMessage);
    expect(errors.join('\n')).toContain('500');
    // Done without references: the sources panel is there, as indeterminate, with no list.
    expect(await dialog(page).locator('[data-loading-state]').getAttribute('data-loading-state')).toBe('indeterminate');
    expect(await dialog(page).getByText(chatText.referencesHeading).count()).toBe(0);
    await page.context().close();
  });

  it('renders a crafted answer with javascript: links, <script> and onerror inert', async () => {
    const page = await openChat();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    const crafted = [
      JSON.stringify(['/docs/features']) + START_RESPONSE_MARKER,
      'Click [here](javascript:window.pwned=1) or [there](JaVaScRiPt:alert(2)) or [encoded](java&#115;cript:alert(3)).',
      '',
      '<script>window.pwned = 4</script>',
      '',
      '<img src=x onerror="window.pwned = 5">',
      '',
      '<javascript:alert(6)> and [data](data:text/html,<script>alert(7)</script>)',
      '',
      '[A safe page](/docs/quickstart)',
    ].join('\n');
    await page.route('**/v1/completions', (route) => route.fulfill({status: 200, contentType: 'text/plain; charset=utf-8', body: crafted}));
    await input(page).fill('anything');
    await input(page).press('Enter');
    await expect.poll(() => chatState(page)).toBe('done');

    const hrefs = await answer(page).locator('[href], [src]').evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? el.getAttribute('src')));
    expect(hrefs).toEqual(['/docs/quickstart']);
    expect(await dialog(page).locator('script, img, iframe').count()).toBe(0);
    await answer(page).getByText('here', {exact: true}).click();
    await answer(page).getByText('there', {exact: true}).click();
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as {pwned?: number}).pwned)).toBeUndefined();
    expect(alerts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/docs/features');
    await page.context().close();
  });
});

describe('chat: keyboard and accessibility', () => {
  it('works with the keyboard alone: Tab to the button, Enter, type, Enter, Tab to the thumbs, Enter, Esc', async () => {
    const page = await newPage(browser);
    await gotoHydrated(page, '/docs/features');
    const focusedIsButton = () => page.evaluate((name) => document.activeElement?.getAttribute('aria-label') === name, chatText.buttonAccessibleLabel);
    for (let i = 0; i < 400 && !(await focusedIsButton()); i++) await page.keyboard.press('Tab');
    expect(await focusedIsButton()).toBe(true);
    await page.keyboard.press('Enter');
    await input(page).waitFor();
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(QUESTION);
    await page.keyboard.press('Enter');
    await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('done');

    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    for (let i = 0; i < 60 && (await focusedLabel()) !== chatText.thumbsUpLabel; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    expect(await focusedLabel()).toBe(chatText.thumbsUpLabel);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByText(chatText.feedbackThanks).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await focusedIsButton()).toBe(true);
    await page.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical violation in the open dialog with an answer (${colorScheme})`, async () => {
      const page = await newPage(browser, {colorScheme});
      await gotoHydrated(page, '/docs/features');
      await openButton(page).click();
      await input(page).fill(QUESTION);
      await input(page).press('Enter');
      await expect.poll(() => chatState(page), {timeout: 45_000}).toBe('done');
      // Let the sources finish fading in before contrast is measured.
      await page.waitForTimeout(1500);
      expect(await axeBlocking(page, '[role="dialog"]')).toEqual([]);
      await dialog(page).getByRole('button', {name: chatText.thumbsDownLabel}).click();
      await expect.poll(() => dialog(page).getByText(chatText.feedbackThanks).count()).toBe(1);
      expect(await axeBlocking(page, '[role="dialog"]')).toEqual([]);
      await page.context().close();
    });
  }
});
