import {EmptyQuery} from '@site/src/features/search/SearchModal/EmptyQuery';
import {useSavedQueries} from '@site/src/features/search/use-saved-queries';

/** The search page before a query: what the modal offers then, loaded only when the page has no query. */
export default function EmptySearch({onRun}: {onRun: (query: string) => void}) {
  const saved = useSavedQueries();
  return <EmptyQuery saved={saved} onRun={onRun} heading="h2" />;
}
