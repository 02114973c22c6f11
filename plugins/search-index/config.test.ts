import {describe, expect, it} from 'vitest';
import {readSearchConfig} from './config';

describe('readSearchConfig', () => {
  it('uses the built-in index without Algolia variables', () => {
    expect(readSearchConfig({})).toEqual({algolia: null, externalUrlRegex: undefined});
  });

  it('switches to Algolia when all three variables are set', () => {
    expect(readSearchConfig({ALGOLIA_APP_ID: 'A', ALGOLIA_API_KEY: 'K', ALGOLIA_INDEX_NAME: 'I'}).algolia).toEqual({appId: 'A', apiKey: 'K', indexName: 'I'});
  });

  it('refuses a partial Algolia configuration and a bad URL pattern', () => {
    expect(() => readSearchConfig({ALGOLIA_APP_ID: 'A'})).toThrow(/Set all of ALGOLIA_APP_ID/);
    expect(() => readSearchConfig({SEARCH_EXTERNAL_URL_REGEX: '('})).toThrow();
  });
});
