import {siteSearchBackend} from '../search/site-backends';

export interface ClosestPage {
  url: string;
  title: string;
}

/** The page the search index ranks first for the words of a mistyped path (typos match fuzzily), or null. */
export async function closestPage(words: string): Promise<ClosestPage | null> {
  if (!words) return null;
  const {hits} = await siteSearchBackend().search(words, 1);
  const hit = hits[0];
  return hit ? {url: hit.pageUrl, title: hit.pageTitle} : null;
}
