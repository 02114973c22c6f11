import type {IntegrationCard, IntegrationFacets} from '@site/plugins/page-data/types';
import {integrationsEmptyText} from '../../../site';

/** What the reader chose on the integrations page; empty text or lists mean "any". */
export interface IntegrationFilters {
  q: string;
  types: string[];
  connections: string[];
  capabilities: string[];
}

/** The filter kinds that hold a list of chosen values. */
export type ListFilter = 'types' | 'connections' | 'capabilities';

/** Query parameter of each filter: the page's shareable URL is ?q=&type=&connection=&capability=. */
export const filterParams = {q: 'q', types: 'type', connections: 'connection', capabilities: 'capability'} as const;

/** No filter chosen: every integration is listed. */
export const noFilters: IntegrationFilters = {q: '', types: [], connections: [], capabilities: []};

const facetOf: Record<ListFilter, keyof IntegrationFacets> = {
  types: 'platformTypes',
  connections: 'connectionTypes',
  capabilities: 'capabilities',
};

/** Lowercase, accent-free text, so "clickhouse" finds "ClickHouse" and "e" finds "é". */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Reads filters from a query string, keeping only known values, once each, in the facet's order. */
export function parseFilters(search: string, facets: IntegrationFacets): IntegrationFilters {
  const params = new URLSearchParams(search);
  const pick = (kind: ListFilter) => {
    const chosen = new Set(params.getAll(filterParams[kind]));
    return facets[facetOf[kind]].filter((value) => chosen.has(value));
  };
  return {
    q: params.get(filterParams.q) ?? '',
    types: pick('types'),
    connections: pick('connections'),
    capabilities: pick('capabilities'),
  };
}

/** The query string for some filters ('' when none), with parameters in a stable order. */
export function filtersToSearch(filters: IntegrationFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set(filterParams.q, filters.q);
  for (const kind of ['types', 'connections', 'capabilities'] as const) {
    for (const value of filters[kind]) params.append(filterParams[kind], value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Whether a card passes every filter kind (AND across kinds). Within a kind, a
 * card has one type and one connection, so those match any chosen value; chosen
 * capabilities must all be supported, since each one narrows what a reader needs.
 */
export function matchesFilters(card: IntegrationCard, filters: IntegrationFilters): boolean {
  const words = fold(filters.q).split(/\s+/).filter(Boolean);
  if (words.length) {
    const haystack = fold(`${card.name} ${card.description}`);
    if (!words.every((word) => haystack.includes(word))) return false;
  }
  if (filters.types.length && !filters.types.includes(card.platformType)) return false;
  if (filters.connections.length && !filters.connections.includes(card.connectionType)) return false;
  return filters.capabilities.every((capability) => card.capabilities.includes(capability));
}

/** The cards that pass the filters, in their original order. */
export function filterIntegrations(cards: IntegrationCard[], filters: IntegrationFilters): IntegrationCard[] {
  return cards.filter((card) => matchesFilters(card, filters));
}

/** How many values are chosen across all kinds, counting the text as one. */
export function activeFilterCount(filters: IntegrationFilters): number {
  return (filters.q.trim() ? 1 : 0) + filters.types.length + filters.connections.length + filters.capabilities.length;
}

/** The filters with one value of a kind switched on or off. */
export function toggleFilter(filters: IntegrationFilters, kind: ListFilter, value: string): IntegrationFilters {
  const current = filters[kind];
  return {...filters, [kind]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value]};
}

/**
 * For each value of a kind, how many cards would be listed with that value
 * chosen, all other choices kept: the number a reader sees beside each option.
 */
export function optionCounts(cards: IntegrationCard[], filters: IntegrationFilters, kind: ListFilter, values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) {
    // Types and connections are either/or per card, so count with only this value chosen for the kind.
    const kindValues = kind === 'capabilities' ? [...new Set([...filters.capabilities, value])] : [value];
    counts[value] = filterIntegrations(cards, {...filters, [kind]: kindValues}).length;
  }
  return counts;
}

/** The values of a filter kind that at least one integration has, in the facet's order. */
export function offeredValues(cards: IntegrationCard[], kind: ListFilter, values: string[]): string[] {
  const counts = optionCounts(cards, noFilters, kind, values);
  return values.filter((value) => counts[value] > 0);
}

/**
 * What to change when nothing matches: one suggestion per filter kind that narrows the list. Ticking every platform
 * type (or both connection types) leaves out no integration, so it earns no suggestion.
 */
export function emptyStateHints(filters: IntegrationFilters, cards: IntegrationCard[]): string[] {
  const text = integrationsEmptyText;
  const leavesOut = (chosen: string[], valueOf: (card: IntegrationCard) => string) =>
    chosen.length > 0 && cards.some((card) => !chosen.includes(valueOf(card)));
  const hints: string[] = [];
  if (filters.q.trim()) hints.push(text.searchText(filters.q.trim()));
  if (leavesOut(filters.types, (card) => card.platformType)) {
    hints.push(filters.types.length === 1 ? text.otherType(filters.types[0]) : text.moreTypes);
  }
  if (leavesOut(filters.connections, (card) => card.connectionType)) hints.push(text.otherConnection);
  if (filters.capabilities.length > 1) hints.push(text.capabilities);
  else if (filters.capabilities.length) hints.push(text.oneCapability(filters.capabilities[0]));
  return hints;
}

/** "1 integration", "12 integrations". */
export function resultLabel(count: number): string {
  return `${count} integration${count === 1 ? '' : 's'}`;
}
