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

  it('lets a follow-up\'s own words choose the passage over the words it takes from earlier questions', () => {
    const blocks = [
      `A personal access token lets a script call the API as you. ${words(70)}.`,
      `To revoke a token, open Settings, choose Access Tokens and click Revoke next to it. ${words(60)}.`,
    ];
    const followUp = new Map([['revok', 1], ['token', 0.5], ['person', 0.5], ['access', 0.5], ['creat', 0.5]]);
    expect(featuredPassage(blocks, followUp, '/docs/t').startsWith('To revoke a token')).toBe(true);
    // Counted alike, the opening block (which holds more of the earlier words) would lead.
    expect(featuredPassage(blocks, new Set(followUp.keys()), '/docs/t').startsWith('A personal access token')).toBe(true);
  });

  it('never opens a passage with a block that needs the one before it', () => {
    const blocks = [
      `Send the request with curl. ${words(20)}.`,
      '```bash\ncurl -X POST http://localhost:8080/entities\n```',
      'Expected response:',
      '```json\n{"value": "urn:li:dataset:orders", "response": "ok"}\n```',
    ];
    expect(featuredPassage(blocks, terms('expected response urn dataset'), '/docs/r').startsWith('Send the request with curl.')).toBe(true);
    // With nothing before it in the section, a result is not quoted alone: the next start is, or nothing.
    expect(featuredPassage(blocks.slice(2), terms('expected response urn dataset'), '/docs/r')).toBe('');
    const withContext = featuredPassage([blocks[0], 'Expected response: the entity as JSON, for example `urn:li:dataset:orders` with its aspects.', words(10)], terms('expected response urn dataset entity'), '/docs/r');
    expect(withContext.startsWith('Send the request with curl.')).toBe(true);
  });

  it('quotes the next best passage when an earlier answer of the conversation already quoted the best one', () => {
    const blocks = [`To create a token, open Settings and choose Access Tokens. ${words(60)}.`, `Tokens expire after the duration you pick when you create a token. ${words(60)}.`];
    const first = featuredPassage(blocks, terms('create token'), '/docs/t');
    expect(first.startsWith('To create a token')).toBe(true);
    const second = featuredPassage(blocks, terms('create token'), '/docs/t', [`Here is what the docs say:\n\n${first}`]);
    expect(second.startsWith('Tokens expire')).toBe(true);
    expect(featuredPassage(blocks, terms('create token'), '/docs/t', [first, second])).toBe('');
  });
});
