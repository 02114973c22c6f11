import {describe, expect, it} from 'vitest';
import {answerMarkdown} from './answer-markdown';

describe('copied answer', () => {
  it('is the answer, then its sources as absolute links titled as in the dialog', () => {
    const references = [
      {id: '/docs/authentication/personal-access-tokens#who-can-create-tokens', path: '/docs/authentication/personal-access-tokens', anchor: 'who-can-create-tokens', title: 'Personal Access Tokens › Who can create tokens'},
      {id: '/docs/x', path: '/docs/x', anchor: null, title: 'Brackets [and] more'},
    ];
    expect(answerMarkdown('Use **Settings**.\n', references, 'https://docs.example', 'Sources:')).toBe(
      'Use **Settings**.\n\nSources:\n' +
        '- [Personal Access Tokens › Who can create tokens](https://docs.example/docs/authentication/personal-access-tokens#who-can-create-tokens)\n' +
        '- [Brackets \\[and\\] more](https://docs.example/docs/x)\n',
    );
  });

  it('is the answer alone when there are no sources', () => {
    expect(answerMarkdown('Sorry.', [], 'https://docs.example', 'Sources:')).toBe('Sorry.\n');
  });
});
