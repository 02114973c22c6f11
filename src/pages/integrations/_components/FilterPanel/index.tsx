import {memo, useId, useMemo, useState} from 'react';
import clsx from 'clsx';
import type {IntegrationCard, IntegrationFacets} from '@site/plugins/page-data/types';
import {CheckboxGroup} from '../CheckboxGroup';
import {activeFilterCount, noFilters, offeredValues, optionCounts, toggleFilter, type IntegrationFilters, type ListFilter} from '../filters';
import styles from './styles.module.css';

interface Props {
  cards: IntegrationCard[];
  facets: IntegrationFacets;
  filters: IntegrationFilters;
  onChange: (next: IntegrationFilters) => void;
}

const groups: Array<{kind: ListFilter; facet: keyof IntegrationFacets; legend: string; hint?: string}> = [
  {kind: 'types', facet: 'platformTypes', legend: 'Platform type'},
  {kind: 'connections', facet: 'connectionTypes', legend: 'Connection type', hint: 'Pull: DataHub reads the system. Push: the system sends metadata.'},
  {kind: 'capabilities', facet: 'capabilities', legend: 'Capabilities', hint: 'Lists integrations that support every capability you tick.'},
];

/** The search field and filter groups; on small screens the groups fold behind a button. Memoised like the cards. */
export const FilterPanel = memo(function FilterPanel({cards, facets, filters, onChange}: Props) {
  const [open, setOpen] = useState(false);
  // Values no integration has (a capability the registry names but no card claims) are never offered.
  const offered = useMemo(
    () => Object.fromEntries(groups.map(({kind, facet}) => [kind, offeredValues(cards, kind, facets[facet])])) as Record<ListFilter, string[]>,
    [cards, facets],
  );
  const id = useId();
  const active = activeFilterCount(filters);
  return (
    <search className={styles.panel} aria-label="Filter integrations">
      <label htmlFor={`${id}-q`} className={styles.searchLabel}>
        Search integrations
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className={styles.search}
        placeholder="Name or description"
        autoComplete="off"
        spellCheck={false}
        value={filters.q}
        onChange={(event) => onChange({...filters, q: event.target.value})}
      />
      <div className={styles.bar}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={`${id}-groups`} onClick={() => setOpen(!open)}>
          {open ? 'Hide filters' : 'Show filters'}
        </button>
        {active > 0 && (
          <button type="button" className={styles.clear} onClick={() => onChange(noFilters)}>
            Clear filters ({active})
          </button>
        )}
      </div>
      <div id={`${id}-groups`} className={clsx(styles.groups, !open && styles.folded)}>
        {groups.map((group) => (
          <CheckboxGroup
            key={group.kind}
            legend={group.legend}
            hint={group.hint}
            options={[...offered[group.kind], ...filters[group.kind].filter((value) => !offered[group.kind].includes(value))]}
            selected={filters[group.kind]}
            counts={optionCounts(cards, filters, group.kind, facets[group.facet])}
            onToggle={(value) => onChange(toggleFilter(filters, group.kind, value))}
          />
        ))}
      </div>
    </search>
  );
});
