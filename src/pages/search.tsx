import Layout from '@theme/Layout';
import {product} from '@site/src/site';

export default function Search() {
  return (
    <Layout title="Search" description={`Search the ${product.name} documentation.`}>
      <main className="container margin-vert--xl">
        <h1>Search the documentation</h1>
      </main>
    </Layout>
  );
}
