import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import guild from '@generated/datahub-page-data/default/guild.json';
import {links, product} from '@site/src/site';
import {JoinSteps} from './_components/JoinSteps';
import {MemberList} from './_components/MemberList';
import {TierList} from './_components/TierList';
import styles from './styles.module.css';

/** The community guild programme, from data/guild.yaml. */
export default function Guild() {
  return (
    <Layout title="Community guild" description={`The ${product.name} community guild recognises people who help others use and build ${product.name}.`}>
      <main>
        <header className={styles.hero}>
          <div className="container">
            <h1>{product.name} community guild</h1>
            <p className={styles.summary}>{guild.summary}</p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" href={links.chat}>
                Join the community chat
              </Link>
              <Link className="button button--secondary button--lg" href={links.sourceRepository}>
                Contribute to the code
              </Link>
            </div>
          </div>
        </header>
        <div className="container">
          <section className={styles.section} aria-labelledby="tiers">
            <h2 id="tiers">{guild.tiers.length === 3 ? 'Three ways to be recognised' : 'Ways to be recognised'}</h2>
            <p className={styles.intro}>Help in whichever way suits you; many people end up in more than one tier.</p>
            <TierList tiers={guild.tiers} />
          </section>
          <section className={styles.section} aria-labelledby="take-part">
            <h2 id="take-part">How to take part</h2>
            <JoinSteps steps={guild.howToJoin} />
          </section>
          <section className={styles.section} aria-labelledby="members">
            <h2 id="members">Guild members</h2>
            <MemberList tiers={guild.tiers} members={guild.members} />
          </section>
        </div>
      </main>
    </Layout>
  );
}
