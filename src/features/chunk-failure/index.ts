import {chunkLoadText} from '../../site';

/** Whether an error is webpack failing to load a chunk (its script or stylesheet). */
export const isChunkLoadError = (reason: unknown): reason is Error =>
  reason instanceof Error && (reason.name === 'ChunkLoadError' || /^Loading (CSS )?chunk \S+ failed/.test(reason.message));

/**
 * On first load the page is static HTML until its route's chunks have loaded and React has taken it over; when one
 * fails to load, nothing catches it and the page stays readable but dead. This shows the error text and a Retry
 * button (spec section 8) at the top of the page then. Later failures (a link to another page) are Docusaurus's to
 * handle: it reloads the page.
 */
export function watchFirstLoadChunkFailure(win: Window & {docusaurusRoot?: unknown}): void {
  win.addEventListener('unhandledrejection', ({reason}) => {
    const doc = win.document;
    if (win.docusaurusRoot || !isChunkLoadError(reason) || doc.getElementById('chunk-load-failure')) return;
    const box = doc.createElement('div');
    box.id = 'chunk-load-failure';
    box.setAttribute('role', 'alert');
    // Infima's alert and button classes: the site's stylesheet has them, no style of its own to ship.
    box.className = 'alert alert--danger';
    box.style.cssText = 'position:fixed;inset:0 0 auto;z-index:1000;border-radius:0';
    box.textContent = `${chunkLoadText.message} ${reason.message} `;
    const retry = doc.createElement('button');
    retry.className = 'button button--danger button--sm';
    retry.textContent = chunkLoadText.retry;
    retry.onclick = () => win.location.reload();
    box.append(retry);
    doc.body.prepend(box);
  });
}
