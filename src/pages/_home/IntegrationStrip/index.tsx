import Link from '@docusaurus/Link';
import strip from '@generated/datahub-page-data/default/integration-strip.json';
import {IntegrationLogo} from '@site/src/components/IntegrationLogo';
import {paths, product} from '@site/src/site';
import styles from './styles.module.css';

/** A row of registry logos, each linking to its integration page, and the way to all of them. */
export function IntegrationStrip() {
  return (
    <section className={styles.section} aria-labelledby="integrations-strip">
      <div className="container">
        <h2 id="integrations-strip" className={styles.heading}>
          Connects to the tools you already run
        </h2>
        <p className={styles.lead}>
          {product.name} reads metadata from {strip.total} systems: warehouses, databases, BI tools, orchestrators,
          streaming platforms and identity providers.
        </p>
        <ul className={styles.logos}>
          {strip.featured.map((item) => (
            <li key={item.id}>
              <Link to={item.href} className={styles.item}>
                <IntegrationLogo logo={item.logo} size={44} />
                <span>{item.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className={styles.more}>
          <Link className="button button--primary button--outline" to={paths.integrations}>
            Browse all {strip.total} integrations
          </Link>
        </div>
      </div>
    </section>
  );
}
