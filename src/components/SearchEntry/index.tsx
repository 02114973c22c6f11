import clsx from 'clsx';
import {openSearch, prepareSearch} from '@site/src/features/search/open-search';
import {preloadOnIntent} from '@site/src/components/preload-on-intent';
import styles from './styles.module.css';

const searchIntent = preloadOnIntent(prepareSearch);

/** A wide, field-like button that opens the search modal (which also opens with "/" or Ctrl/Cmd+K). */
export function SearchEntry({label = 'Search the docs', className}: {label?: string; className?: string}) {
  return (
    <button type="button" className={clsx(styles.entry, className)} onClick={() => openSearch()} {...searchIntent} aria-keyshortcuts="/ Control+K Meta+K">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
        <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" />
      </svg>
      <span className={styles.label}>{label}</span>
      <span className={styles.hint} aria-hidden="true">
        <kbd>/</kbd>
      </span>
    </button>
  );
}
