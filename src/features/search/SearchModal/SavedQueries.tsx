import {useId} from 'react';
import {searchText} from '@site/src/site';
import {isFavorite, type QueryLists} from '../query-store';
import styles from './styles.module.css';

interface Props {
  lists: QueryLists;
  onRun: (query: string) => void;
  onToggleFavorite: (query: string) => void;
  onRemoveRecent: (query: string) => void;
  onRemoveFavorite: (query: string) => void;
}

function QueryList({title, items, children}: {title: string; items: string[]; children: (q: string) => React.ReactNode}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className={styles.saved} aria-labelledby={headingId}>
      <h3 className={styles.savedTitle} id={headingId}>
        {title}
      </h3>
      <ul className={styles.savedList}>
        {items.map((q) => (
          <li key={q} className={styles.savedItem}>
            {children(q)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A star that shows whether a query is a favourite and saves or removes it. */
export function FavoriteToggle({query, saved, onToggle}: {query: string; saved: boolean; onToggle: (query: string) => void}) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={saved ? `Remove "${query}" from favorite searches` : `Save "${query}" as a favorite search`}
      title={saved ? 'Remove from favorites' : 'Save as favorite'}
      onClick={() => onToggle(query)}>
      {saved ? '★' : '☆'}
    </button>
  );
}

/** Recent and favourite searches, shown while the query is empty. */
export function SavedQueries({lists, onRun, onToggleFavorite, onRemoveRecent, onRemoveFavorite}: Props) {
  if (lists.recent.length === 0 && lists.favorites.length === 0) {
    return <p className={styles.hint}>Type to search the documentation. Your recent and favourite searches appear here.</p>;
  }
  const run = (q: string) => (
    <button type="button" className={styles.savedQuery} onClick={() => onRun(q)}>
      {q}
    </button>
  );
  return (
    <>
      <QueryList title={searchText.recent} items={lists.recent}>
        {(q) => (
          <>
            {run(q)}
            <FavoriteToggle query={q} saved={isFavorite(lists, q)} onToggle={onToggleFavorite} />
            <button type="button" className={styles.iconButton} aria-label={`Remove "${q}" from recent searches`} title="Remove" onClick={() => onRemoveRecent(q)}>
              ✕
            </button>
          </>
        )}
      </QueryList>
      <QueryList title={searchText.favorites} items={lists.favorites}>
        {(q) => (
          <>
            {run(q)}
            <button type="button" className={styles.iconButton} aria-label={`Remove "${q}" from favorite searches`} title="Remove" onClick={() => onRemoveFavorite(q)}>
              ✕
            </button>
          </>
        )}
      </QueryList>
    </>
  );
}
