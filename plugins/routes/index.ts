import {readFileSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/** One doc route of data/routes.tsv. */
export const routeSchema = z.object({
  /** Site path, lowercase, under /docs. */
  path: z.string().regex(/^\/docs\/[a-z0-9_\-/.]+$/, 'a lowercase path under /docs/'),
  /** overview: listed in the overview sidebar; none: rendered without a sidebar. */
  sidebar: z.enum(['overview', 'none']),
  /** hand: written under docs/; generated / data: rendered from data/ by the build. */
  origin: z.enum(['hand', 'generated', 'data']),
});
export type DocRoute = z.infer<typeof routeSchema>;

/** Parses data/routes.tsv (comment lines start with #). */
export function readRoutes(tsv: string): DocRoute[] {
  return tsv
    .split('\n')
    .map((line, i) => ({line: line.trimEnd(), n: i + 1}))
    .filter(({line}) => line && !line.startsWith('#'))
    .map(({line, n}) => {
      const [p, sidebar, origin] = line.split('\t');
      const parsed = routeSchema.safeParse({path: p, sidebar, origin});
      if (!parsed.success) {
        throw new Error(`data/routes.tsv line ${n}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      return parsed.data;
    });
}

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
