import {describe, expect, it} from 'vitest';
import {queryTermsOf} from '../../lib/search/engine';
import {blockKind, featuredPassage, PASSAGE_MAX_WORDS} from './featured-passage';

const terms = (question: string) => new Set(queryTermsOf(question));
const words = (n: number, word = 'filler') => Array.from({length: n}, () => word).join(' ');

describe('featured passage', () => {
  it('tells code, lists, tables, quotes and paragraphs apart', () => {
    expect(['```bash\nls\n```', '1. One', '- a', '| a | b |\n| --- | --- |', '> note', 'Text.'].map(blockKind)).toEqual(['code', 'list', 'list', 'table', 'quote', 'paragraph']);
  });

  it('starts at the most relevant block and quotes numbered steps as a list', () => {
    const blocks = [
      `Tokens are described here. ${words(70)}.`,
      'To create a token:',
      '1. Open **Settings**.\n2. Choose **Access Tokens** and click **Generate new token**.\n3. Copy the token.',
      `Afterwards ${words(40)}.`,
    ];
    const passage = featuredPassage(blocks, terms('generate new token'), '/docs/t');
    expect(passage.startsWith('To create a token:\n\n1. Open **Settings**.\n2. Choose')).toBe(true);
  });

  it('reads identifiers by their parts, so the code that does what was asked can be the passage', () => {
    const mutation = '```graphql\nmutation addOwner {\n  addOwner(input: {ownerUrn: "urn:li:corpuser:jdoe", resourceUrn: "urn:li:dataset:x"})\n}\n```';
    const blocks = [mutation, 'To add a group instead, pass a group URN as `ownerUrn`.'];
    expect(featuredPassage(blocks, terms('add an owner with graphql'), '/docs/o').startsWith(mutation)).toBe(true);
  });

  it('quotes a code block whole and unchanged, with its language', () => {
    const code = '```yaml title="recipe.yml"\nsource:\n  type: snowflake\n  config:\n    account_id: "<account>"\n```';
    const passage = featuredPassage(['Run a recipe like this one:', code, 'Then check the UI.'], terms('snowflake recipe'), '/docs/r');
    expect(passage).toContain(code);
    expect(passage.startsWith('Run a recipe like this one:')).toBe(true);
  });

  it('cuts a long list between items and a long paragraph between sentences', () => {
    const list = Array.from({length: 40}, (_, i) => `- Item ${i} ${words(10)}`).join('\n');
    const cut = featuredPassage([list], terms('item'), '/docs/l');
    expect(cut.split(/\s+/).length).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    expect(cut.split('\n').every((line) => /^- Item \d+ /.test(line))).toBe(true);
    const paragraph = Array.from({length: 40}, (_, i) => `Sentence ${i} is about lineage ${words(6)}.`).join(' ');
    const sentences = featuredPassage([paragraph], terms('lineage'), '/docs/p');
    expect(sentences.endsWith('.')).toBe(true);
    expect(sentences.split(/\s+/).length).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
  });

  it('keeps a long table a table: its header and the rows about the question', () => {
    const rows = Array.from({length: 60}, (_, i) => `| option_${i} | ${i === 30 ? 'Sets the lineage mode' : words(6)} |`);
    const table = ['| Option | Meaning |', '| --- | --- |', ...rows].join('\n');
    const passage = featuredPassage([table], terms('lineage mode'), '/docs/t');
    expect(passage).toBe('| Option | Meaning |\n| --- | --- |\n| option_30 | Sets the lineage mode |');
  });

  it('shows placeholders in prose, drops admonition markers and points in-page links at the page', () => {
    const passage = featuredPassage([':::note\nReplace <token> with yours, see [below](#setup) and `<not-this>`.\n:::'], terms('token'), '/docs/a');
    expect(passage).toBe('Replace \\<token> with yours, see [below](/docs/a#setup) and `<not-this>`.');
  });

  it('leaves a code block exactly as written, even lines that look like admonitions or in-page links', () => {
    const code = '```md\n:::note\nSee [setup](#setup).\n:::\n```';
    expect(featuredPassage(['Write an admonition like this:', code], terms('admonition'), '/docs/a')).toBe(`Write an admonition like this:\n\n${code}`);
  });

  it('is empty for a section without text', () => {
    expect(featuredPassage([], terms('anything'), '/docs/x')).toBe('');
  });
});
