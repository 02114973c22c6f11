import {describe, expect, it} from 'vitest';
import {closestRoute, editDistance} from './closest-route';

const routes = ['/docs/quickstart', '/docs/generated/ingestion/sources/snowflake', '/docs/generated/ingestion/sources/snowflake-summary', '/docs/tags', '/integrations'];

describe('closestRoute', () => {
  it('finds the route a path with a typo meant', () => {
    expect(closestRoute('/docs/quikstart', routes)).toBe('/docs/quickstart');
    expect(closestRoute('/docs/generated/ingestion/sources/snowflak', routes)).toBe('/docs/generated/ingestion/sources/snowflake');
    expect(closestRoute('/Docs/QuickStart/', routes)).toBe('/docs/quickstart');
    expect(closestRoute('/integration.html', routes)).toBe('/integrations');
  });

  it('gives nothing when no route is a typo away', () => {
    expect(closestRoute('/docs/kubernetes-operators', routes)).toBeNull();
    expect(closestRoute('/docs/x', routes)).toBeNull();
  });

  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});
