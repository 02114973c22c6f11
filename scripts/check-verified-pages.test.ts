import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {checkSite, checkVerifiedPages, proseWords} from './check-verified-pages';

const HEADER = 'route\trelease_files\tresult\tnotes';
const record = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
const SAMPLE = [
  '---', 'title: Not counted', '---',
  'import Tabs from \'@theme/Tabs\';',
  'Run `datahub ingest` on v0.10.5.', // datahub ingest on v0 10 5 → 6 + Run = 7
  '<!-- a comment of many words -->',
  '<Tabs groupId="x"><TabItem value="y">Inside</TabItem></Tabs>', // Inside → 1
  'See [the guide](/docs/how/delete-metadata) and ![a chart](./img.png) or [that][ref].', // See the guide and a chart or that → 8
  '[ref]: https://example.com/not/counted',
  '  ```yaml', '  source: not counted', '  ```',
  '~~~', 'also not counted', '~~~',
  'snake_case café', // snake case café → 3
].join('\n');
const WORDS = 'release_file\twords\ndocs/a.md\t100\ndocs/b.md\t40\nmetadata-service/x.java\t3\n';
const input = (text: string, pageWords: Record<string, number> = {'/docs/a': 80, '/docs/b': 15}) => ({
  handRoutes: ['/docs/a', '/docs/b'],
  record: text,
  releaseWords: WORDS,
  pageWords: (route: string) => pageWords[route] ?? null,
});

describe('proseWords', () => {
  it('counts runs of letters and digits of the prose, not front matter, code, comments, tags or link targets', () => {
    expect(proseWords(SAMPLE)).toBe(19);
    expect(proseWords('```\nan unclosed fence hides the rest\n')).toBe(0);
  });

  it('agrees with scripts/reference/count_release_words.py, which counts the release\'s files', () => {
    const files = readdirSync('docs/advanced').filter((f) => /\.mdx?$/.test(f)).slice(0, 5).map((f) => `docs/advanced/${f}`);
    const texts = [SAMPLE, ...files.map((f) => readFileSync(f, 'utf8'))];
    // One Python process counts every text (a JSON list on stdin) with the script's own prose_words.
    const program = 'import json, sys; sys.path.insert(0, "scripts/reference"); from count_release_words import prose_words; print(json.dumps([prose_words(t) for t in json.load(sys.stdin)]))';
    const counted = spawnSync('python3', ['-c', program], {input: JSON.stringify(texts), encoding: 'utf8'});
    if (counted.error) return; // no Python here: the rule is still pinned by the case above
    expect(counted.status, counted.stderr).toBe(0);
    expect(JSON.parse(counted.stdout)).toEqual(texts.map(proseWords));
  });
});

describe('checkVerifiedPages', () => {
  it('accepts a complete record in any order and counts its results', () => {
    const {problems, summary} = checkVerifiedPages(input(record(
      '/docs/b\tdocs/b.md\tfilled\tadded the options table; shorter: the release page repeats the table of /docs/a',
      '/docs/a\tdocs/a.md;metadata-service/x.java\taccurate\t',
    )));
    expect(problems).toEqual([]);
    expect(summary).toEqual({rows: 2, results: {accurate: 1, corrected: 0, filled: 1}, underHalfWithNote: 1, underHalfWithoutNote: 0});
  });

  it('accepts `-` for a page the release has no counterpart of', () => {
    expect(checkVerifiedPages(input(record('/docs/a\t-\taccurate\t', '/docs/b\tdocs/b.md\tcorrected\tfixed the port'), {'/docs/a': 1, '/docs/b': 30})).problems).toEqual([]);
  });

  it('fails on a missing, doubled or unknown route, a bad result, an uncounted file and a short page without a note', () => {
    const {problems, summary} = checkVerifiedPages(input(record(
      '/docs/a\tdocs/a.md\taccurate\t',
      '/docs/a\tdocs/a.md\tcorrected\t',
      '/docs/c\tdocs/c.md\tchecked\tlooked at it',
      'only two\tcolumns',
    ), {'/docs/a': 30}));
    expect(problems).toEqual([
      expect.stringMatching(/:5: 2 columns, expected 4/),
      expect.stringMatching(/:2: \/docs\/a has 30 words, under half of docs\/a\.md's 100: fill the page or say why/),
      expect.stringMatching(/:3: a second row for \/docs\/a \(the first is line 2\)/),
      expect.stringMatching(/:3: a corrected without notes/),
      expect.stringMatching(/:3: \/docs\/a has 30 words/),
      expect.stringMatching(/:4: \/docs\/c is not a hand-written route of data\/routes.tsv, nor one written from a data file/),
      expect.stringMatching(/:4: result "checked" is not one of accurate, corrected, filled/),
      expect.stringMatching(/:4: docs\/c\.md has no word count/),
      expect.stringMatching(/no row for \/docs\/b$/),
    ]);
    expect(summary.underHalfWithoutNote).toBe(2);
  });

  it('fails without the header', () => {
    expect(checkVerifiedPages(input('/docs/a\tdocs/a.md\taccurate\t\n')).problems).toEqual([
      expect.stringMatching(/first line must be the header/), expect.stringMatching(/no row for \/docs\/a$/), expect.stringMatching(/no row for \/docs\/b$/),
    ]);
  });
});

describe('the site\'s record', () => {
  it('has one row for every hand-written page, each checked against the release', () => {
    const {problems, summary} = checkSite(process.cwd());
    expect(problems).toEqual([]);
    expect(summary.rows).toBeGreaterThan(200);
  });
});
