import Link from '@docusaurus/Link';
import IdealImage, {type Props as IdealImageProps} from '@theme/IdealImage';
import {links, product} from '@site/src/site';
import styles from './styles.module.css';

// The ideal-image loader turns this PNG into responsive sizes with a blurred placeholder.
const preview: IdealImageProps['img'] = require('./catalog-preview.png');

/** A picture of a dataset page and the way to the live demo. */
export function DemoPreview() {
  return (
    <section className={styles.section} aria-labelledby="demo">
      <div className="container">
        <div className={styles.layout}>
          <div>
            <h2 id="demo">See a catalog before you build one</h2>
            <p>
              The public demo runs {product.name} with sample data, so you can click through a dataset page like this
              one: its schema and glossary terms, upstream and downstream lineage, owners, domain, usage and quality
              checks.
            </p>
            <Link className="button button--primary" href={links.demo}>
              Open the demo
            </Link>
          </div>
          <div className={styles.frame}>
            <IdealImage
              img={preview}
              alt="Illustration of a dataset page: the schema with glossary terms, a lineage graph from three upstream tables to two downstream assets, quality checks, and a side panel with owners, domain, glossary terms, data product and usage."
              className={styles.image}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
