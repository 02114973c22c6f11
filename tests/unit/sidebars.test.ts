import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {generateDocs} from '../../plugins/generate/generate';
import {readRoutes} from '../../plugins/routes';

const siteDir = path.resolve(__dirname, '../..');

type Item = string | {type: string; items?: Item[]; href?: string};
const ids = (items: Item[]): string[] => items.flatMap((i) => (typeof i === 'string' ? [i] : i.items ? ids(i.items) : []));

describe('overview sidebar', () => {
  let sidebar: Item[];
  beforeAll(async () => {
    generateDocs(siteDir);
    const cwd = process.cwd();
    process.chdir(siteDir);
    try {
      sidebar = ((await import('../../sidebars')).default as {overview: Item[]}).overview;
    } finally {
      process.chdir(cwd);
    }
  });

  it('lists every "overview" route of routes.tsv exactly once, and no "none" route', () => {
    const routes = readRoutes(readFileSync(path.join(siteDir, 'data/routes.tsv'), 'utf8'));
    const listed = ids(sidebar);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(routes.filter((r) => r.sidebar === 'overview').map((r) => r.path.replace(/^\/docs\//, '')).sort());
  });

  it('starts with the Introduction link and groups pages in categories', () => {
    expect(sidebar[0]).toMatchObject({type: 'link', label: 'Introduction', href: '/docs/introduction'});
    expect(sidebar.slice(1).every((i) => typeof i !== 'string' && i.type === 'category')).toBe(true);
  });
});
