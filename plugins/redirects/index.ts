import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadDocRoutes} from '../routes';
import {BUILT_REDIRECTS_FILE, forwardingPage, loadRedirects, redirectProblems} from './redirects';

/** Where the forwarding pages are written before the build copies them into build/ (a static directory). */
export const REDIRECTS_STATIC_DIR = '.generated/redirects-static';

/**
 * Writes a forwarding page at every moved route of data/redirects.yaml, into a static directory, so the build copies
 * them like any file (and the later steps, the pages' policy and precompression, treat them like every page), and the
 * list as redirects.json for the server. A redirect that does not fit the routes stops the build.
 */
export default function redirectsPlugin(context: LoadContext): Plugin {
  return {
    name: 'datahub-redirects',
    async loadContent() {
      const redirects = loadRedirects(context.siteDir);
      const problems = redirectProblems(redirects, loadDocRoutes(context.siteDir));
      if (problems.length > 0) throw new Error(`data/redirects.yaml:\n  ${problems.join('\n  ')}`);
      const dir = path.join(context.siteDir, REDIRECTS_STATIC_DIR);
      rmSync(dir, {recursive: true, force: true});
      for (const {from, to} of redirects) {
        const file = path.join(dir, from, 'index.html');
        mkdirSync(path.dirname(file), {recursive: true});
        writeFileSync(file, forwardingPage(to));
      }
      mkdirSync(dir, {recursive: true});
      writeFileSync(path.join(dir, BUILT_REDIRECTS_FILE), `${JSON.stringify(Object.fromEntries(redirects.map((r) => [r.from, r.to])))}\n`);
    },
  };
}
