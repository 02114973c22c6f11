import {describe, expect, it} from 'vitest';
import {createSqliteStore} from '../../../server/query-log/sqlite-store';
import {startQueryLogApi} from '../../../server/query-log/test-app';
import {sendComment, sendVote} from './send-feedback';
import {newVoteId} from './vote-id';

const ANON = 'anon-key-for-tests';

describe('sending page feedback to the real API', () => {
  it('stores a vote when it is sent, then its comment in the same row; a refusal throws with the status', async () => {
    const store = createSqliteStore(':memory:');
    const {app, origin} = await startQueryLogApi(store, ANON);
    const config = {url: `${origin}/rest/v1/page_feedback`, anonKey: ANON};
    try {
      const voteId = newVoteId();
      await sendVote(config, {page: '/docs/features', helpful: false, vote_id: voteId});
      expect((await store.report(new Date(0))).pageRatings).toEqual([{page: '/docs/features', yes: 0, no: 1, noShare: 1}]);
      await sendComment(config, voteId, {comment: 'Needs an example'});
      const report = await store.report(new Date(0));
      expect(report.pageRatings).toEqual([{page: '/docs/features', yes: 0, no: 1, noShare: 1}]);
      expect(report.latestComments.map((p) => p.comments.map((c) => c.comment))).toEqual([['Needs an example']]);
      await expect(sendComment(config, newVoteId(), {comment: 'x'})).rejects.toThrow(/answered 404$/);
      await expect(sendVote({...config, anonKey: 'wrong'}, {page: '/docs/features', helpful: true})).rejects.toThrow(/answered 401$/);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
