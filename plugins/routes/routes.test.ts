import {describe, expect, it} from 'vitest';
import {readRoutes} from '.';

describe('readRoutes', () => {
  it('parses rows and skips comments', () => {
    expect(readRoutes('# comment\n/docs/a\toverview\thand\n/docs/b/c\tnone\tdata\n')).toEqual([
      {path: '/docs/a', sidebar: 'overview', origin: 'hand'},
      {path: '/docs/b/c', sidebar: 'none', origin: 'data'},
    ]);
  });

  it('names the line of a bad row', () => {
    expect(() => readRoutes('/docs/a\tsome\thand')).toThrow(/line 1: sidebar/);
    expect(() => readRoutes('/Docs/A\toverview\thand')).toThrow(/line 1: path/);
  });
});
