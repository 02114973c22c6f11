import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {encodePostings} from '../../lib/search/engine';
import {readSiteTerms} from './site-terms';

describe('the site\'s words, for the report', () => {
  it('reads every term of the built search index', () => {
    const build = mkdtempSync(path.join(tmpdir(), 'site-terms-'));
    const postings = encodePostings([['kafka', {2: {0: 1, 3: 2}}], ['lineag', {0: {1: 1}}]]);
    writeFileSync(path.join(build, 'search-index.0123abcd.json'), JSON.stringify({engine: {postings}}));
    expect([...readSiteTerms(build)]).toEqual(['kafka', 'lineag']);
  });

  it('says what to do when there is no build, or the index is not one this version reads', () => {
    const none = path.join(tmpdir(), 'no-such-build-for-site-terms');
    expect(() => readSiteTerms(none)).toThrow(`the site's words could not be read from its search index in ${none}: No build in ${none}: run "npm run build" first`);
    const other = mkdtempSync(path.join(tmpdir(), 'site-terms-other-'));
    writeFileSync(path.join(other, 'search-index.0123abcd.json'), JSON.stringify({version: 99}));
    expect(() => readSiteTerms(other)).toThrow(/could not be read from its search index in .*\(rebuild the site with npm run build\)$/);
  });
});
