import {useCallback, useMemo} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {IntegrationFacets} from '@site/plugins/page-data/types';
import {filtersToSearch, noFilters, parseFilters, type IntegrationFilters} from './filters';

/**
 * The integrations filters, kept in the URL query so a view can be shared and
 * survives a reload. Changes replace the current history entry: typing in the
 * search field must not add an entry per keystroke.
 */
export function useIntegrationFilters(facets: IntegrationFacets): {
  filters: IntegrationFilters;
  setFilters: (next: IntegrationFilters) => void;
} {
  const location = useLocation();
  const history = useHistory();
  // The static HTML is rendered without a query; reading it only after hydration keeps both renders equal. Without a
  // query the filters stay the same object, so hydrating does not filter and render every card a second time.
  const isBrowser = useIsBrowser();
  const filters = useMemo(
    () => (isBrowser && location.search ? parseFilters(location.search, facets) : noFilters),
    [isBrowser, location.search, facets],
  );
  const setFilters = useCallback(
    (next: IntegrationFilters) => history.replace({pathname: location.pathname, search: filtersToSearch(next), hash: location.hash}),
    [history, location.pathname, location.hash],
  );
  return {filters, setFilters};
}
