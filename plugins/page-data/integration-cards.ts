import {capabilityNames, connectionTypes, platformTypes, type Integration} from '../generate/schemas';
import {summary} from '../generate/markdown';
import {integrationPath} from '../generate/render-integration';
import {resolveLogo} from './logos';
import type {IntegrationCard, IntegrationStripData, IntegrationsPageData} from './types';

/** Registry ids shown on the landing page's strip, in order: widely used sources with brand logos. */
export const featuredIntegrationIds = [
  'snowflake', 'bigquery', 'databricks', 'looker', 'kafka', 'airflow', 'postgres', 'superset', 'mysql', 'trino',
  'spark', 'mongodb',
] as const;

const plain = (markdown: string) => markdown.replace(/\s+/g, ' ').replace(/`/g, '').trim();

/** One listing card: what the integrations page shows and filters on. */
export function toCard(item: Integration): IntegrationCard {
  const capabilities = capabilityNames.filter((name) =>
    item.plugins.some((plugin) => plugin.capabilities.some((c) => c.name === name && c.supported)),
  );
  return {
    id: item.id,
    name: item.name,
    summary: summary(item.description, 400),
    description: plain(item.description),
    platformType: item.platformType,
    connectionType: item.connectionType,
    status: item.plugins[0].status,
    capabilities,
    href: integrationPath(item),
    logo: resolveLogo(item.logo, item.name),
  };
}

/** The integrations page's data: every card, sorted by name, and the values of each filter. */
export function integrationsPageData(items: Integration[]): IntegrationsPageData {
  const cards = items.map(toCard).sort((a, b) => a.name.localeCompare(b.name, 'en', {sensitivity: 'base'}));
  return {
    facets: {
      // Only the types that some integration has, so no filter option leads to an empty list.
      platformTypes: platformTypes.filter((type) => cards.some((c) => c.platformType === type)),
      connectionTypes: [...connectionTypes],
      capabilities: [...capabilityNames],
    },
    cards,
  };
}

/** The landing page's strip: the featured integrations that exist, with the registry size. */
export function integrationStripData(items: Integration[]): IntegrationStripData {
  const featured = featuredIntegrationIds.flatMap((id) => {
    const item = items.find((i) => i.id === id);
    if (!item) return [];
    const {name, href, logo} = toCard(item);
    return [{id, name, href, logo}];
  });
  return {total: items.length, featured};
}
