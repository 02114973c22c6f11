// Stands in for @docusaurus/theme-common/lib/utils/reactUtils.js (swapped in by ./index.ts): every export of the
// original, with useShallowMemoObject ordering keys by code unit instead of String.prototype.localeCompare. The
// first localeCompare call of a page builds an ICU collator, about 40 ms of main thread even without CPU throttling,
// and doc pages made that call while hydrating (the mobile menu's sidebar, every code block). Keys only need a
// stable order here, not a linguistic one.
import {useMemo} from 'react';

// The query keeps this import of the original from matching the replacement rule (see ./index.ts).
// eslint-disable-next-line import/export -- useShallowMemoObject below replaces the original's export of that name
export * from '@docusaurus/theme-common/react-utils-original?original';

const byKey = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);

export function useShallowMemoObject(obj) {
  const deps = Object.entries(obj).sort(byKey);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the object is memoised on its sorted entries
  return useMemo(() => obj, deps.flat());
}
