import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSynonyms, SYNONYMS_FILE} from './synonyms';

function siteWith(yaml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'synonyms-'));
  mkdirSync(path.join(dir, 'data'));
  writeFileSync(path.join(dir, SYNONYMS_FILE), yaml);
  return dir;
}

describe('synonyms file', () => {
  it('compiles the repository\'s file: every entry has phrases to match and to add', () => {
    const table = loadSynonyms(path.resolve(__dirname, '../..'));
    expect(table.length).toBeGreaterThan(20);
    for (const entry of table) {
      expect(entry.inputs.every((p) => p.length > 0)).toBe(true);
      expect(entry.synonyms.length).toBeGreaterThan(0);
    }
  });

  it('reads equivalent lists and one-way entries', () => {
    const table = loadSynonyms(siteWith('- [sso, single sign-on]\n- {input: k8s, synonyms: [kubernetes]}\n'));
    expect(table).toEqual([
      {inputs: [['sso'], ['single', 'sign', 'on']], synonyms: [['sso'], ['single', 'sign', 'on']]},
      {inputs: [['k8s']], synonyms: [['kubernetes']]},
    ]);
  });

  it('fails with the file, the entry and the expected shape', () => {
    expect(() => loadSynonyms(siteWith('- [alone]\n'))).toThrow(/data\/search-synonyms\.yaml: .*entry 0.*at least two/);
    expect(() => loadSynonyms(siteWith('- {input: pat, synonym: [token]}\n'))).toThrow(/data\/search-synonyms\.yaml: entry 0/);
  });
});
