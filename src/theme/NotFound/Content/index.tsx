// Swizzled (eject): the theme's not-found page only says the page is missing. This one offers ways back: the
// documentation home, a search for the words of the address, and the page the search index finds closest to it.
import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {notFoundText, paths} from '@site/src/site';
import type {ClosestPage} from '@site/src/features/not-found/closest-page';
import {pathWords} from '@site/src/features/not-found/path-words';

/**
 * The closest page by the search index, looked up after the page has rendered (the index loads on demand), and
 * whether the look-up is still running (`undefined` until it is done, `null` when no page is close).
 */
function useClosestPage(pathname: string | null): ClosestPage | null | undefined {
  const [closest, setClosest] = useState<ClosestPage | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setClosest(undefined);
    if (pathname === null) return undefined;
    import(/* webpackChunkName: "closest-page" */ '@site/src/features/not-found/closest-page')
      .then(({closestPage}) => closestPage(pathname))
      .then((page) => current && setClosest(page))
      // Without the index the page still offers the documentation home and the search page.
      .catch((error: unknown) => {
        console.error('Could not look up the closest page', error);
        if (current) setClosest(null);
      });
    return () => {
      current = false;
    };
  }, [pathname]);
  return closest;
}

export default function NotFoundContent({className}: Props): ReactNode {
  const {pathname} = useLocation();
  // The static 404.html is rendered for no particular address: the words are read once the page runs, so the first
  // render matches the HTML.
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => setAddress(pathname), [pathname]);
  const words = address === null ? '' : pathWords(address);
  const closest = useClosestPage(address);
  const searchHref = words ? `${paths.searchPage}?q=${encodeURIComponent(words)}` : paths.searchPage;
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            {notFoundText.title}
          </Heading>
          <p>{notFoundText.lead}</p>
          {/* Busy while the index is asked, so the region announces its outcome once (and tests know it is settled). */}
          <p aria-live="polite" aria-busy={closest === undefined}>
            {closest && (
              <>
                {notFoundText.closest} <Link to={closest.url}>{closest.title}</Link>
              </>
            )}
          </p>
          <ul>
            <li>
              <Link to={paths.docsHome}>{notFoundText.docsHome}</Link>
            </li>
            <li>
              <Link to={searchHref}>{words ? notFoundText.searchFor(words) : notFoundText.search}</Link>
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
