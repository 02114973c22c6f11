import Link from '@docusaurus/Link';
import {integrationsEmptyText as text, paths} from '@site/src/site';
import styles from './styles.module.css';

/** Shown when no integration passes the filters: what to change, and a way back to the full list. */
export function EmptyState({hints, onClear}: {hints: string[]; onClear: () => void}) {
  return (
    <div className={styles.empty}>
      <h3 className={styles.title}>{text.heading}</h3>
      {hints.length > 0 && (
        <>
          <p>{text.lead}</p>
          <ul className={styles.hints}>
            {hints.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        </>
      )}
      <div>
        <button type="button" className="button button--primary" onClick={onClear}>
          {text.clear}
        </button>
      </div>
      <p className={styles.note}>
        Missing a system? You can <Link to={paths.customSource}>write a custom ingestion source</Link>.
      </p>
    </div>
  );
}
