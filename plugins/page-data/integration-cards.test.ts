import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSiteData} from '../generate/load';
import {capabilityNames, type Integration} from '../generate/schemas';
import {featuredIntegrationIds, integrationStripData, integrationsPageData, toCard} from './integration-cards';
import {contrastRatio} from '../../src/colors/contrast';
import {LOGO_TILES, logoColors, markLetters, MIN_LOGO_CONTRAST, resolveLogo} from './logos';

const siteDir = path.resolve(__dirname, '../..');
const {integrations} = loadSiteData(siteDir);

const example = (overrides: Partial<Integration> = {}): Integration => ({
  id: 'example-db',
  name: 'Example DB',
  description: 'Reads `tables` and views from Example DB. It also reads owners.',
  platformType: 'Datastore',
  connectionType: 'Pull',
  features: [],
  logo: {mark: 'EX'},
  plugins: [
    {name: 'a', status: 'Incubating', install: 'pip install a', capabilities: capabilityNames.map((name) => ({name, supported: name === 'Domains', note: 'n'}))},
    {name: 'b', status: 'Certified', install: 'pip install b', capabilities: capabilityNames.map((name) => ({name, supported: name === 'Descriptions', note: 'n'}))},
  ],
  prerequisites: ['p'],
  config: [],
  sections: [],
  recipe: 'r',
  troubleshooting: [{problem: 'x', solution: 'y'}],
  related: [],
  ...overrides,
});

describe('integration cards', () => {
  it('take the first sentence as plain text, the first plugin status and the capabilities of any plugin', () => {
    const card = toCard(example());
    expect(card.summary).toBe('Reads tables and views from Example DB.');
    expect(card.description).toBe('Reads tables and views from Example DB. It also reads owners.');
    expect(card.status).toBe('Incubating');
    expect(card.capabilities).toEqual(['Descriptions', 'Domains']);
    expect(card.href).toBe('/docs/generated/ingestion/sources/example-db');
    expect(toCard(example({docPath: '/docs/lineage/airflow'})).href).toBe('/docs/lineage/airflow');
  });

  it('cover the whole registry, sorted by name, with facets that each match some card', () => {
    const data = integrationsPageData(integrations);
    expect(data.cards).toHaveLength(integrations.length);
    const names = data.cards.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', {sensitivity: 'base'})));
    expect(data.facets.capabilities).toEqual([...capabilityNames]);
    expect(data.facets.connectionTypes).toEqual(['Pull', 'Push']);
    for (const type of data.facets.platformTypes) expect(data.cards.some((c) => c.platformType === type)).toBe(true);
  });

  it('build the landing strip from featured ids that exist in the registry', () => {
    const strip = integrationStripData(integrations);
    expect(strip.total).toBe(integrations.length);
    expect(strip.featured.map((f) => f.id)).toEqual([...featuredIntegrationIds]);
    expect(integrationStripData([example()]).featured).toEqual([]);
  });
});

describe('logos', () => {
  it('resolve a simple-icons slug to its path and brand colour', () => {
    const logo = resolveLogo({simpleIcon: 'snowflake'}, 'Snowflake');
    expect(logo).toMatchObject({kind: 'icon', title: 'Snowflake', colors: {dark: '#29b5e8'}});
    expect(logo.kind === 'icon' && logo.path.startsWith('M')).toBe(true);
  });

  it('fall back to a mark from the name when a slug is unknown', () => {
    expect(resolveLogo({simpleIcon: 'nosuchiconslug'}, 'No Such Thing')).toEqual({kind: 'mark', letters: 'NST'});
    expect(resolveLogo({mark: 'PB'}, 'Protobuf')).toEqual({kind: 'mark', letters: 'PB'});
  });

  it('derive mark letters from initials or the start of a single word', () => {
    expect(markLetters('dbt')).toBe('DBT');
    expect(markLetters('Kafka')).toBe('KA');
    expect(markLetters('Apache Kafka Connect')).toBe('AKC');
    expect(markLetters('Great Expectations')).toBe('GE');
  });

  it('keep a brand colour that contrasts, and shade a faint one just enough to reach 3:1 on its tile', () => {
    expect(logoColors('231F20').light).toBe('#231f20');
    const snowflake = logoColors('29B5E8');
    expect(snowflake.dark).toBe('#29b5e8');
    // Too light on the light tile (2.2:1): darkened, still blue.
    expect(snowflake.light).not.toBe('#29b5e8');
    expect(contrastRatio(snowflake.light!, LOGO_TILES.light)).toBeGreaterThanOrEqual(MIN_LOGO_CONTRAST);
    const [r, g, b] = (snowflake.light!.match(/[0-9a-f]{2}/g) ?? []).map((pair) => parseInt(pair, 16));
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
  });

  it('give every registry logo at least 3:1 against its tile in both modes, or the text colour', () => {
    for (const card of integrationsPageData(integrations).cards) {
      if (card.logo.kind !== 'icon') continue;
      if (card.logo.colors.light) expect(contrastRatio(card.logo.colors.light, LOGO_TILES.light)).toBeGreaterThanOrEqual(MIN_LOGO_CONTRAST);
      if (card.logo.colors.dark) expect(contrastRatio(card.logo.colors.dark, LOGO_TILES.dark)).toBeGreaterThanOrEqual(MIN_LOGO_CONTRAST);
    }
  });

  it('resolves every registry logo, with no card left without one', () => {
    for (const card of integrationsPageData(integrations).cards) {
      if (card.logo.kind === 'mark') expect(card.logo.letters).toMatch(/^[A-Z0-9]{1,3}$/);
      else expect(card.logo.path.length).toBeGreaterThan(10);
    }
  });
});
