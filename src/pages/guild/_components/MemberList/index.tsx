import Link from '@docusaurus/Link';
import type {GuildMember, GuildTier} from '@site/plugins/page-data/types';
import {links} from '@site/src/site';
import {membersByTier} from '../members';
import styles from './styles.module.css';

/** Recognised members by tier; until someone is listed, an invitation to be the first. */
export function MemberList({tiers, members}: {tiers: GuildTier[]; members: GuildMember[]}) {
  const groups = membersByTier(tiers, members);
  if (groups.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>No one is listed yet. Be the first.</p>
        <p>
          The guild starts with the people who show up now. Answer a question in the{' '}
          <Link href={links.chat}>community chat</Link>, fix an issue in the{' '}
          <Link href={links.sourceRepository}>source repository</Link>, or share how your team uses the platform, and
          your name could open this list.
        </p>
      </div>
    );
  }
  return (
    <div className={styles.groups}>
      {groups.map(({tier, members: inTier}) => (
        <section key={tier.id} aria-labelledby={`members-${tier.id}`}>
          <h3 id={`members-${tier.id}`}>{tier.name}</h3>
          <ul className={styles.members}>
            {inTier.map((member) => (
              <li key={member.name} className={styles.member}>
                {member.link ? <Link href={member.link}>{member.name}</Link> : <span>{member.name}</span>}
                <span className={styles.tier}>{tier.name}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
