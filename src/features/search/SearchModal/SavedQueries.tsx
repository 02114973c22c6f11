import {useId, type ReactNode} from 'react';
import {searchText} from '@site/src/site';
import {isFavorite} from '../query-store';
import type {SavedQueriesState} from '../use-saved-queries';
import styles from './saved-queries.module.css';

/** Heading level of a list's title: h3 in the modal, h2 on the search page under its h1. */
type HeadingLevel = 'h2' | 'h3';

function QueryList({title, items, heading: Heading, children}: {title: string; items: string[]; heading: HeadingLevel; children: (q: string) => ReactNode}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className={styles.saved} aria-labelledby={headingId}>
      <Heading className={styles.savedTitle} id={headingId}>
        {title}
      </Heading>
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
export function SavedQueries({saved, onRun, heading = 'h3'}: {saved: SavedQueriesState; onRun: (query: string) => void; heading?: HeadingLevel}) {
  const {lists} = saved;
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
      <QueryList title={searchText.recent} items={lists.recent} heading={heading}>
        {(q) => (
          <>
            {run(q)}
            <FavoriteToggle query={q} saved={isFavorite(lists, q)} onToggle={saved.toggleFavorite} />
            <button type="button" className={styles.iconButton} aria-label={`Remove "${q}" from recent searches`} title="Remove" onClick={() => saved.removeRecent(q)}>
              ✕
            </button>
          </>
        )}
      </QueryList>
      <QueryList title={searchText.favorites} items={lists.favorites} heading={heading}>
        {(q) => (
          <>
            {run(q)}
            <button type="button" className={styles.iconButton} aria-label={`Remove "${q}" from favorite searches`} title="Remove" onClick={() => saved.removeFavorite(q)}>
              ✕
            </button>
          </>
        )}
      </QueryList>
    </>
  );
}
