import Link from '@docusaurus/Link';
import {links, paths, product} from '@site/src/site';
import {MetadataFlow} from '../MetadataFlow';
import styles from './styles.module.css';

/** What the platform is, the two calls to action, and how metadata flows through it. */
export function Hero() {
  return (
    <header className={styles.hero}>
      <div className="container">
        <h1 className={styles.title}>
          <span className={styles.brand}>{product.name}</span> is the open-source metadata platform for the modern data
          stack
        </h1>
        <p className={styles.subline}>
          {product.name} gathers metadata from your warehouses, lakes, BI tools and pipelines into one graph, so that
          everyone can find trusted data, trace lineage before a change breaks something, and govern it with domains,
          glossary terms and ownership.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to={paths.quickstart}>
            Get started
          </Link>
          <Link className="button button--secondary button--outline button--lg" href={links.demo}>
            Try the live demo
          </Link>
        </div>
        <MetadataFlow />
      </div>
    </header>
  );
}
