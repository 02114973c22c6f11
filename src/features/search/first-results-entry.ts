/**
 * The search page's first results before React hydrates (see first-results.ts). Bundled on its own and started by the
 * page-scripts loader ahead of the page's scripts, which wait for FIRST_SCRIPT_DONE_EVENT: on a slow phone the first
 * hits then share the network and the CPU with nothing else. It writes the same markup as the React list, whose
 * first results replace these without moving anything. The search runs in a worker started from a script of its
 * own (search-worker-entry.ts): the engine is neither downloaded nor compiled by the page.
 */
import {FIRST_SCRIPT_DONE_EVENT} from '../../../plugins/page-scripts/first-script';
import {afterNextPaint} from '../after-next-paint';
import {FIRST_HITS, FIRST_RESULTS_ATTRIBUTE, resultText, shareOpenedIndex, type FirstResultsSettings} from './first-results';
import {highlight, snippet} from './highlight';
import {connectShardedIndex} from './search-worker';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string | null, children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** As the Highlighted component writes it: matches in <mark>, the rest in <span>. */
const highlighted = (text: string, terms: string[]) => highlight(text, terms).map((part) => element(part.match ? 'mark' : 'span', null, [part.text]));

async function showFirstResults(): Promise<void> {
  const query = new URLSearchParams(window.location.search).get('q')?.trim();
  const container = document.querySelector<HTMLElement>(`[${FIRST_RESULTS_ATTRIBUTE}]`);
  if (!query || !container) return;
  const {lexiconUrl, workerUrl, language, docsTag, classes} = JSON.parse(container.getAttribute(FIRST_RESULTS_ATTRIBUTE)!) as FirstResultsSettings;
  const index = connectShardedIndex(new Worker(workerUrl), lexiconUrl);
  shareOpenedIndex(lexiconUrl, index);
  const {hits, total} = await (await index).search(query, FIRST_HITS, {language, docsTag});
  // Nothing found is the page's to say; and the container is gone once the page shows its own results.
  if (hits.length === 0 || !container.isConnected || container.hasChildNodes()) return;
  const count = element('p', classes.count, [resultText.count(total)]);
  count.setAttribute('aria-live', 'polite');
  const list = element(
    'ol',
    classes.results,
    hits.map((hit) => {
      const link = element('a', null, highlighted(resultText.title(hit), hit.terms));
      link.href = hit.url;
      return element('li', classes.result, [
        element('div', classes.breadcrumbs, [resultText.breadcrumbs(hit)]),
        element('h2', classes.resultTitle, [link]),
        element('p', classes.snippet, highlighted(snippet(hit.text, hit.terms, resultText.snippetWidth), hit.terms)),
      ]);
    }),
  );
  container.append(count, list);
  // The box shows what the results are for; React keeps a value typed before it hydrates.
  const input = document.querySelector<HTMLInputElement>('main form[role=search] input');
  if (input && !input.value) input.value = query;
  await afterNextPaint();
}

showFirstResults()
  .catch((error: unknown) => console.error('The first search results could not be shown before the page loaded:', error))
  .finally(() => document.dispatchEvent(new Event(FIRST_SCRIPT_DONE_EVENT)));
