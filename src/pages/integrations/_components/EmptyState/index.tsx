import Link from '@docusaurus/Link';
import {paths} from '@site/src/site';
import styles from './styles.module.css';

/** Shown when no integration passes the filters: what to change, and a way back to the full list. */
export function EmptyState({hints, onClear}: {hints: string[]; onClear: () => void}) {
  return (
    <div className={styles.empty}>
      <h3 className={styles.title}>No integration matches all of these filters</h3>
      <p>To see results, try one of these:</p>
      <ul className={styles.hints}>
        {hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={onClear}>
        Clear filters
      </button>
      <p className={styles.note}>
        Missing a system? You can <Link to={paths.customSource}>write a custom ingestion source</Link>.
      </p>
    </div>
  );
}
