import {describe, expect, it} from 'vitest';
import {checkQuestions, checkQuestionsFile, copiesEvaluation, normalise, questionsFileSchema, readEvaluationQuestions} from './check-questions';

const anchors = new Map([['/docs/quickstart', new Set(['', 'prerequisites', 'troubleshooting'])]]);
const evaluation = [{normal: normalise('How do I change the password of the default datahub admin user?'), tokens: new Set(['how', 'do', 'change', 'the', 'password', 'of', 'default', 'datahub', 'admin', 'user'])}];

describe('the questions each section answers', () => {
  it('names a route that is not a page, an anchor the page lacks, a repeated question and a copied evaluation question', () => {
    const file = questionsFileSchema.parse({
      '/docs/no-such-page': {'': ['Where is this page?']},
      '/docs/quickstart': {
        prerequisites: ['How much memory does it need?', 'how much memory does it NEED'],
        'step-9': ['Is there a ninth step?'],
        troubleshooting: ['How do I change the password of the default DataHub admin user'],
      },
    });
    expect(checkQuestionsFile('data/questions/x.yaml', file, anchors, evaluation).map((p) => p.message)).toEqual([
      expect.stringMatching(/\/docs\/no-such-page is not a doc route/),
      expect.stringMatching(/"how much memory does it NEED" is written twice/),
      expect.stringMatching(/\/docs\/quickstart#step-9 is not a section of the page/),
      expect.stringMatching(/is too close to a question of the evaluation sets/),
    ]);
  });

  it('refuses a paragraph for a question, an empty list and an anchor that is not one', () => {
    expect(questionsFileSchema.safeParse({'/docs/quickstart': {'': ['x'.repeat(221)]}}).success).toBe(false);
    expect(questionsFileSchema.safeParse({'/docs/quickstart': {prerequisites: []}}).success).toBe(false);
    expect(questionsFileSchema.safeParse({'/docs/quickstart': {'Prerequisites!': ['How much memory?']}}).success).toBe(false);
  });

  it('tells a reworded evaluation question from a different one', () => {
    const sets = readEvaluationQuestions(process.cwd());
    expect(sets.length).toBeGreaterThan(300);
    expect(copiesEvaluation('Which ports must be free for the quickstart?', evaluation)).toBeUndefined();
  });

  it('holds every questions file of the site to its pages and keeps the evaluation sets out', () => {
    const report = checkQuestions(process.cwd());
    expect(report.problems).toEqual([]);
    expect(report.coverage.reduce((n, c) => n + c.questions, 0)).toBeGreaterThan(0);
  });
});
