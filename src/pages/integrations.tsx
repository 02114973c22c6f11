import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import {product} from '@site/src/site';

export default function Integrations() {
  return (
    <Layout title="Integrations" description={`Ingestion sources and integrations that connect ${product.name} to your data stack.`}>
      <main className="container margin-vert--xl">
        <h1>Integrations</h1>
        <p>
          {product.name} pulls metadata from databases, warehouses, BI tools and orchestrators, and receives pushed
          metadata from pipelines. Start with the <Link to="/docs/metadata-ingestion">ingestion overview</Link>.
        </p>
      </main>
    </Layout>
  );
}
