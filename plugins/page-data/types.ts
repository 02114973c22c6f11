/**
 * Shapes of the JSON the page-data plugin writes for the landing, integrations
 * and guild pages. Type-only, so browser code can import it without zod.
 */

/** Brand colour of a simple-icons logo per colour mode; null where it lacks contrast and the text colour is used. */
export interface LogoColors {
  light: string | null;
  dark: string | null;
}

/** A logo resolved at build time: a simple-icons glyph, or a neutral mark with 1-3 letters. */
export type IntegrationLogo =
  | {kind: 'icon'; title: string; path: string; colors: LogoColors}
  | {kind: 'mark'; letters: string};

/** One card of the integrations listing. */
export interface IntegrationCard {
  id: string;
  name: string;
  /** First sentence of the description, as plain text. */
  summary: string;
  /** The whole description, as plain text, for free-text filtering. */
  description: string;
  platformType: string;
  connectionType: string;
  /** Support status of the first plugin. */
  status: string;
  /** Capabilities that at least one plugin supports, in registry order. */
  capabilities: string[];
  /** Site path of the integration's page. */
  href: string;
  logo: IntegrationLogo;
}

/** The values each filter of the integrations page offers, in display order. */
export interface IntegrationFacets {
  platformTypes: string[];
  connectionTypes: string[];
  capabilities: string[];
}

/** integrations.json: everything the integrations page shows. */
export interface IntegrationsPageData {
  facets: IntegrationFacets;
  cards: IntegrationCard[];
}

/** integration-strip.json: the few logos the landing page shows, and the registry size. */
export interface IntegrationStripData {
  total: number;
  featured: Array<Pick<IntegrationCard, 'id' | 'name' | 'href' | 'logo'>>;
}

/** One recognition tier of the community guild. */
export interface GuildTier {
  id: string;
  name: string;
  description: string;
  howToQualify: string[];
}

/** A recognised guild member: name, tier id and an optional profile link. */
export interface GuildMember {
  name: string;
  tier: string;
  link?: string;
}

/** guild.json: the validated content of data/guild.yaml. */
export interface GuildData {
  summary: string;
  tiers: GuildTier[];
  howToJoin: string[];
  members: GuildMember[];
}
