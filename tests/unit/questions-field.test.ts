import {describe, expect, it} from 'vitest';
import {buildSearchIndex, loadSearchIndex} from '../../lib/search/engine';
import {createLexicalRetriever} from '../../lib/search/retrieval';
import type {Section} from '../../lib/search/types';
import {attachQuestions} from '../../plugins/search-index/questions';
import {chatDefaults} from '../../src/site';

const section = (url: string, title: string, heading: string | null, text: string, questions?: string[]): Section => ({
  id: url, url, hierarchy: ['Guides', title, heading, null, null, null, null], text, language: 'en', docsTag: 'docs-default-current', pageKind: 'guide',
  ...(questions && {questions}),
});

// The executor section never says "stuck" or "hangs": only the questions written for it do.
const sections: Section[] = [
  section('/docs/ui-ingestion', 'UI Ingestion', null, 'Create ingestion sources in the web app and run them on a schedule or on demand.'),
  section('/docs/ui-ingestion#troubleshooting', 'UI Ingestion', 'Troubleshooting', 'A run that stays Pending means the actions container that executes ingestion requests is not running or cannot reach Kafka. Start the datahub-actions container and check its logs.', [
    'ingestion run stuck in pending forever',
    'manual ingestion hangs and never starts',
  ]),
  section('/docs/quickstart', 'Quickstart', null, 'Start DataHub on your laptop with Docker and the datahub CLI.'),
  section('/docs/quickstart#reset', 'Quickstart', 'Reset', 'Remove every container and volume to start from an empty instance.', [
    'forgot my password for the github account',
  ]),
  section('/docs/tokens', 'Access tokens', null, 'Personal access tokens authenticate API calls.'),
];
const questionsOff = sections.map(({questions: _q, ...s}) => s);
const {sectionsMatchThreshold: threshold} = chatDefaults;

describe('the questions written for a section', () => {
  it('lead the search box to the section whose own text lacks the reader\'s word', () => {
    expect(loadSearchIndex(buildSearchIndex(sections)).search('stuck')[0]?.url).toBe('/docs/ui-ingestion#troubleshooting');
    expect(loadSearchIndex(buildSearchIndex(questionsOff)).search('stuck')).toEqual([]);
  });

  it('lead the chat from a symptom to the section that explains it', async () => {
    const found = await createLexicalRetriever(sections).retrieve('ui ingestion stuck in pending', {count: 3, threshold});
    expect(found[0]?.section.url).toBe('/docs/ui-ingestion#troubleshooting');
  });

  it('do not answer on their own a question no page is about', async () => {
    const prompt = 'I forgot my github account password';
    expect(loadSearchIndex(buildSearchIndex(sections)).search(prompt)[0]?.url).toBe('/docs/quickstart#reset');
    expect(await createLexicalRetriever(sections).retrieve(prompt, {count: 3, threshold})).toEqual([]);
  });

  it('are attached to the section their anchor names, the opening for an empty anchor', () => {
    const attached = attachQuestions(questionsOff, [{questions: {'/docs/tokens': {'': ['how do I get an api token']}, '/docs/quickstart': {reset: ['wipe my local instance']}}}]);
    expect(attached.find((s) => s.url === '/docs/tokens')?.questions).toEqual(['how do I get an api token']);
    expect(attached.find((s) => s.url === '/docs/quickstart#reset')?.questions).toEqual(['wipe my local instance']);
    expect(attached.filter((s) => s.questions).length).toBe(2);
  });
});
