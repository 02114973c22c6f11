// Page titles and section headings written by plugins/doc-titles at build time (webpack resolves @generated to .docusaurus/).
declare module '@generated/datahub-doc-titles/default/doc-titles.json' {
  const titles: import('../../plugins/doc-titles').DocTitles;
  export default titles;
}
