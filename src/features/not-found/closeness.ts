import {editDistance} from './closest-route';

/** A page a mistyped address may have meant: its route and title, as the search index lists them. */
export interface CandidatePage {
  url: string;
  title: string;
}

/**
 * Least closeness for the search's first page to be offered: at least half the address's letters name the page.
 * Measured on the built index (issue 49): of 309 variants of real routes that `closestRoute` does not catch (folders
 * dropped or changed, a typo in every word), 113 find the page they came from; at 0.5, 106 of those are offered,
 * while of 30 made-up addresses only "/hello-world" (Hello World Action) and "/test" (the Test entity), both real
 * pages, pass. "/no-such-page" scores 0.40 ("page" alone), "/docs/cats-and-dogs" 0.36, the other 26 score 0.
 */
export const CLOSE_ENOUGH = 0.5;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether two words are the same but for a typo: at most one edit in three letters, as `closestRoute` allows. */
function sameWord(typed: string, known: string): boolean {
  if (typed === known) return true;
  const allowed = Math.floor(Math.min(typed.length, known.length) / 3);
  return allowed > 0 && editDistance(typed, known) <= allowed;
}

/**
 * How much of a mistyped address names a page, from 0 to 1: the share of the address's letters in words that are,
 * but for a typo, words of the page's route or title. Long words weigh more than short ones ("no" in "/no-such-page"
 * says little), so a page that shares only a short word with the address stays far from it.
 */
export function closeness(addressWords: string, page: CandidatePage): number {
  const typed = words(addressWords);
  const known = [...new Set([...words(page.url), ...words(page.title)])];
  const letters = typed.reduce((sum, word) => sum + word.length, 0);
  if (letters === 0) return 0;
  const matched = typed.filter((word) => known.some((k) => sameWord(word, k))).reduce((sum, word) => sum + word.length, 0);
  return matched / letters;
}

/** Whether a page is close enough to an address to be offered as the page it meant. */
export const isClose = (addressWords: string, page: CandidatePage): boolean => closeness(addressWords, page) >= CLOSE_ENOUGH;
