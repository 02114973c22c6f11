import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {readRoutes} from './plugins/routes';
import {sidebarGroups} from './data/sidebar-groups';

const docsDir = path.resolve('docs');

/** Doc id of a route, or null while its page is not written yet (the content check reports those). */
function existingDocId(route: string): string | null {
  const id = route.replace(/^\/docs\//, '');
  const found = ['.md', '.mdx'].some((ext) => existsSync(path.join(docsDir, id + ext)));
  return found ? id : null;
}

interface Category {
  type: 'category';
  label: string;
  collapsed: boolean;
  items: string[];
}

function groupItems(): Category[] {
  const routes = readRoutes(readFileSync(path.resolve('data', 'routes.tsv'), 'utf8'));
  const buckets = new Map(sidebarGroups.map((g) => [g.label, [] as string[]]));
  for (const route of routes) {
    if (route.sidebar !== 'overview') continue;
    const id = existingDocId(route.path);
    if (!id) continue;
    const group = sidebarGroups.find((g) => g.prefixes.some((p) => id === p || id.startsWith(`${p}/`)));
    if (!group) throw new Error(`Route ${route.path} matches no group in data/sidebar-groups.ts; add its prefix to a group.`);
    buckets.get(group.label)!.push(id);
  }
  return sidebarGroups
    .filter((g) => buckets.get(g.label)!.length > 0)
    .map((g) => ({type: 'category' as const, label: g.label, collapsed: true, items: orderByPrefix(buckets.get(g.label)!, g.prefixes)}));
}

/** Keeps the group's prefix order, then alphabetical within a prefix. */
function orderByPrefix(ids: string[], prefixes: readonly string[]): string[] {
  const rank = (id: string) => prefixes.findIndex((p) => id === p || id.startsWith(`${p}/`));
  return [...ids].sort((a, b) => rank(a) - rank(b) || (a.split('/').length - b.split('/').length) || a.localeCompare(b));
}

const sidebars: SidebarsConfig = {
  overview: [{type: 'link', label: 'Introduction', href: '/docs/introduction'}, ...groupItems()],
};

export default sidebars;
