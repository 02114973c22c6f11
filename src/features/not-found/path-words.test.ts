import {describe, expect, it} from 'vitest';
import {pathWords} from './path-words';

describe('pathWords', () => {
  it('turns a mistyped doc path into search words, without the segments every page shares', () => {
    expect(pathWords('/docs/generated/ingestion/sources/snowflak')).toBe('ingestion sources snowflak');
    expect(pathWords('/docs/quikstart')).toBe('quikstart');
    expect(pathWords('/docs/api/graphql/token_management.html')).toBe('api graphql token management');
  });

  it('decodes escapes and keeps a malformed one as written', () => {
    expect(pathWords('/docs/data%20products')).toBe('data products');
    expect(pathWords('/docs/bad%E0%A4%A')).toBe('bad%E0%A4%A');
  });

  it('is empty for the site root', () => {
    expect(pathWords('/')).toBe('');
  });
});
