/**
 * The overview sidebar's groups. Every `overview` route of data/routes.tsv is
 * placed in the first group with a matching doc-id prefix, in prefix order.
 */
export interface SidebarGroup {
  label: string;
  prefixes: readonly string[];
}

export const sidebarGroups: readonly SidebarGroup[] = [
  {label: 'Getting Started', prefixes: ['features', 'quickstart', 'what-is-datahub', 'what', 'saas']},
  {label: 'Ingestion', prefixes: ['metadata-ingestion', 'ui-ingestion', 'quick-ingestion-guides', 'generated/ingestion', 'platform-instances', 'sync-status', 'metadata-ingestion-modules']},
  {label: 'Using DataHub', prefixes: ['act-on-metadata', 'lineage', 'browse', 'browsev2', 'schema-history', 'domains', 'dataproducts', 'glossary', 'tags', 'ownership', 'tests', 'posts']},
  {label: 'Actions Framework', prefixes: ['actions']},
  {label: 'APIs and SDKs', prefixes: ['api', 'graphql', 'python-sdk', 'metadata-integration', 'cli', 'datahub_lite']},
  {label: 'Authentication and Authorization', prefixes: ['authentication', 'authorization']},
  {label: 'Metadata Model', prefixes: ['metadata-modeling', 'generated/metamodel', 'advanced', 'dev-guides']},
  {label: 'Deployment and Operations', prefixes: ['deploy', 'docker', 'how', 'troubleshooting']},
  {label: 'Architecture', prefixes: ['architecture', 'components', 'metadata-service', 'metadata-jobs', 'datahub-frontend', 'datahub-graphql-core', 'datahub-web-react']},
  {label: 'Managed DataHub', prefixes: ['managed-datahub']},
  {label: 'Community', prefixes: ['releases', 'contributing', 'code_of_conduct', 'developers', 'plugins', 'links', 'rfc', 'townhalls', 'townhall-history', 'slack', 'roadmap']},
];
