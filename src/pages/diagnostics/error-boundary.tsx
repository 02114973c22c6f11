import {useState} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';

/** Throws during render once asked, so operators and tests can see the crash page. */
function Thrower({armed}: {armed: boolean}) {
  if (armed) throw new Error('Deliberate render error from the diagnostics page.');
  return <p>The page rendered normally.</p>;
}

export default function ErrorBoundaryDiagnostics() {
  const [armed, setArmed] = useState(false);
  return (
    <Layout title="Error page check" description="Checks that a crashing page shows the error page and can recover.">
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <main className="container margin-vert--xl">
        <h1>Error page check</h1>
        <p>This page exists to check the site's crash handling. The button throws an error while rendering.</p>
        <Thrower armed={armed} />
        <button type="button" className="button button--danger" onClick={() => setArmed(true)}>
          Throw a render error
        </button>
      </main>
    </Layout>
  );
}
