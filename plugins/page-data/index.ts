import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadSiteData, parseDataText} from '../generate/load';
import {guildSchema} from './guild-schema';
import {integrationStripData, integrationsPageData} from './integration-cards';
import type {GuildData, IntegrationStripData, IntegrationsPageData} from './types';

/** What the three pages import, before it is written as JSON. */
export interface PageData {
  integrations: IntegrationsPageData;
  strip: IntegrationStripData;
  guild: GuildData;
}

/** Reads and validates the registry and data/guild.yaml into what the landing, integrations and guild pages show. */
export function loadPageData(siteDir: string): PageData {
  const {integrations} = loadSiteData(siteDir);
  const guildFile = 'data/guild.yaml';
  return {
    integrations: integrationsPageData(integrations),
    strip: integrationStripData(integrations),
    guild: parseDataText(guildFile, readFileSync(path.join(siteDir, guildFile), 'utf8'), guildSchema),
  };
}

/**
 * Build-time data for three pages, written as JSON modules that only those
 * pages import from @generated/datahub-page-data/default/ (global data would
 * ship it to every page). Logos are resolved here so no icon library reaches
 * the browser.
 */
export default function pageDataPlugin(context: LoadContext): Plugin {
  return {
    name: 'datahub-page-data',
    getPathsToWatch: () => [path.join(context.siteDir, 'data/integrations/*.yaml'), path.join(context.siteDir, 'data/guild.yaml')],
    // Read in contentLoaded, which also reruns on a watched change under `docusaurus start`.
    async contentLoaded({actions}) {
      const content = loadPageData(context.siteDir);
      await actions.createData('integrations.json', JSON.stringify(content.integrations));
      await actions.createData('integration-strip.json', JSON.stringify(content.strip));
      await actions.createData('guild.json', JSON.stringify(content.guild));
    },
  };
}
