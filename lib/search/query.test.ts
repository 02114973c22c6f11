import {describe, expect, it} from 'vitest';
import {analyzeFollowUp, analyzeQuery, camelCaseParts, EARLIER_QUESTION_WEIGHT, queryLeaves, subjectTermsWithSynonyms, identifiersOf, productNamesOf} from './query';
import {compileSynonyms} from './synonyms';

const synonyms = compileSynonyms([
  ['sso', 'single sign-on'],
  ['pat', 'personal access token'],
  {input: 'k8s', synonyms: ['kubernetes']},
]);
const alternativesOf = (query: string) => analyzeQuery(query, synonyms).groups.map((g) => g.alternatives);

describe('query analysis', () => {
  it('drops question and filler words, and "set up", keeping the subject', () => {
    expect(analyzeQuery('How do I set up lineage for Snowflake?', []).subjectTerms).toEqual(['lineag', 'snowflak']);
    expect(analyzeQuery('what is the setup of the settings page', []).subjectTerms).toEqual(['setup', 'set', 'page']);
  });

  it('tells a question about what something is from one about which or how', () => {
    for (const question of ['What is a URN?', "what's an aspect", 'What are data products', 'explain stateful ingestion'])
      expect(analyzeQuery(question, []).asksDefinition, question).toBe(true);
    for (const question of ['What is the difference between tags and terms?', 'what is the default port of GMS', 'How do I create a URN?', 'which aspects does a chart have'])
      expect(analyzeQuery(question, []).asksDefinition, question).toBe(false);
  });

  it('reads a query naming code or a thing\'s members as a lookup, unless it asks for a task', () => {
    for (const query of ['make_dataset_urn function', 'DatasetPropertiesClass', 'dataJob aspects', 'corpuser key fields'])
      expect(analyzeQuery(query, []).intent, query).toBe('lookup');
    expect(analyzeQuery('How do I set include_view_lineage?', []).intent).toBe('task');
    expect(analyzeQuery('what is DataHub', []).intent).toBe('neutral');
  });

  it('tells a problem from a plain question', () => {
    for (const problem of ['Snowflake lineage not showing', 'ORA-12514 when ingesting Oracle', 'UI ingestion stuck in pending', 'GraphQL returns 401', 'users show up twice'])
      expect(analyzeQuery(problem, []).describesProblem, problem).toBe(true);
    for (const question of ['How do I set up lineage for Snowflake?', 'what is a URN', 'schedule ingestion with cron'])
      expect(analyzeQuery(question, []).describesProblem, question).toBe(false);
    // A follow-up that continues a problem describes it too; one with its own subject does not.
    expect(analyzeFollowUp('and for BigQuery?', ['Snowflake lineage is missing'], []).describesProblem).toBe(true);
    expect(analyzeFollowUp('How do I schedule the BigQuery recipe with cron?', ['Snowflake lineage is missing'], []).describesProblem).toBe(false);
  });

  it('keeps a query made only of filler words as typed', () => {
    expect(analyzeQuery('how to', []).subjectTerms).toEqual(['how']);
  });

  it('gives a word, or a phrase, its synonyms as alternatives', () => {
    expect(alternativesOf('SSO with Okta')).toEqual([[['SSO'], ['single', 'sign', 'on']], [['Okta']]]);
    expect(alternativesOf('create a personal access token')).toEqual([[['create']], [['personal', 'access', 'token'], ['pat']]]);
  });

  it('gives a camelCase name its words as an alternative, and leaves other words alone', () => {
    expect(alternativesOf('emit a ChangeEvent from a dataJob')).toEqual([[['emit']], [['ChangeEvent'], ['change', 'event']], [['dataJob'], ['data', 'job']]]);
    expect(alternativesOf('URN of a GraphQL type')).toEqual([[['URN']], [['GraphQL']], [['type']]]);
    expect(camelCaseParts('iPhone')).toEqual([]);
  });

  it('expands one-way synonyms only from their input', () => {
    expect(alternativesOf('k8s helm')).toEqual([[['k8s'], ['kubernetes']], [['helm']]]);
    expect(alternativesOf('kubernetes helm')).toEqual([[['kubernetes']], [['helm']]]);
  });

  it('reads whether a query asks for a task, a lookup or neither', () => {
    expect(analyzeQuery('How do I configure the Kafka sink?', []).intent).toBe('task');
    expect(analyzeQuery('ingestion fails with a 403', []).intent).toBe('task');
    expect(analyzeQuery('What fields does the dataset entity have?', []).intent).toBe('lookup');
    expect(analyzeQuery('glossary terms', []).intent).toBe('neutral');
  });

  it('completes only the last typed word as a prefix', () => {
    expect(queryLeaves(analyzeQuery('sso ok', synonyms))).toEqual([
      {term: 'sso', prefix: false},
      {term: 'singl', prefix: false},
      {term: 'sign', prefix: false},
      {term: 'ok', prefix: true},
    ]);
  });

  it('lists every term a question stands for, synonyms included', () => {
    expect([...subjectTermsWithSynonyms(analyzeQuery('revoke a PAT', synonyms))].sort()).toEqual(['access', 'pat', 'person', 'revok', 'token']);
  });
});

