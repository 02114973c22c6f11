import Link from '@docusaurus/Link';
import {announcement, links, paths, product} from '@site/src/site';
import styles from './styles.module.css';

/** The managed edition's call to action, with its sign-up link. */
export function ManagedCta() {
  return (
    <section className={styles.section} aria-labelledby="managed">
      <div className="container">
        <div className={styles.panel}>
          <div>
            <h2 id="managed">Rather not run it yourself?</h2>
            <p className={styles.text}>
              {product.managedName} is the managed, hosted edition of {product.name}. It is built on the same open
              metadata model and APIs, and the service takes care of hosting, upgrades and scaling while your team
              works on the metadata itself.
            </p>
          </div>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" href={links.managedSignUp}>
              {announcement.linkLabel}
            </Link>
            <Link className={styles.secondary} to={paths.managedOverview}>
              About the managed edition
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
