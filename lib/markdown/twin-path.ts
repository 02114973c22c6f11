/** Where a doc route's Markdown twin is served: `/docs/quickstart` -> `/docs/quickstart.md`, `/docs/` -> `/docs/index.md`. */
export const twinPathOf = (route: string) => (route.endsWith('/') ? `${route}index.md` : `${route}.md`);
