/**
 * Command-line tools that read the production build, run as maintaining/commands.md shows them. Here rather than among the unit
 * tests because they need build/, which `npm test` makes beside the unit tests.
 */
import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';

describe('npm run search', () => {
  it('prints parseable JSON on stdout with --json under npm run -s (npm\'s banner is what -s leaves out)', () => {
    const result = spawnSync('npm', ['run', '-s', 'search', '--', 'kafka', '--json'], {encoding: 'utf8', timeout: 120_000});
    expect(result.status, result.stderr).toBe(0);
    const hits = JSON.parse(result.stdout) as {url: string; title: string; heading: string; score: number}[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((hit) => hit.url.startsWith('/docs/') && /kafka/i.test(`${hit.title} ${hit.heading}`))).toBe(true);
  }, 150_000);
});
