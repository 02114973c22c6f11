import {readFileSync} from 'node:fs';
import path from 'node:path';
import {readRoutes} from '../../plugins/routes';

/** The doc routes of data/routes.tsv, the pages a reader may rate; read from the site folder, like the sections. */
export function loadDocRoutes(siteDir = process.cwd()): ReadonlySet<string> {
  const file = path.join(siteDir, 'data/routes.tsv');
  let tsv: string;
  try {
    tsv = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not read the doc routes at ${file} (${reason}); page feedback needs them. Start the server from the site's folder.`);
  }
  return new Set(readRoutes(tsv).map((route) => route.path));
}
