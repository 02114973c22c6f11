import {useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {twinPathOf} from '@site/lib/markdown/twin-path';
import {pageActionsText} from '@site/src/site';
import {copyFromUrl} from './copy-markdown';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/** "Copy page" and "View as Markdown" for a doc page, and the link that advertises its Markdown twin. */
export function DocPageActions({permalink}: {permalink: string}): ReactNode {
  const twin = twinPathOf(permalink);
  const [state, setState] = useState<CopyState>('idle');
  const copy = () => {
    copyFromUrl(twin).then(
      () => setState('copied'),
      (error: unknown) => {
        console.error('Could not copy the page as Markdown', error);
        setState('failed');
      },
    );
  };
  return (
    <div className={styles.actions}>
      <Head>
        <link rel="alternate" type="text/markdown" href={twin} />
      </Head>
      <button type="button" className={styles.action} onClick={copy}>
        {pageActionsText.copy}
      </button>
      <a className={styles.action} href={twin} target="_blank" rel="noopener">
        {pageActionsText.view}
      </a>
      <span role="status" className={state === 'failed' ? styles.failed : styles.status}>
        {state === 'copied' ? pageActionsText.copied : state === 'failed' ? pageActionsText.copyFailed : ''}
      </span>
    </div>
  );
}
