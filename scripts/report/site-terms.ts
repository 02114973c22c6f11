import {decodePostings} from '../../lib/search/engine';
import {readBuiltIndex} from '../search';

/**
 * Every term some page of the site holds, read from the build's search index (the terms the search matches, stemmed
 * as a question's subject terms are). The report uses them to set apart questions about something else.
 * Throws, with what to do, when `buildDir` holds no readable index.
 */
export function readSiteTerms(buildDir: string): ReadonlySet<string> {
  let postings: string;
  try {
    postings = readBuiltIndex(buildDir).engine.postings;
  } catch (error) {
    // readBuiltIndex says what to run when there is no build; anything else is a build of another version.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the site's words could not be read from its search index in ${buildDir}: ${reason}${/npm run build/.test(reason) ? '' : ' (rebuild the site with npm run build)'}`);
  }
  return new Set(decodePostings(postings).map(([term]) => term));
}
