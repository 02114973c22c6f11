// Replaces the theme's search slot with the site's own search (local index or Algolia by configuration).
import {lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType} from 'react';
import {searchText} from '@site/src/site';
import {OPEN_SEARCH_EVENT, PREPARE_SEARCH_EVENT} from '@site/src/features/search/open-search';
import {takeEarlyShortcut} from '@site/src/features/search/early-shortcut';
import {preloadOnIntent} from '@site/src/components/preload-on-intent';
import styles from './styles.module.css';

// The modal is its own chunk, out of every page's first load.
type SearchModalComponent = ComponentType<{initialQuery: string; onClose: () => void}>;
/** The modal once its chunk has arrived: rendered directly, it does not suspend (see `modalToRender`). */
let loadedModal: SearchModalComponent | null = null;
const loadModal = () =>
  import(/* webpackChunkName: "search-modal" */ '@site/src/features/search/SearchModal').then((modal) => {
    loadedModal = modal.default;
    return modal;
  });
const LazySearchModal = lazy(loadModal);
/**
 * A lazy component suspends on its first render even when its chunk is already there, and React then holds the
 * revealed content back for its fallback throttle (about 300 ms): a modal preloaded on hover renders without it.
 */
const modalToRender = (): SearchModalComponent => loadedModal ?? LazySearchModal;
/** Hover, touch or focus on a search button: the modal's code and the index's lexicon download before the click. */
const prepareModal = () => void loadModal().then((modal) => modal.warmSearchIndex(), () => undefined);

const modalIntent = preloadOnIntent(prepareModal);

/** Any open modal dialog: once the search modal is there, its input takes the keys itself. */
const MODAL_DIALOG = '[role="dialog"][aria-modal="true"]';

/** Typing '/' opens search, except while the reader is typing in a field. */
function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export default function SearchBar() {
  const [open, setOpen] = useState<{query: string} | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const opened = open !== null;
  // Chosen when the modal opens and kept while it is open: switching components would remount it.
  const SearchModal = useMemo(modalToRender, [opened]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey);
      if (shortcut || (event.key === '/' && !isTypingTarget(event.target))) {
        event.preventDefault();
        // One modal at a time: while another dialog (the chat) is open, the shortcut does nothing.
        if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
        setOpen((current) => current ?? {query: ''});
      }
    };
    const onOpenRequest = (event: Event) => setOpen({query: (event as CustomEvent<{query?: string}>).detail?.query ?? ''});
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener(OPEN_SEARCH_EVENT, onOpenRequest);
    window.addEventListener(PREPARE_SEARCH_EVENT, prepareModal);
    // A shortcut pressed before hydration, caught by the page's early listener (which this stops): open as if it
    // had been pressed now, with the keys typed since as the query.
    const early = takeEarlyShortcut();
    if (early !== null) setOpen((current) => current ?? {query: early});
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(OPEN_SEARCH_EVENT, onOpenRequest);
      window.removeEventListener(PREPARE_SEARCH_EVENT, prepareModal);
    };
  }, []);

  // Opened before its code has arrived (a shortcut on a slow network), the modal is not there to take the keys a
  // reader types next: they become its query, as if typed into its input, until the modal renders.
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector(MODAL_DIALOG) || isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') setOpen(null);
      else if (event.key === 'Backspace') setOpen((current) => current && {query: current.query.slice(0, -1)});
      else if (event.key.length === 1) setOpen((current) => current && {query: current.query + event.key});
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [opened]);

  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-keyshortcuts="Control+K Meta+K /"
        aria-haspopup="dialog"
        onClick={() => setOpen({query: ''})}
        {...modalIntent}>
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M8 2a6 6 0 1 0 3.6 10.8l4.3 4.3 1.4-1.4-4.3-4.3A6 6 0 0 0 8 2zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8z" fill="currentColor" />
        </svg>
        <span className={styles.label}>{searchText.buttonLabel}</span>
        {/* The shortcut is announced through aria-keyshortcuts; the name stays the visible label. */}
        <kbd className={styles.kbd} aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchModal initialQuery={open.query} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
