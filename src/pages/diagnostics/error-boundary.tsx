import {useState} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';

/** Throws while rendering once armed. Its state lives inside the layout's error boundary, so "Try again" starts it fresh. */
function CrashCheck() {
  const [armed, setArmed] = useState(false);
  if (armed) throw new Error('Deliberate render error from the diagnostics page.');
  return (
    <>
      <p>The page rendered normally.</p>
      <button type="button" className="button button--primary" onClick={() => setArmed(true)}>
        Throw a render error
      </button>
    </>
  );
}

export default function ErrorBoundaryDiagnostics() {
  return (
    <Layout title="Error page check" description="Checks that a crashing page shows the error page and can recover.">
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <main className="container margin-vert--xl">
        <h1>Error page check</h1>
        <p>This page exists to check the site's crash handling: the button below throws an error while rendering.</p>
        <CrashCheck />
      </main>
    </Layout>
  );
}
