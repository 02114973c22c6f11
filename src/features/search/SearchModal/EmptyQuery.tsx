import {useId} from 'react';
import {searchText} from '@site/src/site';
import type {SavedQueriesState} from '../use-saved-queries';
import {SavedQueries} from './SavedQueries';
import {Suggestions} from '../components/SearchMessages';
import styles from './saved-queries.module.css';

/** What search offers before a query is typed, in the modal and on /search: saved searches, then suggestions. */
export function EmptyQuery({saved, onRun, heading: Heading = 'h3'}: {saved: SavedQueriesState; onRun: (query: string) => void; heading?: 'h2' | 'h3'}) {
  const headingId = useId();
  return (
    <>
      <SavedQueries saved={saved} onRun={onRun} heading={Heading} />
      <section className={`${styles.saved} ${styles.suggested}`} aria-labelledby={headingId}>
        <Heading className={styles.savedTitle} id={headingId}>
          {searchText.trySearchingFor}
        </Heading>
        <Suggestions onPick={onRun} />
      </section>
    </>
  );
}
