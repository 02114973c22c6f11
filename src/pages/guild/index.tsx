import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import {links, product} from '@site/src/site';

export default function Guild() {
  return (
    <Layout title="Community guild" description={`The ${product.name} community guild recognises people who help others use and build ${product.name}.`}>
      <main className="container margin-vert--xl">
        <h1>{product.name} community guild</h1>
        <p>
          The guild recognises the people who answer questions, write code and documentation, and help others succeed
          with {product.name}. Join the conversation in the <Link href={links.chat}>community chat</Link> or contribute
          through the <Link href={links.sourceRepository}>source repository</Link>.
        </p>
      </main>
    </Layout>
  );
}