describe('follow-up questions', () => {
  const weights = (query: string, ...earlier: string[]) =>
    analyzeFollowUp(query, earlier, synonyms).groups.map((g) => [g.alternatives[0].join(' '), g.weight ?? 1]);

  it('reads a question without earlier ones exactly as on its own', () => {
    expect(analyzeFollowUp('How do I create a PAT?', [], synonyms)).toEqual(analyzeQuery('How do I create a PAT?', synonyms));
  });

  it('takes the object a pronoun refers to, not the earlier verb, at most of a subject\'s weight', () => {
    expect(weights('How do I revoke it?', 'How do I create a personal access token?')).toEqual([
      ['revoke', 1],
      ['personal access token', EARLIER_QUESTION_WEIGHT.refersTo],
    ]);
  });

  it('continues an earlier question with a new subject, keeping its intent', () => {
    const followUp = analyzeFollowUp('And for BigQuery?', ['How do I set up lineage for Snowflake?'], synonyms);
    expect(followUp.intent).toBe('task');
    expect(weights('And for BigQuery?', 'How do I set up lineage for Snowflake?')).toEqual([
      ['BigQuery', 1],
      ['lineage', EARLIER_QUESTION_WEIGHT.pointsBack],
      ['Snowflake', EARLIER_QUESTION_WEIGHT.pointsBack],
    ]);
  });

  it('lets a question with its own subjects stand almost alone', () => {
    expect(weights('What is a glossary term?', 'How do I set up lineage for Snowflake?')).toEqual([
      ['glossary', 1],
      ['term', 1],
      ['lineage', EARLIER_QUESTION_WEIGHT.standsAlone],
      ['Snowflake', EARLIER_QUESTION_WEIGHT.standsAlone],
    ]);
  });

  it('takes every subject from the earlier questions when the follow-up has none, the older the less', () => {
    expect(weights('Why?', 'Which emitter for Kafka?', 'Should I use the REST emitter?')).toEqual([
      ['REST', EARLIER_QUESTION_WEIGHT.pointsBack],
      ['emitter', EARLIER_QUESTION_WEIGHT.pointsBack],
      ['Kafka', EARLIER_QUESTION_WEIGHT.pointsBack / 2],
    ]);
  });
});

describe('names and identifiers a question quotes', () => {
  it('reads identifiers, dotted names, error codes and quoted text as whole phrases', () => {
    expect(identifiersOf('KAFKA_CONSUMER_GROUP_ID changes nothing')).toEqual([['kafka', 'consum', 'group', 'id']]);
    expect(identifiersOf('passing sasl.jaas.config to values')).toEqual([['sasl', 'jaa', 'config']]);
    expect(identifiersOf('Getting "KeyError: \'source\'" while ingesting')).toEqual([['keyerr', 'sourc']]);
    expect(identifiersOf('plain words only')).toEqual([]);
  });

  it('takes capitalised words inside a sentence, and camelCase words outside an error report, as possible product names', () => {
    expect(productNamesOf('How do I install OpenMetadata with Docker?')).toEqual(['OpenMetadata', 'Docker']);
    expect(productNamesOf('Ingest failed: validation error for PipelineConfig')).toEqual([]);
    expect(productNamesOf('Snowflake tables are missing. Lineage is empty')).toEqual([]);
  });
});
