import {paths, product} from '../../site';

/** Which glyph a docs area card shows. */
export type AreaIcon = 'rocket' | 'plug' | 'code' | 'server' | 'map' | 'cloud';

/** One main area of the docs, as the docs home shows it. */
export interface DocsArea {
  title: string;
  description: string;
  to: string;
  icon: AreaIcon;
}

/** The main areas of the docs, in the order a new reader usually needs them. */
export const docsAreas: readonly DocsArea[] = [
  {title: 'Quickstart', description: `Run ${product.name} on your machine with Docker and load sample metadata.`, to: paths.quickstart, icon: 'rocket'},
  {title: 'Ingestion sources', description: 'Connect warehouses, BI tools and pipelines, with a page per integration.', to: paths.integrations, icon: 'plug'},
  {title: 'APIs and SDKs', description: 'GraphQL, OpenAPI and Rest.li, and when to pick each one.', to: paths.apis, icon: 'code'},
  {title: 'Deployment', description: 'Run it in production on Kubernetes, AWS or Google Cloud.', to: paths.deployKubernetes, icon: 'server'},
  {title: 'Features', description: 'A map of every capability and where it is documented.', to: paths.features, icon: 'map'},
  {title: 'Managed edition', description: `What ${product.managedName} adds and how the hosted service works.`, to: paths.managedOverview, icon: 'cloud'},
];
