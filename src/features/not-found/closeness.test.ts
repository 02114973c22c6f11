import {describe, expect, it} from 'vitest';
import {CLOSE_ENOUGH, closeness, isClose} from './closeness';
import {pathWords} from './path-words';

const snowflake = {url: '/docs/generated/ingestion/sources/snowflake', title: 'Snowflake'};
const noCode = {url: '/docs/advanced/no-code-modeling', title: 'No-Code Metadata Modeling'};
const pageTabs = {url: '/docs/how/ui-tabs-guide', title: 'Entity Page Tabs'};

describe('closeness', () => {
  it('offers the page an address names, typos and dropped folders included', () => {
    expect(isClose(pathWords('/docs/snowflak'), snowflake)).toBe(true);
    expect(isClose(pathWords('/docs/ingestion/snowflake'), snowflake)).toBe(true);
    expect(isClose(pathWords('/docs/generated/ingestion/sorces/snowflak'), snowflake)).toBe(true);
    expect(isClose(pathWords('/docs/metadata-modelling'), noCode)).toBe(true);
  });

  it('offers nothing for a made-up address whose first search hit shares only a short or common word', () => {
    // What the 404 page offered for /no-such-page before (issue 49), and what the index ranks first today.
    expect(closeness(pathWords('/no-such-page'), noCode)).toBeLessThan(CLOSE_ENOUGH);
    expect(closeness(pathWords('/no-such-page'), pageTabs)).toBeLessThan(CLOSE_ENOUGH);
    expect(isClose(pathWords('/docs/banana-bread'), snowflake)).toBe(false);
  });

  it('weighs the address\'s words by their letters', () => {
    expect(closeness('no such page', noCode)).toBeCloseTo(2 / 10);
    expect(closeness('snowflak setup', snowflake)).toBeCloseTo(8 / 13);
    expect(closeness('', snowflake)).toBe(0);
  });
});
