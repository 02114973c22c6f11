import {chunkLoadText} from '../../site';

/** Id of the message, so a second failure does not add another. */
const MESSAGE_ID = 'chunk-load-failure';

/** Whether an error is webpack failing to load a chunk (its script or stylesheet). */
export function isChunkLoadError(reason: unknown): reason is Error {
  return reason instanceof Error && (reason.name === 'ChunkLoadError' || /^Loading (CSS )?chunk \S+ failed/.test(reason.message));
}

/** The error text and a Retry button that loads the page again, at the top of the page the reader sees. */
function showMessage(doc: Document, error: Error, reload: () => void): void {
  if (doc.getElementById(MESSAGE_ID)) return;
  const box = doc.createElement('div');
  box.id = MESSAGE_ID;
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'position:fixed;top:0;left:0;right:0;z-index:1000;display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;' +
    'padding:.75rem 1rem;background:#fff1f0;color:#141414;border-bottom:3px solid #a8071a;font-size:1rem;';
  const text = doc.createElement('span');
  text.textContent = `${chunkLoadText.message} ${error.message}`;
  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.textContent = chunkLoadText.retry;
  retry.style.cssText = 'min-height:2.25rem;padding:0 1rem;font:inherit;font-weight:600;cursor:pointer;';
  retry.addEventListener('click', reload);
  box.append(text, retry);
  doc.body.prepend(box);
}

/**
 * On first load the page is static HTML until its route's chunks have loaded and React has taken it over; when one
 * fails to load, nothing catches it and the page stays readable but dead. This shows the error and a Retry button
 * then. Later failures (a link to another page) are Docusaurus's to handle: it reloads the page.
 */
export function watchFirstLoadChunkFailure(win: Window & {docusaurusRoot?: unknown}): void {
  win.addEventListener('unhandledrejection', (event) => {
    if (win.docusaurusRoot || !isChunkLoadError(event.reason)) return;
    showMessage(win.document, event.reason, () => win.location.reload());
  });
}
