import type {GuildTier} from '@site/plugins/page-data/types';
import styles from './styles.module.css';

/** The guild's tiers: what each recognises and how to qualify for it. */
export function TierList({tiers}: {tiers: GuildTier[]}) {
  return (
    <ol className={styles.tiers}>
      {tiers.map((tier) => (
        <li key={tier.id} className={styles.tier}>
          <h3 className={styles.name}>{tier.name}</h3>
          <p className={styles.description}>{tier.description}</p>
          <p className={styles.qualifyHeading} id={`qualify-${tier.id}`}>
            How to qualify
          </p>
          <ul className={styles.qualify} aria-labelledby={`qualify-${tier.id}`}>
            {tier.howToQualify.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
