import Link from '@docusaurus/Link';
import {links, searchText} from '@site/src/site';
import styles from './styles.module.css';

/** The spec's search suggestions, each a button that runs it. */
export function Suggestions({onPick}: {onPick: (q: string) => void}) {
  return (
    <ul className={styles.suggestions}>
      {searchText.suggestions.map((s) => (
        <li key={s}>
          <button type="button" className={styles.suggestion} onClick={() => onPick(s)}>
            {s}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The no-results screen of spec section 8, with suggestions that run a new search. */
export function NoResults({query, onSuggestion}: {query: string; onSuggestion: (q: string) => void}) {
  return (
    <div className={styles.message} role="status">
      <p className={styles.messageTitle}>
        {searchText.noResultsFor} "<strong>{query}</strong>"
      </p>
      <p>{searchText.trySearchingFor}</p>
      <Suggestions onPick={onSuggestion} />
      <p>
        {searchText.believeResults}{' '}
        <Link href={links.sourceIssues} target="_blank" rel="noopener noreferrer">
          {searchText.letUsKnow}
        </Link>
      </p>
    </div>
  );
}

/** Shown when the index or the hosted search cannot be reached. */
export function FetchError({onRetry}: {onRetry: () => void}) {
  return (
    <div className={styles.message} role="alert">
      <p className={styles.messageTitle}>{searchText.fetchFailed}</p>
      <p>{searchText.checkNetwork}</p>
      <button type="button" className="button button--secondary button--sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
