// Typed JSON modules written by plugins/page-data at build time (webpack resolves @generated to .docusaurus/).
declare module '@generated/datahub-page-data/default/integrations.json' {
  const data: import('../../plugins/page-data/types').IntegrationsPageData;
  export default data;
}

declare module '@generated/datahub-page-data/default/integration-strip.json' {
  const data: import('../../plugins/page-data/types').IntegrationStripData;
  export default data;
}

declare module '@generated/datahub-page-data/default/guild.json' {
  const data: import('../../plugins/page-data/types').GuildData;
  export default data;
}
