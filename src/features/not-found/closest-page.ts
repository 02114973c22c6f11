import type {SearchLexicon} from '../search/sharded-index';
import {localLexiconUrl, siteSearchBackend} from '../search/site-backends';
import {closestRoute} from './closest-route';
import {isClose} from './closeness';
import {pathWords} from './path-words';

export interface ClosestPage {
  url: string;
  title: string;
}

/** The indexed page whose route is a typo away from the path, from the local index's page list. */
async function routeNearby(pathname: string): Promise<ClosestPage | null> {
  const lexiconUrl = localLexiconUrl();
  if (!lexiconUrl) return null;
  const response = await fetch(lexiconUrl);
  if (!response.ok) throw new Error(`Search lexicon request for ${lexiconUrl} failed with HTTP ${response.status}`);
  const {pages} = (await response.json()) as Pick<SearchLexicon, 'pages'>;
  const url = closestRoute(pathname, pages.map(([pageUrl]) => pageUrl));
  const page = pages.find(([pageUrl]) => pageUrl === url);
  return page ? {url: page[0], title: page[2]} : null;
}

/**
 * The page a mistyped path most likely meant, by the search index: the indexed route a typo away from it, or else
 * the page ranked first for the path's words (typos match fuzzily there too) when its route or title is close to
 * them (`isClose`: the search always ranks something first, "/no-such-page" found "No-Code Metadata Modeling");
 * null otherwise.
 */
export async function closestPage(pathname: string): Promise<ClosestPage | null> {
  const nearby = await routeNearby(pathname);
  if (nearby) return nearby;
  const words = pathWords(pathname);
  if (!words) return null;
  const {hits} = await siteSearchBackend().search(words, 1);
  const page = hits[0] && {url: hits[0].pageUrl, title: hits[0].pageTitle};
  return page && isClose(words, page) ? page : null;
}
