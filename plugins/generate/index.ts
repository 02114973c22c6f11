import type {LoadContext, Plugin} from '@docusaurus/types';
import {stopWithMessage} from '../stop-with-message';
import {generateDocs} from './generate';

/**
 * Renders docs pages from data/ before the docs plugin reads docs/, and again
 * whenever a data file changes under `docusaurus start`.
 */
export default function generateDocsPlugin(context: LoadContext): Plugin {
  // An invalid data file stops `npm start` and `npm run build` with the message `npm run generate` prints (the file,
  // the field, the fix), without a stack; a later edit under `docusaurus start` is reported by the dev server instead.
  stopWithMessage(() => generateDocs(context.siteDir));
  let first = true;
  return {
    name: 'datahub-generate-docs',
    getPathsToWatch: () => ['data/**/*.{yaml,graphql,tsv}'],
    async loadContent() {
      // The constructor already generated for the first load; later loads follow data edits.
      if (first) {
        first = false;
        return;
      }
      generateDocs(context.siteDir);
    },
  };
}
