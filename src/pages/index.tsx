import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import {product} from '@site/src/site';

export default function Home() {
  return (
    <Layout title={product.tagline} description="Documentation for DataHub, the open-source metadata platform for data discovery, lineage and governance.">
      <main className="container margin-vert--xl">
        <h1>{product.name}</h1>
        <p>{product.tagline}: discovery, lineage and governance for every data asset.</p>
        <Link className="button button--primary button--lg" to="/docs/features">
          Get started
        </Link>
      </main>
    </Layout>
  );
}
