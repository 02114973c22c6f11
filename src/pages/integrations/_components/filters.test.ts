import {describe, expect, it} from 'vitest';
import type {IntegrationCard, IntegrationFacets} from '@site/plugins/page-data/types';
import {
  activeFilterCount, emptyStateHints, filterIntegrations, filtersToSearch, noFilters, optionCounts, parseFilters, resultLabel, toggleFilter,
  type IntegrationFilters,
} from './filters';

const facets: IntegrationFacets = {
  platformTypes: ['Datastore', 'BI Tool', 'AI+ML'],
  connectionTypes: ['Pull', 'Push'],
  capabilities: ['Data Profiling', 'Domains', 'Table-Level Lineage'],
};

const card = (id: string, overrides: Partial<IntegrationCard>): IntegrationCard => ({
  id,
  name: id,
  summary: '',
  description: '',
  platformType: 'Datastore',
  connectionType: 'Pull',
  status: 'Certified',
  capabilities: [],
  href: `/docs/generated/ingestion/sources/${id}`,
  logo: {kind: 'mark', letters: 'X'},
  ...overrides,
});

const cards = [
  card('snowflake', {name: 'Snowflake', description: 'Warehouse tables with usage and lineage.', capabilities: ['Data Profiling', 'Domains', 'Table-Level Lineage']}),
  card('looker', {name: 'Looker', description: 'Dashboards and explores.', platformType: 'BI Tool', capabilities: ['Table-Level Lineage']}),
  card('clickhouse', {name: 'ClickHouse', description: 'Columnar database tables.', capabilities: ['Data Profiling']}),
  card('sagemaker', {name: 'SageMaker', description: 'Models and feature groups.', platformType: 'AI+ML', connectionType: 'Push'}),
];
const ids = (filters: Partial<IntegrationFilters>) => filterIntegrations(cards, {...noFilters, ...filters}).map((c) => c.id);

describe('filterIntegrations', () => {
  it('lists everything with no filters', () => {
    expect(ids({})).toEqual(['snowflake', 'looker', 'clickhouse', 'sagemaker']);
  });

  it('matches free text against name and description, case- and accent-insensitively, every word', () => {
    expect(ids({q: 'CLICKHOUSE'})).toEqual(['clickhouse']);
    expect(ids({q: 'tables'})).toEqual(['snowflake', 'clickhouse']);
    expect(ids({q: 'tables  lineage'})).toEqual(['snowflake']);
    expect(ids({q: 'dashbóards'})).toEqual(['looker']);
    expect(ids({q: '   '})).toHaveLength(4);
    expect(ids({q: 'nothing-like-this'})).toEqual([]);
  });

  it('matches any chosen platform type and any chosen connection type', () => {
    expect(ids({types: ['BI Tool', 'AI+ML']})).toEqual(['looker', 'sagemaker']);
    expect(ids({connections: ['Push']})).toEqual(['sagemaker']);
    expect(ids({connections: ['Pull', 'Push']})).toHaveLength(4);
  });

  it('requires every chosen capability to be supported', () => {
    expect(ids({capabilities: ['Data Profiling']})).toEqual(['snowflake', 'clickhouse']);
    expect(ids({capabilities: ['Data Profiling', 'Table-Level Lineage']})).toEqual(['snowflake']);
  });

  it('combines filter kinds with AND', () => {
    expect(ids({types: ['Datastore'], capabilities: ['Table-Level Lineage']})).toEqual(['snowflake']);
    expect(ids({q: 'tables', types: ['BI Tool']})).toEqual([]);
    expect(ids({types: ['AI+ML'], connections: ['Pull']})).toEqual([]);
  });
});

describe('URL round trip', () => {
  it('writes ?q=&type=&connection=&capability= and reads the same filters back', () => {
    const filters: IntegrationFilters = {q: 'sql db', types: ['BI Tool', 'AI+ML'], connections: ['Push'], capabilities: ['Domains']};
    const search = filtersToSearch(filters);
    expect(search).toBe('?q=sql+db&type=BI+Tool&type=AI%2BML&connection=Push&capability=Domains');
    expect(parseFilters(search, facets)).toEqual(filters);
  });

  it('writes nothing for no filters and reads an empty query as no filters', () => {
    expect(filtersToSearch(noFilters)).toBe('');
    expect(filtersToSearch({...noFilters, q: '  '})).toBe('');
    expect(parseFilters('', facets)).toEqual(noFilters);
  });

  it('ignores unknown values and duplicates, and orders values as the facets do', () => {
    expect(parseFilters('?type=Nope&type=AI%2BML&type=Datastore&type=AI%2BML&connection=pull&capability=Domains&other=1', facets)).toEqual({
      q: '',
      types: ['Datastore', 'AI+ML'],
      connections: [],
      capabilities: ['Domains'],
    });
  });
});

describe('helpers', () => {
  it('toggles a value on and off', () => {
    const on = toggleFilter(noFilters, 'types', 'BI Tool');
    expect(on.types).toEqual(['BI Tool']);
    expect(toggleFilter(on, 'types', 'BI Tool').types).toEqual([]);
    expect(noFilters.types).toEqual([]);
  });

  it('counts active filters, the text counting once', () => {
    expect(activeFilterCount(noFilters)).toBe(0);
    expect(activeFilterCount({q: 'x', types: ['A', 'B'], connections: [], capabilities: ['C']})).toBe(4);
  });

  it('counts, per option, the cards the list would show with that option chosen', () => {
    expect(optionCounts(cards, noFilters, 'types', facets.platformTypes)).toEqual({'Datastore': 2, 'BI Tool': 1, 'AI+ML': 1});
    const profiling = {...noFilters, capabilities: ['Data Profiling']};
    expect(optionCounts(cards, profiling, 'capabilities', facets.capabilities)).toEqual({'Data Profiling': 2, 'Domains': 1, 'Table-Level Lineage': 1});
    expect(optionCounts(cards, profiling, 'connections', facets.connectionTypes)).toEqual({Pull: 2, Push: 0});
  });

  it('suggests what to change for each filter kind that narrows the list', () => {
    expect(emptyStateHints(noFilters, cards)).toEqual([]);
    expect(emptyStateHints({...noFilters, q: ' zzz '}, cards)).toEqual(['Shorten or change the search text "zzz".']);
    expect(emptyStateHints({q: '', types: ['BI Tool'], connections: ['Push'], capabilities: ['Domains']}, cards)).toEqual([
      'Choose a platform type other than BI Tool.',
      'Change the connection type.',
      'Untick Domains.',
    ]);
    expect(emptyStateHints({...noFilters, types: ['BI Tool', 'AI+ML']}, cards)).toEqual([
      'Tick more platform types, or untick them all to include every type.',
    ]);
    expect(emptyStateHints({...noFilters, capabilities: ['Domains', 'Data Profiling']}, cards)).toEqual([
      'Untick a capability or two: an integration must support every one you tick.',
    ]);
  });

  it('names no type or connection when every one is ticked, since those filters leave nothing out', () => {
    const everything = {q: 'zzz', types: [...facets.platformTypes], connections: ['Pull', 'Push'], capabilities: []};
    expect(emptyStateHints(everything, cards)).toEqual(['Shorten or change the search text "zzz".']);
  });

  it('labels the result count', () => {
    expect(resultLabel(0)).toBe('0 integrations');
    expect(resultLabel(1)).toBe('1 integration');
    expect(resultLabel(57)).toBe('57 integrations');
  });
});
