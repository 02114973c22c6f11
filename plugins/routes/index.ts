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
