import {writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** Paths crawlers should skip: the diagnostics page only exists to test the crash page. */
export const disallowedPaths = ['/diagnostics/'];

/** robots.txt that allows everything but `disallowed` and points crawlers to the sitemap. */
export function robotsTxt(siteUrl: string, baseUrl: string, disallowed: readonly string[]): string {
  const base = baseUrl.replace(/\/$/, '');
  return ['User-agent: *', ...disallowed.map((p) => `Disallow: ${base}${p}`), '', `Sitemap: ${siteUrl}${base}/sitemap.xml`, ''].join('\n');
}

/** Writes build/robots.txt from the site URL in the config, so the sitemap address is never stale. */
export default function robotsPlugin(context: LoadContext): Plugin {
  return {
    name: 'datahub-robots',
    async postBuild({outDir}) {
      writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(context.siteConfig.url, context.baseUrl, disallowedPaths));
    },
  };
}
