import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import type {AxeResults} from 'axe-core';
import type {Page} from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/**
 * Runs axe-core in the page and returns the serious and critical violations.
 * The script is evaluated through the DevTools protocol, which the site's
 * Content-Security-Policy (rightly) does not allow as an inline script tag.
 */
export async function axeBlocking(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(
    (sel) => (window as unknown as {axe: {run: (context?: Element | Document) => Promise<AxeResults>}}).axe.run(sel ? document.querySelector(sel)! : document),
    selector,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}
