import {useId, useMemo} from 'react';
import docTitles from '@generated/datahub-doc-titles/default/doc-titles.json';
import {chatDefaults, chatText} from '@site/src/site';
import type {SourcesView} from '../chat-machine';
import {toDocReferences, type DocReference} from '../doc-reference';
import type {InternalLinkComponent} from '../ChatMarkdown';
import styles from './styles.module.css';

/** The references to show, titled as the pages show them (the build's lookup). */
export function useDocReferences(references: readonly string[]): DocReference[] {
  return useMemo(() => toDocReferences(references, docTitles), [references]);
}

/** The sources panel: progress while fetching, then the pages the answer came from, each fading in after the previous. */
export function Sources({view, references, InternalLink}: {view: SourcesView; references: string[]; InternalLink: InternalLinkComponent}) {
  const items = useDocReferences(references);
  const headingId = useId();
  if (view === 'hidden') return null;
  return (
    <div className={styles.sources} data-loading-state={view}>
      {view === 'fetching' && (
        <>
          <div className={styles.progress} aria-hidden="true" />
          <p className={styles.sourcesText} role="status">
            {chatText.fetching}
          </p>
        </>
      )}
      {view === 'references' && items.length > 0 && (
        <>
          <p className={styles.sourcesText} id={headingId}>
            {chatText.referencesHeading}
          </p>
          <ul className={styles.sourceList} aria-labelledby={headingId}>
            {items.map((reference, index) => (
              <li key={reference.id} className={styles.source} style={{animationDelay: `${index * chatDefaults.referenceFadeDelayMs}ms`}}>
                <InternalLink to={reference.id}>{reference.title}</InternalLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
