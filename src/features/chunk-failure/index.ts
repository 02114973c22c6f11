import {chunkLoadText} from '../../site';

/** Whether an error is webpack failing to load a chunk (its script or stylesheet). */
export const isChunkLoadError = (reason: unknown): reason is Error =>
  reason instanceof Error && (reason.name === 'ChunkLoadError' || /^Loading (CSS )?chunk \S+ failed/.test(reason.message));

/**
 * On first load the page is static HTML until its route's chunks have loaded and React has taken it over; when one
 * fails to load, nothing catches it and the page stays readable but dead. This says so, with a Retry button (spec
 * section 8), in a bar above the page: in the flow, before the navbar, so it covers neither the navbar nor the
 * content, and a keyboard reader meets Retry first. Later failures (a link to another page) are Docusaurus's to
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
    box.style.cssText =
      'display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:0.5rem 1rem;margin:0;padding:0.6rem 1rem;border-width:0 0 1px;border-radius:0';
    const message = doc.createElement('span');
    message.textContent = chunkLoadText.message;
    const retry = doc.createElement('button');
    retry.type = 'button';
    retry.className = 'button button--sm';
    // The page's text colour as background, under the inverse of it (Infima's --ifm-background-color is transparent
    // in light mode): Infima's danger button has white on red, 3.6:1 in light mode.
    retry.style.cssText =
      'border-color:var(--ifm-font-color-base);background:var(--ifm-font-color-base);color:var(--ifm-color-content-inverse);transition:none';
    retry.textContent = chunkLoadText.retry;
    retry.onclick = () => win.location.reload();
    box.append(message, retry);
    doc.body.prepend(box);
  });
}
