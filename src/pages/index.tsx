import Layout from '@theme/Layout';
import {product} from '@site/src/site';
import {BaseUrlBanner} from '@site/src/components/BaseUrlBanner';
import {Community} from './_home/Community';
import {DemoPreview} from './_home/DemoPreview';
import {FeatureGrid} from './_home/FeatureGrid';
import {GetStarted} from './_home/GetStarted';
import {Hero} from './_home/Hero';
import {IntegrationStrip} from './_home/IntegrationStrip';
import {ManagedCta} from './_home/ManagedCta';
import styles from './_home/page.module.css';

/** The landing page: what the platform is, how to start, what it does and where the community meets. */
export default function Home() {
  return (
    <Layout
      title={product.tagline}
      description={`${product.name} is the open-source metadata platform for data discovery, lineage and governance: connect your sources, search every asset, trace lineage and manage ownership.`}>
      <BaseUrlBanner />
      <main className={styles.home}>
        <Hero />
        <GetStarted />
        <FeatureGrid />
        <IntegrationStrip />
        <DemoPreview />
        <ManagedCta />
        <Community />
      </main>
    </Layout>
  );
}
