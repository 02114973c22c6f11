import {memo} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type {IntegrationCard as Card} from '@site/plugins/page-data/types';
import {IntegrationLogo} from '@site/src/components/IntegrationLogo';
import styles from './styles.module.css';

const statusTone: Record<string, string | undefined> = {
  Certified: styles.certified,
  Incubating: styles.incubating,
  Testing: styles.testing,
};

/**
 * One integration: logo, name (the card's link), first sentence, type, connection and support status. Memoised: a
 * card depends on its registry entry only, so the page re-renders without touching the hundred cards.
 */
export const IntegrationCard = memo(function IntegrationCard({card}: {card: Card}) {
  return (
    <article className={styles.card}>
      <div className={styles.top}>
        <IntegrationLogo logo={card.logo} size={44} />
        <h3 className={styles.name}>
          <Link to={card.href} className={styles.link}>
            {card.name}
          </Link>
        </h3>
      </div>
      <p className={styles.summary}>{card.summary}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Type</dt>
          <dd>{card.platformType}</dd>
        </div>
        <div>
          <dt>Connection</dt>
          <dd>{card.connectionType}</dd>
        </div>
        <div>
          <dt>Support</dt>
          <dd>
            <span className={clsx(styles.status, statusTone[card.status])}>{card.status}</span>
          </dd>
        </div>
      </dl>
    </article>
  );
});
