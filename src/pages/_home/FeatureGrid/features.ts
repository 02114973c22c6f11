import {paths} from '@site/src/site';

/** A capability the landing page presents, with the doc pages that explain it. */
export interface Feature {
  title: string;
  text: string;
  links: ReadonlyArray<{label: string; to: string}>;
}

/** The capabilities the docs cover, in the order a team usually adopts them. */
export const features: readonly Feature[] = [
  {
    title: 'Discovery',
    text: 'Search every table, topic, dashboard, pipeline and model by name, description, owner, tag or term, and browse by platform and container.',
    links: [{label: 'How search works', to: paths.search}],
  },
  {
    title: 'Lineage',
    text: 'Follow data from source to dashboard at table and column level, across platforms, and see what a change would break before you make it.',
    links: [
      {label: 'Lineage guide', to: paths.lineage},
      {label: 'Impact analysis', to: paths.impactAnalysis},
    ],
  },
  {
    title: 'Governance',
    text: 'Group assets by business area, agree on shared vocabulary, label sensitive data, and publish curated sets of assets with clear owners.',
    links: [
      {label: 'Domains', to: paths.domains},
      {label: 'Business glossary', to: paths.glossary},
      {label: 'Tags', to: paths.tags},
      {label: 'Data products', to: paths.dataProducts},
    ],
  },
  {
    title: 'Actions',
    text: 'React to metadata changes as they happen: notify a chat channel, open a ticket or start a workflow when a schema or an owner changes.',
    links: [{label: 'Actions framework', to: paths.actions}],
  },
  {
    title: 'APIs and SDKs',
    text: 'Read and write metadata from your own tools through GraphQL, OpenAPI and Rest.li, or from Python with the SDK.',
    links: [
      {label: 'Choosing an API', to: paths.apis},
      {label: 'GraphQL API', to: paths.graphql},
      {label: 'Python SDK', to: paths.pythonSdk},
    ],
  },
  {
    title: 'Ingestion',
    text: 'Connect sources with a recipe from the command line or schedule them from the UI, then keep metadata fresh without hand-written scripts.',
    links: [
      {label: 'Ingestion overview', to: paths.ingestion},
      {label: 'Ingest from the UI', to: paths.uiIngestion},
    ],
  },
];
