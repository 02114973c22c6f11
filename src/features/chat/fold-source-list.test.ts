import {describe, expect, it} from 'vitest';
import {foldSourceList} from './fold-source-list';

const references = ['/docs/authentication/personal-access-tokens#create-a-token', '/docs/authorization/policies'];
const body = 'Open **Settings** and choose [Access Tokens](/docs/authentication/personal-access-tokens#create-a-token).';

describe('foldSourceList', () => {
  it('drops a closing list of sources that only names referenced pages, keeping links in the sentences', () => {
    const answer = `${body}\n\nSources:\n- [Personal Access Tokens](/docs/authentication/personal-access-tokens)\n- [Policies](/docs/authorization/policies#privileges)\n`;
    expect(foldSourceList(answer, references)).toBe(body);
  });

  it('drops the heading forms models write: bold, Markdown heading, numbered items, one line of links', () => {
    expect(foldSourceList(`${body}\n\n**References:**\n\n1. [Policies](/docs/authorization/policies)`, references)).toBe(body);
    expect(foldSourceList(`${body}\n\n### Sources\n* [Tokens](/docs/authentication/personal-access-tokens) - how to create one`, references)).toBe(body);
    expect(foldSourceList(`${body}\n\nSources: [Tokens](/docs/authentication/personal-access-tokens), [Policies](/docs/authorization/policies)`, references)).toBe(body);
  });

  it('keeps a list that names a page the references do not list, and lists that are not about sources', () => {
    const other = `${body}\n\nSources:\n- [Policies](/docs/authorization/policies)\n- [Lineage](/docs/lineage)`;
    expect(foldSourceList(other, references)).toBe(other);
    const steps = `Steps:\n- [Policies](/docs/authorization/policies)`;
    expect(foldSourceList(steps, references)).toBe(steps);
    expect(foldSourceList(body, references)).toBe(body);
  });

  it('changes nothing without references (the list is then the only place a page is named)', () => {
    const answer = `${body}\n\nSources:\n- [Policies](/docs/authorization/policies)`;
    expect(foldSourceList(answer, [])).toBe(answer);
  });
});
