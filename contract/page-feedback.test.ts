import {describe, expect, it} from 'vitest';
import {normalisePagePath, PAGE_FEEDBACK_COMMENT_MAX_LENGTH, pageFeedbackAmendFilterSchema, pageFeedbackAmendSchema, pageFeedbackSchema} from './page-feedback';

const schema = pageFeedbackSchema(new Set(['/docs/quickstart', '/docs/features']));
const firstIssue = (body: unknown) => {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `${issue.path.join('.') || 'body'}: ${issue.message}`;
};

describe('page feedback body', () => {
  it('accepts a doc route with or without its trailing slash, and stores it without', () => {
    expect(schema.parse({page: '/docs/quickstart/', helpful: true})).toEqual({page: '/docs/quickstart', helpful: true});
    expect(schema.parse({page: '/docs/features', helpful: false, comment: '  Step 3 fails  '})).toEqual({page: '/docs/features', helpful: false, comment: 'Step 3 fails'});
    expect(normalisePagePath('/')).toBe('/');
  });

  it('checks the page against the routes it is given, and nothing else', () => {
    expect(pageFeedbackSchema(new Set(['/docs/other'])).safeParse({page: '/docs/other', helpful: true}).success).toBe(true);
    for (const page of ['/docs/nowhere', '/docs/quickstart//', '/docs/Quickstart', '/docs/quickstart?x=1', 'https://example.com/docs/quickstart', '']) {
      expect(firstIssue({page, helpful: true})).toMatch(/^page: page must be the path of one of the site's doc pages/);
    }
  });

  it('keeps comments up to the limit, trimmed, and drops an empty one', () => {
    const longest = 'x'.repeat(PAGE_FEEDBACK_COMMENT_MAX_LENGTH);
    expect(schema.parse({page: '/docs/features', helpful: true, comment: ` ${longest} `}).comment).toBe(longest);
    expect(schema.parse({page: '/docs/features', helpful: true, comment: '   '})).toEqual({page: '/docs/features', helpful: true});
    expect(firstIssue({page: '/docs/features', helpful: true, comment: `${longest}x`})).toBe('comment: comment must be at most 500 characters');
    expect(firstIssue({page: '/docs/features', helpful: true, comment: 'a\u0000b'})).toMatch(/^comment: comment must not contain NUL/);
  });

  it('names the field of a wrong type, a missing field or an extra one', () => {
    expect(firstIssue({page: '/docs/features', helpful: 'yes'})).toMatch(/^helpful: /);
    expect(firstIssue({page: '/docs/features'})).toMatch(/^helpful: /);
    expect(firstIssue({page: 42, helpful: true})).toMatch(/^page: /);
    expect(firstIssue({page: '/docs/features', helpful: true, comment: 7})).toMatch(/^comment: /);
    expect(firstIssue({page: '/docs/features', helpful: true, rating: 5})).toMatch(/^body: .*"rating"/);
    expect(firstIssue([])).toMatch(/^body: /);
  });

  it('takes a vote\'s random id, and for its comment the id as PostgREST\'s filter and the comment alone', () => {
    const id = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f';
    expect(schema.parse({page: '/docs/features', helpful: true, vote_id: id})).toEqual({page: '/docs/features', helpful: true, vote_id: id});
    expect(firstIssue({page: '/docs/features', helpful: true, vote_id: 'guessable'})).toMatch(/^vote_id: vote_id must be a random version-4 UUID/);
    expect(firstIssue({page: '/docs/features', helpful: true, vote_id: id.toUpperCase()})).toMatch(/^vote_id: /);
    expect(pageFeedbackAmendFilterSchema.parse({vote_id: `eq.${id}`})).toEqual({vote_id: id});
    expect(pageFeedbackAmendSchema.parse({comment: '  Step 3 fails  '})).toEqual({comment: 'Step 3 fails'});
    expect(pageFeedbackAmendSchema.safeParse({comment: ' '}).error?.issues[0].message).toMatch(/^comment must not be empty/);
    expect(pageFeedbackAmendSchema.safeParse({comment: 'x', helpful: false}).error?.issues[0].message).toBe('only comment can be added to a vote; remove "helpful"');
  });
});
