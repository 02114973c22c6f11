import {useMemo} from 'react';
import Layout from '@theme/Layout';
import data from '@generated/datahub-page-data/default/integrations.json';
import Link from '@docusaurus/Link';
import {paths, product} from '@site/src/site';
import {EmptyState} from './integrations/_components/EmptyState';
import {FilterPanel} from './integrations/_components/FilterPanel';
import {IntegrationCard} from './integrations/_components/IntegrationCard';
import {emptyStateHints, filterIntegrations, noFilters, resultLabel} from './integrations/_components/filters';
import {useIntegrationFilters} from './integrations/_components/use-integration-filters';
import styles from './integrations.module.css';

/** Every integration of the registry as a card, filtered by choices that live in the URL query. */
export default function Integrations() {
  const {filters, setFilters} = useIntegrationFilters(data.facets);
  const results = useMemo(() => filterIntegrations(data.cards, filters), [filters]);
  return (
    <Layout title="Integrations" description={`Ingestion sources and integrations that connect ${product.name} to your data stack.`}>
      <main className="container margin-vert--lg">
        <header className={styles.header}>
          <h1>Integrations</h1>
          <p className={styles.lead}>
            {product.name} pulls metadata from {data.cards.length} databases, warehouses, BI tools, orchestrators and
            more, and receives metadata that pipelines push. Filter by what you need, then open an integration for its
            capabilities, setup and a recipe to copy. New to ingestion? Start with the{' '}
            <Link to={paths.ingestion}>ingestion overview</Link>.
          </p>
        </header>
        <div className={styles.layout}>
          <FilterPanel cards={data.cards} facets={data.facets} filters={filters} onChange={setFilters} />
          <section aria-labelledby="integration-results">
            <h2 id="integration-results" className={styles.resultsHeading}>
              <span role="status">{resultLabel(results.length)}</span>
            </h2>
            {results.length > 0 ? (
              <ul className={styles.grid}>
                {results.map((card) => (
                  <li key={card.id}>
                    <IntegrationCard card={card} />
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState hints={emptyStateHints(filters, data.cards)} onClear={() => setFilters(noFilters)} />
            )}
          </section>
        </div>
      </main>
    </Layout>
  );
}
